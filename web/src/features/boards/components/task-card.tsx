import { useSortable } from '@dnd-kit/sortable';
import type { TFunction } from 'i18next';
import { CalendarIcon, CircleCheckIcon, MessageSquareTextIcon } from 'lucide-react';
import { type KeyboardEvent, memo } from 'react';
import type { Task } from '#shared/boards';
import type { User } from '#shared/users';
import { UserAvatar } from '@/components/user-avatar';
import { cn } from '@/lib/utils';
import { type DndData, taskDndId, translate } from '../lib/dnd';
import { isOverdue, shortDueDate } from '../lib/due-date';

/** What every card needs from i18next, passed down once: no hook per card among hundreds. */
export interface CardText {
  t: TFunction;
  displayName: (user: User) => string;
}

interface TaskCardBodyProps {
  task: Task;
  assignee: User | undefined;
  today: string;
  text: CardText;
}

/**
 * What a card shows (docs/product.md §2.7, docs/boards.md): title, labels, due date ("12 mars", red when overdue) and
 * the assignee's avatar. Memoized: a board of 500 cards re-renders only the cards that changed.
 */
export const TaskCardBody = memo(function TaskCardBody({
  task,
  assignee,
  today,
  text,
}: TaskCardBodyProps) {
  const { t, displayName } = text;
  const done = task.completedAt !== null;
  const overdue = !done && task.dueDate !== null && isOverdue(task.dueDate, today);
  const name = assignee ? displayName(assignee) : null;
  return (
    <div className="grid gap-2">
      {task.labels.length > 0 ? (
        <ul
          className="flex flex-wrap gap-1"
          aria-label={t('kanban.card.labels', { labels: task.labels.join(', ') })}
        >
          {task.labels.map((label) => (
            <li
              key={label}
              className="rounded bg-primary/15 px-1.5 py-px font-medium text-[11px] text-primary"
            >
              {label}
            </li>
          ))}
        </ul>
      ) : null}
      <p
        className={cn(
          'break-words text-sm leading-snug',
          done && 'text-muted-foreground line-through',
        )}
      >
        {done ? (
          <CircleCheckIcon
            role="img"
            aria-label={t('kanban.card.done')}
            className="mr-1 inline size-3.5 align-[-2px] text-primary"
          />
        ) : null}
        {task.title}
      </p>
      {task.dueDate || assignee || task.messageId ? (
        <div className="flex items-center gap-2 text-muted-foreground text-xs">
          {task.dueDate ? (
            <span
              className={cn(
                'flex items-center gap-1 rounded px-1 py-px',
                overdue && 'bg-destructive/15 text-red-400',
              )}
              title={t(overdue ? 'kanban.card.overdue' : 'kanban.card.due', {
                date: shortDueDate(task.dueDate),
              })}
            >
              <CalendarIcon className="size-3" aria-hidden />
              <span className="sr-only">
                {t(overdue ? 'kanban.card.overdue' : 'kanban.card.due', { date: '' })}
              </span>
              {shortDueDate(task.dueDate)}
            </span>
          ) : null}
          {task.messageId ? (
            <MessageSquareTextIcon className="size-3" aria-label={t('kanban.card.fromMessage')} />
          ) : null}
          {assignee && name ? (
            <span className="ml-auto" title={t('kanban.card.assignee', { name })}>
              <span className="sr-only">{t('kanban.card.assignee', { name })}</span>
              <UserAvatar user={assignee} name={name} className="size-6 text-[10px]" />
            </span>
          ) : null}
        </div>
      ) : null}
    </div>
  );
});

export const CARD_CLASS =
  'cursor-grab touch-manipulation rounded-lg border bg-card p-2.5 text-left shadow-xs outline-none transition-colors hover:border-primary/50 focus-visible:ring-2 focus-visible:ring-ring';

interface SortableTaskCardProps extends TaskCardBodyProps {
  onOpen: (task: Task) => void;
}

/** A card in its list: dragged with the pointer, or with Space then the arrows; Enter opens it. */
export const SortableTaskCard = memo(function SortableTaskCard({
  onOpen,
  ...body
}: SortableTaskCardProps) {
  const { t } = body.text;
  const data: DndData = { type: 'task', task: body.task };
  const { attributes, listeners, setNodeRef, transform, transition, isDragging } = useSortable({
    id: taskDndId(body.task.id),
    data,
    attributes: { roleDescription: t('kanban.dnd.roleTask') },
  });
  const handleKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Enter' && !isDragging) {
      event.preventDefault();
      onOpen(body.task);
      return;
    }
    listeners?.onKeyDown?.(event);
  };
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: dnd-kit's attributes make it role="button" with tabIndex 0
    <div
      ref={setNodeRef}
      style={{ transform: translate(transform), transition }}
      className={cn(CARD_CLASS, isDragging && 'opacity-40')}
      data-task-id={body.task.id}
      {...attributes}
      {...listeners}
      onKeyDown={handleKeyDown}
      onClick={() => onOpen(body.task)}
    >
      <TaskCardBody {...body} />
    </div>
  );
});
