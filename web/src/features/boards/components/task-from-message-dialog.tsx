import type { Message } from '#shared/messages';
import { useChannel } from '@/features/channels';
import { TaskDialog } from './task-dialog';

interface TaskFromMessageDialogProps {
  message: Pick<Message, 'id' | 'channelId' | 'content'>;
  /** A due date to start with (yyyy-MM-dd). */
  dueDate?: string;
  onClose: () => void;
}

/** "Créer une tâche" on a message: the task dialog, filled from the message and linked to it. */
export function TaskFromMessageDialog({ message, dueDate, onClose }: TaskFromMessageDialogProps) {
  const channel = useChannel(message.channelId);
  return (
    <TaskDialog
      mode={{
        kind: 'message',
        channelId: message.channelId,
        messageId: message.id,
        content: message.content,
        dueDate,
      }}
      members={channel.data?.members ?? []}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
    />
  );
}
