import { SquareKanbanIcon } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Message } from '#shared/messages';
import { useMessageTasks } from '../api/get-message-tasks';

const TaskFromMessageDialog = lazy(() =>
  import('../components/task-from-message-dialog').then((m) => ({
    default: m.TaskFromMessageDialog,
  })),
);

/**
 * The board side of a message, for the messages feature: `startTask` opens "Créer une
 * tâche" (the dialog loads on demand), `dialog` is where it renders, and `chips` shows the
 * list of each task made from the message, kept live by the board events.
 */
export function useMessageTask(message: Pick<Message, 'id' | 'channelId' | 'content'>) {
  const { t } = useTranslation();
  const [creating, setCreating] = useState(false);
  const tasks = useMessageTasks(message.channelId, message.id).data ?? [];
  const dialog = creating ? (
    <Suspense fallback={null}>
      <TaskFromMessageDialog message={message} onClose={() => setCreating(false)} />
    </Suspense>
  ) : null;
  const chips =
    tasks.length === 0 ? null : (
      <ul className="mt-1 flex flex-wrap gap-1.5">
        {tasks.map((task) => (
          <li
            key={task.taskId}
            className="inline-flex items-center gap-1 rounded-md border bg-card px-1.5 py-0.5 text-muted-foreground text-xs"
            title={t('kanban.message.chipLabel', { list: task.listName })}
          >
            <SquareKanbanIcon className="size-3 text-primary" aria-hidden />
            <span className="sr-only">
              {t('kanban.message.chipLabel', { list: task.listName })}
            </span>
            <span aria-hidden>{task.listName}</span>
          </li>
        ))}
      </ul>
    );
  return {
    startTask: () => setCreating(true),
    dialog,
    chips,
    label: t('kanban.message.createTask'),
  };
}
