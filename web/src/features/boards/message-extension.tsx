import { SquareKanbanIcon } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import type { Message } from '#shared/messages';
import type { MessageExtension, MessageExtensionProps } from '@/lib/message-extensions';
import { useMessageTasks } from './api/get-message-tasks';

const TaskFromMessageDialog = lazy(() =>
  import('./components/task-from-message-dialog').then((m) => ({
    default: m.TaskFromMessageDialog,
  })),
);

/** The list of each task made from the message, kept live by the board events. */
function TaskChips({ message }: MessageExtensionProps) {
  const { t } = useTranslation();
  const tasks = useMessageTasks(message.channelId, message.id).data ?? [];
  if (tasks.length === 0) return null;
  return (
    <ul className="mt-1 flex flex-wrap gap-1.5">
      {tasks.map((task) => (
        <li
          key={task.taskId}
          className="inline-flex items-center gap-1 rounded-md border bg-card px-1.5 py-0.5 text-muted-foreground text-xs"
          title={t('kanban.message.chipLabel', { list: task.listName })}
        >
          <SquareKanbanIcon className="size-3 text-primary" aria-hidden />
          <span className="sr-only">{t('kanban.message.chipLabel', { list: task.listName })}</span>
          <span aria-hidden>{task.listName}</span>
        </li>
      ))}
    </ul>
  );
}

/** "Créer une tâche": the dialog loads on demand. */
function CreateTaskDialog({ message, onClose }: { message: Message; onClose: () => void }) {
  return (
    <Suspense fallback={null}>
      <TaskFromMessageDialog message={message} onClose={onClose} />
    </Suspense>
  );
}

/** The board side of a message (lib/message-extensions.ts): its task chips and "Créer une tâche". */
export const boardsMessageExtension: MessageExtension = {
  id: 'boards',
  Chips: TaskChips,
  actions: [
    {
      id: 'create-task',
      labelKey: 'kanban.message.createTask',
      icon: SquareKanbanIcon,
      Dialog: CreateTaskDialog,
    },
  ],
};
