import { KanbanSquareIcon, MoreHorizontalIcon, PlusIcon, Trash2Icon } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearch } from 'wouter';
import { BOARD_NAME_MAX } from '#shared/limits';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { Button } from '@/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { IconButton } from '@/components/ui/icon-button';
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from '@/components/ui/select';
import { toast } from '@/components/ui/use-toast';
import type { ChannelTabPanelProps } from '@/lib/shell';
import { toastFailure } from '@/lib/toast-failure';
import { useCreateBoard } from '../api/create-board';
import { useDeleteBoard } from '../api/delete-board';
import { useBoards } from '../api/get-boards';
import { BoardView } from './board-view';
import { NameDialog } from './name-dialog';

/** docs/product.md §2.7 board tab: a board selector and menu (create, delete), then the selected board. */
export function BoardTab({ channel }: ChannelTabPanelProps) {
  const { t } = useTranslation();
  const boards = useBoards(channel.id);
  const createBoard = useCreateBoard(channel.id);
  const deleteBoard = useDeleteBoard();
  const [selectedId, setSelectedId] = useState<string | undefined>();
  // ?board= (a task opened from « Ma journée »): that board.
  const wantedBoard = new URLSearchParams(useSearch()).get('board');
  useEffect(() => {
    if (wantedBoard) setSelectedId(wantedBoard);
  }, [wantedBoard]);
  const [creating, setCreating] = useState(false);
  const [addingList, setAddingList] = useState(false);
  const [confirmDelete, setConfirmDelete] = useState(false);
  // Unique: the board tabs of other channels may stay mounted, hidden (channel-view.tsx).
  const selectId = useId();
  const list = boards.data ?? [];
  const current = list.find((b) => b.id === selectedId) ?? list[0];

  const handleDelete = async () => {
    if (!current) return false;
    try {
      await deleteBoard.mutateAsync(current);
    } catch (error) {
      // docs/product.md §8: deleting reuses the create-error texts.
      toastFailure(error, t('kanban.toasts.errorTitle'), t('kanban.toasts.boardCreateError'));
      return false;
    }
    toast({ title: t('kanban.toasts.boardDeleted') });
    return true;
  };

  return (
    // contain: inline-size: the columns scroll inside the tab instead of widening the page
    // (their width would otherwise count in the layout's minimum width, on a phone too).
    <div className="flex h-full min-h-0 min-w-0 flex-col [contain:inline-size]">
      <div className="flex items-center gap-2 border-b px-3 py-2 sm:px-4">
        {current ? (
          <>
            <label htmlFor={selectId} className="sr-only">
              {t('kanban.selectBoard')}
            </label>
            <Select value={current.id} onValueChange={setSelectedId}>
              <SelectTrigger id={selectId} className="h-8 w-auto min-w-0 max-w-64 font-medium">
                <SelectValue />
              </SelectTrigger>
              <SelectContent align="start">
                {list.map((b) => (
                  <SelectItem key={b.id} value={b.id}>
                    {b.name}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          </>
        ) : null}
        <DropdownMenu>
          <DropdownMenuTrigger asChild>
            <IconButton size="icon-sm" label={t('kanban.boardMenu')}>
              <MoreHorizontalIcon aria-hidden />
            </IconButton>
          </DropdownMenuTrigger>
          <DropdownMenuContent align="start">
            <DropdownMenuItem onSelect={() => setCreating(true)}>
              <PlusIcon aria-hidden />
              {t('kanban.createBoard')}
            </DropdownMenuItem>
            {current ? (
              <>
                <DropdownMenuSeparator />
                <DropdownMenuItem variant="destructive" onSelect={() => setConfirmDelete(true)}>
                  <Trash2Icon aria-hidden />
                  {t('kanban.deleteBoard')}
                </DropdownMenuItem>
              </>
            ) : null}
          </DropdownMenuContent>
        </DropdownMenu>
        {current?.description ? (
          <p className="hidden min-w-0 truncate text-muted-foreground text-sm sm:block">
            {current.description}
          </p>
        ) : null}
        {current ? (
          // Always in sight: the one at the end of the lists may be a long scroll away.
          <Button
            variant="outline"
            size="sm"
            className="ms-auto shrink-0"
            aria-label={t('kanban.addList')}
            onClick={() => setAddingList(true)}
          >
            <PlusIcon aria-hidden />
            <span className="hidden sm:inline">{t('kanban.addList')}</span>
          </Button>
        ) : null}
      </div>
      {boards.isPending ? (
        <p className="p-6 text-muted-foreground text-sm">{t('kanban.loading')}</p>
      ) : current ? (
        <BoardView
          key={current.id}
          board={current}
          channel={channel}
          addingList={addingList}
          onAddingListChange={setAddingList}
        />
      ) : (
        <div className="grid flex-1 place-items-center p-6">
          <div className="grid max-w-sm justify-items-center gap-3 text-center">
            <span className="flex size-14 items-center justify-center rounded-2xl bg-primary/10 text-primary">
              <KanbanSquareIcon aria-hidden className="size-6" />
            </span>
            <h3 className="font-semibold text-base">{t('kanban.emptyTitle')}</h3>
            <p className="text-muted-foreground text-sm">{t('kanban.emptyDescription')}</p>
            <Button onClick={() => setCreating(true)}>
              <PlusIcon aria-hidden />
              {t('kanban.createBoard')}
            </Button>
          </div>
        </div>
      )}
      <NameDialog
        id="create-board"
        open={creating}
        onOpenChange={setCreating}
        maxLength={BOARD_NAME_MAX}
        pending={createBoard.isPending}
        text={{
          title: t('kanban.boardDialog.title'),
          description: t('kanban.boardDialog.description'),
          name: t('kanban.boardDialog.name'),
          namePlaceholder: t('kanban.boardDialog.namePlaceholder'),
          descriptionLabel: t('kanban.boardDialog.descriptionLabel'),
          required: t('kanban.board_name_required'),
          submit: t('kanban.boardDialog.submit'),
          submitting: t('kanban.boardDialog.submitting'),
        }}
        onSubmit={async (values) => {
          try {
            const board = await createBoard.mutateAsync(values);
            setSelectedId(board.id);
          } catch (error) {
            toastFailure(error, t('kanban.toasts.errorTitle'), t('kanban.toasts.boardCreateError'));
            throw error;
          }
          toast({ title: t('kanban.toasts.boardCreated') });
        }}
      />
      <ConfirmDialog
        open={confirmDelete}
        onOpenChange={setConfirmDelete}
        title={t('kanban.deleteBoardTitle', { name: current?.name ?? '' })}
        description={t('kanban.deleteBoardDescription')}
        pending={deleteBoard.isPending}
        confirmLabel={t('kanban.confirmDelete')}
        onConfirm={handleDelete}
      />
    </div>
  );
}
