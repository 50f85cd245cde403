import { SortableContext, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { GripVerticalIcon, MoreHorizontalIcon, PlusIcon, Trash2Icon } from 'lucide-react';
import { memo, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { Task } from '#shared/boards';
import type { User } from '#shared/users';
import { Button } from '@/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { IconButton } from '@/components/ui/icon-button';
import { cn } from '@/lib/utils';
import { type Column, type DndData, listDndId, taskDndId, translate } from '../lib/dnd';
import { type CardText, SortableTaskCard } from './task-card';

interface BoardColumnProps {
  column: Column;
  members: ReadonlyMap<string, User>;
  today: string;
  text: CardText;
  onOpenTask: (task: Task) => void;
  onAddTask: (column: Column) => void;
  onDeleteList: (column: Column) => void;
}

/** docs/product.md §2.7: a fixed-width column with its name, its task count and its cards. */
export const BoardColumn = memo(function BoardColumn({
  column,
  members,
  today,
  text,
  onOpenTask,
  onAddTask,
  onDeleteList,
}: BoardColumnProps) {
  const { t } = useTranslation();
  const { id, name, boardId, position, tasks } = column;
  const data: DndData = { type: 'list', list: { id, name, boardId, position } };
  const sortable = useSortable({
    id: listDndId(id),
    data,
    attributes: { roleDescription: t('kanban.dnd.roleList') },
  });
  const taskIds = useMemo(() => tasks.map((task) => taskDndId(task.id)), [tasks]);
  const headingId = `list-heading-${id}`;

  return (
    <section
      ref={sortable.setNodeRef}
      aria-labelledby={headingId}
      data-list-id={id}
      style={{ transform: translate(sortable.transform), transition: sortable.transition }}
      className={cn(
        'relative flex max-h-full w-[min(18rem,85vw)] shrink-0 flex-col rounded-xl border bg-muted/40',
        sortable.isDragging && 'opacity-40',
      )}
    >
      <header className="flex items-center gap-1 px-2 pt-2 pb-1">
        <button
          ref={sortable.setActivatorNodeRef}
          type="button"
          className="grid size-7 cursor-grab place-items-center rounded-md text-muted-foreground hover:bg-accent focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
          {...sortable.attributes}
          {...sortable.listeners}
          aria-label={t('kanban.dnd.dragHandle', { name })}
        >
          <GripVerticalIcon className="size-4" aria-hidden />
        </button>
        <h3 id={headingId} className="min-w-0 flex-1 truncate font-semibold text-sm">
          {name}
        </h3>
        <span className="rounded-full bg-background/60 px-2 py-0.5 text-muted-foreground text-xs tabular-nums">
          <span aria-hidden>{tasks.length}</span>
          <span className="sr-only">{t('kanban.taskCount', { count: tasks.length })}</span>
        </span>
        <DropdownMenu>
          <DropdownMenuTrigger asChild>
            <IconButton size="icon-sm" label={t('kanban.listMenu', { name })}>
              <MoreHorizontalIcon aria-hidden />
            </IconButton>
          </DropdownMenuTrigger>
          <DropdownMenuContent align="end">
            <DropdownMenuItem variant="destructive" onSelect={() => onDeleteList(column)}>
              <Trash2Icon aria-hidden />
              {t('kanban.deleteList')}
            </DropdownMenuItem>
          </DropdownMenuContent>
        </DropdownMenu>
      </header>
      <SortableContext items={taskIds} strategy={verticalListSortingStrategy}>
        <ol className="flex min-h-10 flex-1 flex-col gap-2 overflow-y-auto px-2 py-1">
          {tasks.map((task) => (
            // Cards scrolled out of the column skip layout and paint (boards of hundreds of cards).
            <li
              key={task.id}
              className="[contain-intrinsic-size:auto_4.5rem] [content-visibility:auto]"
            >
              <SortableTaskCard
                task={task}
                assignee={task.assignedToId ? members.get(task.assignedToId) : undefined}
                today={today}
                text={text}
                onOpen={onOpenTask}
              />
            </li>
          ))}
        </ol>
      </SortableContext>
      <div className="p-2">
        <Button
          variant="ghost"
          size="sm"
          className="w-full justify-start text-muted-foreground"
          onClick={() => onAddTask(column)}
          aria-label={t('kanban.addTaskTo', { name })}
        >
          <PlusIcon aria-hidden />
          {t('kanban.addTask')}
        </Button>
      </div>
    </section>
  );
});
