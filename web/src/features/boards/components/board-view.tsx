import {
  type Announcements,
  type CollisionDetection,
  closestCorners,
  DndContext,
  type DragEndEvent,
  DragOverlay,
  type DragStartEvent,
  MouseSensor,
  TouchSensor,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import { horizontalListSortingStrategy, SortableContext } from '@dnd-kit/sortable';
import { PlusIcon } from 'lucide-react';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearch } from 'wouter';
import type { Board, Task } from '#shared/boards';
import type { ChannelWithMembers } from '#shared/channels';
import { LIST_NAME_MAX } from '#shared/limits';
import type { User } from '#shared/users';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { toast } from '@/components/ui/use-toast';
import { toastFailure } from '@/lib/toast-failure';
import { useDisplayName } from '@/lib/use-display-name';
import { useCreateList } from '../api/create-list';
import { useDeleteList } from '../api/delete-list';
import { useBoard } from '../api/get-board';
import { useMoveList } from '../api/move-list';
import { useMoveTask } from '../api/move-task';
import { type Column, type DndData, listDndId, listDrop, taskDrop } from '../lib/dnd';
import { todayIso } from '../lib/due-date';
import { boardKeyboardCoordinates } from '../lib/keyboard-moves';
import { BoardKeyboardSensor } from '../lib/keyboard-sensor';
import { BoardColumn } from './board-column';
import { NameDialog } from './name-dialog';
import { CARD_CLASS, type CardText, TaskCardBody } from './task-card';
import { TaskDialog, type TaskDialogMode } from './task-dialog';

const dataOf = (item: { data: { current?: unknown } } | null | undefined) =>
  item?.data.current as DndData | undefined;

/** A card drags over cards and columns; a list only over lists. */
const collisions: CollisionDetection = (args) => {
  const type = dataOf(args.active)?.type;
  const droppableContainers = args.droppableContainers.filter((c) => {
    const over = dataOf(c)?.type;
    return type === 'task' || over === 'list';
  });
  return closestCorners({ ...args, droppableContainers });
};

const KEYBOARD_CODES = { start: ['Space'], cancel: ['Escape'], end: ['Space', 'Enter'] };

interface BoardViewProps {
  board: Board;
  channel: ChannelWithMembers;
  /** « Ajouter une liste »'s dialog, opened from the board's bar too (board-tab.tsx). */
  addingList: boolean;
  onAddingListChange: (open: boolean) => void;
}

/**
 * docs/product.md §2.7 kanban: the board's lists as columns, cards dragged within and between lists (and
 * lists along the board) with the mouse, a finger or the keyboard. A drop moves the card at
 * once; the server's answer and everyone's live events settle the order (docs/boards.md).
 */
