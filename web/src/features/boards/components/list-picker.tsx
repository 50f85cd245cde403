import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormField } from '@/components/form-field';
import { useBoard } from '../api/get-board';
import { useBoards } from '../api/get-boards';
import { SELECT_CLASS } from '../lib/select-class';

interface ListPickerProps {
  channelId: string;
  value: string | undefined;
  onChange: (listId: string | undefined) => void;
}

/** Board and list of a task made from a message: the first board's first list by default. */
export function ListPicker({ channelId, value, onChange }: ListPickerProps) {
  const { t } = useTranslation();
  const boards = useBoards(channelId);
  const [boardId, setBoardId] = useState<string | undefined>();
  const shownBoardId = boardId ?? boards.data?.[0]?.id;
  const board = useBoard(shownBoardId);
  const lists = board.data?.lists ?? [];
  const firstListId = lists[0]?.id;
  const listIds = lists.map((l) => l.id).join(' ');

  useEffect(() => {
    if (!value || !listIds.split(' ').includes(value)) onChange(firstListId);
  }, [value, listIds, firstListId, onChange]);

  if (boards.isSuccess && boards.data.length === 0) {
    return <p className="text-muted-foreground text-sm">{t('kanban.taskDialog.noList')}</p>;
  }
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <FormField id="task-board" label={t('kanban.taskDialog.board')}>
        <select
          id="task-board"
          className={SELECT_CLASS}
          value={shownBoardId ?? ''}
          onChange={(e) => setBoardId(e.target.value)}
        >
          {boards.data?.map((b) => (
            <option key={b.id} value={b.id}>
              {b.name}
            </option>
          ))}
        </select>
      </FormField>
      <FormField id="task-list" label={t('kanban.taskDialog.list')}>
        <select
          id="task-list"
          className={SELECT_CLASS}
          value={value ?? ''}
          onChange={(e) => onChange(e.target.value || undefined)}
        >
          {lists.length === 0 ? <option value="">{t('kanban.taskDialog.noList')}</option> : null}
          {lists.map((l) => (
            <option key={l.id} value={l.id}>
              {l.name}
            </option>
          ))}
        </select>
      </FormField>
    </div>
  );
}