export function BoardView({ board, channel, addingList, onAddingListChange }: BoardViewProps) {
  const { t } = useTranslation();
  const detail = useBoard(board.id);
  const columns: Column[] = detail.data?.lists ?? [];
  const columnsRef = useRef(columns);
  columnsRef.current = columns;
  const moveTask = useMoveTask();
  const moveList = useMoveList();
  const createList = useCreateList(board.id);
  const deleteList = useDeleteList();
  const [active, setActive] = useState<DndData | null>(null);
  const [taskDialog, setTaskDialog] = useState<TaskDialogMode | null>(null);
  const [deleting, setDeleting] = useState<Column | null>(null);
  const today = todayIso();
  const displayName = useDisplayName();
  // biome-ignore lint/correctness/useExhaustiveDependencies: displayName follows t
  const cardText = useMemo<CardText>(() => ({ t, displayName }), [t]);

  const members = useMemo(
    () => new Map<string, User>(channel.members.map((m) => [m.userId, m.user])),
    [channel.members],
  );
  const sensors = useSensors(
    useSensor(MouseSensor, { activationConstraint: { distance: 6 } }),
    useSensor(TouchSensor, { activationConstraint: { delay: 200, tolerance: 8 } }),
    useSensor(BoardKeyboardSensor, {
      coordinateGetter: boardKeyboardCoordinates,
      keyboardCodes: KEYBOARD_CODES,
    }),
  );

  const listName = (listId: string) => columnsRef.current.find((c) => c.id === listId)?.name ?? '';
  const nameOf = (d: DndData | undefined) =>
    d?.type === 'task' ? d.task.title : (d?.list.name ?? '');

  /** "Carte « X » saisie, position 2 sur 5 dans la liste À faire." */
  const pickedUp = (task: Task) => {
    const column = columnsRef.current.find((c) => c.id === task.listId);
    const position = (column?.tasks.findIndex((x) => x.id === task.id) ?? 0) + 1;
    const count = column?.tasks.length ?? 0;
    return t('kanban.dnd.pickedUpTask', {
      title: task.title,
      list: column?.name ?? '',
      position,
      count,
    });
  };

  const announcements: Announcements = {
    onDragStart: ({ active: a }) => {
      const d = dataOf(a);
      return d?.type === 'task'
        ? pickedUp(d.task)
        : t('kanban.dnd.pickedUpList', { name: nameOf(d) });
    },
    onDragOver: ({ active: a, over }) => {
      const d = dataOf(a);
      const o = dataOf(over);
      if (!o) return t('kanban.dnd.outside', { title: nameOf(d) });
      if (d?.type === 'task' && o.type === 'task' && o.task.id === d.task.id)
        return pickedUp(d.task);
      return o.type === 'task'
        ? t('kanban.dnd.overTask', {
            title: nameOf(d),
            over: o.task.title,
            list: listName(o.task.listId),
          })
        : t('kanban.dnd.overList', { title: nameOf(d), list: o.list.name });
    },
    onDragEnd: ({ active: a, over }) => {
      const d = dataOf(a);
      const o = dataOf(over);
      if (d?.type === 'task') {
        const drop = taskDrop(columnsRef.current, d.task, o);
        const listId = drop?.listId ?? d.task.listId;
        const index =
          drop?.index ??
          columnsRef.current
            .find((c) => c.id === listId)
            ?.tasks.findIndex((x) => x.id === d.task.id) ??
          0;
        return t('kanban.dnd.droppedTask', {
          title: d.task.title,
          list: listName(listId),
          position: index + 1,
        });
      }
      if (!d) return undefined;
      const index =
        listDrop(columnsRef.current, d.list, o) ??
        columnsRef.current.findIndex((c) => c.id === d.list.id);
      return t('kanban.dnd.droppedList', { name: d.list.name, position: index + 1 });
    },
    onDragCancel: ({ active: a }) => t('kanban.dnd.cancelled', { title: nameOf(dataOf(a)) }),
  };

  const handleDragStart = ({ active: a }: DragStartEvent) => setActive(dataOf(a) ?? null);

  const handleDragEnd = ({ active: a, over }: DragEndEvent) => {
    setActive(null);
    const d = dataOf(a);
    const o = dataOf(over);
    const onError = (error: unknown) =>
      toastFailure(error, t('kanban.toasts.errorTitle'), t('kanban.toasts.moveError'));
    if (d?.type === 'task') {
      // The card as the cache has it now (a live event may have moved it since it was picked up).
      const task = columns.flatMap((c) => c.tasks).find((x) => x.id === d.task.id);
      const drop = task ? taskDrop(columns, task, o) : null;
      if (task && drop) moveTask.mutate({ task, ...drop }, { onError });
    } else if (d?.type === 'list') {
      const index = listDrop(columns, d.list, o);
      if (index !== null) moveList.mutate({ list: d.list, index }, { onError });
    }
  };

  const handleOpenTask = useCallback(
    (task: Task) => {
      const list = columnsRef.current.find((c) => c.id === task.listId);
      setTaskDialog({ kind: 'edit', task, listName: list?.name ?? '', channelId: channel.id });
    },
    [channel.id],
  );
  // ?task= (from « Ma journée »): that task's dialog, once the board has it.
  const wantedTask = new URLSearchParams(useSearch()).get('task');
  const openedTask = useRef<string | null>(null);
  useEffect(() => {
    if (!wantedTask || openedTask.current === wantedTask) return;
    const task = columns.flatMap((c) => c.tasks).find((t) => t.id === wantedTask);
    if (!task) return;
    openedTask.current = wantedTask;
    handleOpenTask(task);
  }, [wantedTask, columns, handleOpenTask]);
  const handleAddTask = useCallback(
    (column: Column) => setTaskDialog({ kind: 'create', listId: column.id, listName: column.name }),
    [],
  );
  const handleDeleteList = useCallback((column: Column) => setDeleting(column), []);

  const confirmDeleteList = async () => {
    if (!deleting) return false;
    try {
      await deleteList.mutateAsync(deleting);
    } catch (error) {
      toastFailure(error, t('kanban.toasts.errorTitle'), t('kanban.toasts.listCreateError'));
      return false;
    }
    toast({ title: t('kanban.toasts.listDeleted') });
    return true;
  };

  const listIds = useMemo(() => columns.map((c) => listDndId(c.id)), [columns]);
  // Keep the edit dialog on the live task (moved or edited by someone else meanwhile).
  const liveDialog =
    taskDialog?.kind === 'edit'
      ? (() => {
          const task = columns.flatMap((c) => c.tasks).find((x) => x.id === taskDialog.task.id);
          return task ? { ...taskDialog, task, listName: listName(task.listId) } : taskDialog;
        })()
      : taskDialog;

  if (detail.isPending) {
    return <p className="p-6 text-muted-foreground text-sm">{t('kanban.loading')}</p>;
  }

  return (
    <>
      <DndContext
        sensors={sensors}
        collisionDetection={collisions}
        onDragStart={handleDragStart}
        onDragEnd={handleDragEnd}
        onDragCancel={() => setActive(null)}
        accessibility={{
          announcements,
          screenReaderInstructions: { draggable: t('kanban.dnd.instructions') },
        }}
      >
        <div className="relative flex min-h-0 flex-1 items-start gap-3 overflow-x-auto p-3 sm:p-4">
          <SortableContext items={listIds} strategy={horizontalListSortingStrategy}>
            {columns.map((column) => (
              <BoardColumn
                key={column.id}
                column={column}
                members={members}
                today={today}
                text={cardText}
                onOpenTask={handleOpenTask}
                onAddTask={handleAddTask}
                onDeleteList={handleDeleteList}
              />
            ))}
          </SortableContext>
          <button
            type="button"
            onClick={() => onAddingListChange(true)}
            className="flex h-11 w-72 shrink-0 cursor-pointer items-center gap-2 rounded-xl border border-dashed px-3 text-muted-foreground text-sm transition-colors hover:border-primary/60 hover:text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
          >
            <PlusIcon className="size-4" aria-hidden />
            {t('kanban.addList')}
          </button>
        </div>
        <DragOverlay>
          {active?.type === 'task' ? (
            <div className={`${CARD_CLASS} w-68 rotate-2 cursor-grabbing shadow-xl`}>
              <TaskCardBody
                task={active.task}
                assignee={
                  active.task.assignedToId ? members.get(active.task.assignedToId) : undefined
                }
                today={today}
                text={cardText}
              />
            </div>
          ) : active?.type === 'list' ? (
            <div className="w-72 rounded-xl border bg-muted p-3 font-semibold text-sm shadow-xl">
              {active.list.name}
            </div>
          ) : null}
        </DragOverlay>
      </DndContext>
      {columns.length === 0 ? (
        <p className="px-4 text-muted-foreground text-sm">{t('kanban.emptyBoard')}</p>
      ) : null}
      {liveDialog ? (
        <TaskDialog
          mode={liveDialog}
          members={channel.members}
          onOpenChange={(open) => {
            if (!open) setTaskDialog(null);
          }}
        />
      ) : null}
      <NameDialog
        id="create-list"
        open={addingList}
        onOpenChange={onAddingListChange}
        maxLength={LIST_NAME_MAX}
        pending={createList.isPending}
        text={{
          title: t('kanban.listDialog.title'),
          description: t('kanban.listDialog.description'),
          name: t('kanban.listDialog.name'),
          namePlaceholder: t('kanban.listDialog.namePlaceholder'),
          required: t('kanban.list_name_required'),
          submit: t('kanban.listDialog.submit'),
          submitting: t('kanban.listDialog.submitting'),
        }}
        onSubmit={async ({ name }) => {
          try {
            await createList.mutateAsync({ name });
          } catch (error) {
            toastFailure(error, t('kanban.toasts.errorTitle'), t('kanban.toasts.listCreateError'));
            throw error;
          }
          toast({ title: t('kanban.toasts.listCreated') });
        }}
      />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => {
          if (!open) setDeleting(null);
        }}
        title={t('kanban.deleteListTitle', { name: deleting?.name ?? '' })}
        description={t('kanban.deleteListDescription', { count: deleting?.tasks.length ?? 0 })}
        pending={deleteList.isPending}
        confirmLabel={t('kanban.confirmDelete')}
        onConfirm={confirmDeleteList}
      />
    </>
  );
}
