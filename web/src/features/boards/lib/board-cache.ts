import type { QueryClient } from '@tanstack/react-query';
import type { Board, BoardDetail, BoardList, Task } from '#shared/boards';
import { BOARD_KEY_ROOT, boardKey } from '../api/get-board';
import { boardsKey } from '../api/get-boards';
import { messageTasksKey } from '../api/get-message-tasks';

/*
 * The board caches, patched by the REST answers and the socket events alike (one source of
 * truth). Lists and tasks are kept sorted by (position, id), the server's order: whatever
 * order the events arrive in, the last one for each row decides, so every window converges.
 */

type Column = BoardDetail['lists'][number];

const byPosition = <R extends { position: number; id: string }>(a: R, b: R) =>
  a.position - b.position || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/** The position between two neighbours, for an optimistic move (the server sends the real one). */
const between = (before?: number, after?: number) =>
  before === undefined
    ? (after ?? 2048) - 1024
    : after === undefined
      ? before + 1024
      : (before + after) / 2;

const patchBoard = (
  queryClient: QueryClient,
  boardId: string,
  patch: (board: BoardDetail) => BoardDetail,
) => queryClient.setQueryData<BoardDetail>(boardKey(boardId), (b) => (b ? patch(b) : b));

export function withTask(board: BoardDetail, task: Task): BoardDetail {
  return {
    ...board,
    lists: board.lists.map((list) => {
      const others = list.tasks.some((t) => t.id === task.id)
        ? list.tasks.filter((t) => t.id !== task.id)
        : list.tasks;
      if (list.id !== task.listId) return others === list.tasks ? list : { ...list, tasks: others };
      return { ...list, tasks: [...others, task].sort(byPosition) };
    }),
  };
}

export const withoutTask = (board: BoardDetail, taskId: string): BoardDetail =>
  board.lists.some((list) => list.tasks.some((t) => t.id === taskId))
    ? {
        ...board,
        lists: board.lists.map((list) =>
          list.tasks.some((t) => t.id === taskId)
            ? { ...list, tasks: list.tasks.filter((t) => t.id !== taskId) }
            : list,
        ),
      }
    : board;

export function withList(board: BoardDetail, list: BoardList): BoardDetail {
  const current = board.lists.find((l) => l.id === list.id);
  const column: Column = { ...list, tasks: current?.tasks ?? [] };
  return {
    ...board,
    lists: [...board.lists.filter((l) => l.id !== list.id), column].sort(byPosition),
  };
}

/** Where a task lands when moved to `index` among the other tasks of `listId`. */
export function taskPlacedAt(board: BoardDetail, task: Task, listId: string, index: number): Task {
  const others = board.lists.find((l) => l.id === listId)?.tasks.filter((t) => t.id !== task.id);
  if (!others) return task;
  return {
    ...task,
    listId,
    position: between(others[index - 1]?.position, others[index]?.position),
  };
}

export const invalidateMessageTasks = (queryClient: QueryClient, channelId: string) =>
  queryClient.invalidateQueries({ queryKey: messageTasksKey(channelId) });

export function upsertTask(queryClient: QueryClient, task: Task) {
  // A task moved to another board of the channel leaves the one it was on.
  queryClient.setQueriesData<BoardDetail>({ queryKey: [BOARD_KEY_ROOT] }, (b) =>
    b && b.id !== task.boardId ? withoutTask(b, task.id) : b,
  );
  const board = queryClient.getQueryData<BoardDetail>(boardKey(task.boardId));
  if (board && !board.lists.some((l) => l.id === task.listId)) {
    void queryClient.invalidateQueries({ queryKey: boardKey(task.boardId) });
    return;
  }
  patchBoard(queryClient, task.boardId, (b) => withTask(b, task));
}

export const removeTask = (queryClient: QueryClient, boardId: string, taskId: string) =>
  patchBoard(queryClient, boardId, (b) => withoutTask(b, taskId));

export const upsertList = (queryClient: QueryClient, list: BoardList) =>
  patchBoard(queryClient, list.boardId, (b) => withList(b, list));

export const removeList = (queryClient: QueryClient, boardId: string, listId: string) =>
  patchBoard(queryClient, boardId, (b) => ({
    ...b,
    lists: b.lists.filter((l) => l.id !== listId),
  }));

export function placeTask(queryClient: QueryClient, task: Task, listId: string, index: number) {
  patchBoard(queryClient, task.boardId, (b) => withTask(b, taskPlacedAt(b, task, listId, index)));
}

export function placeList(queryClient: QueryClient, list: BoardList, index: number) {
  patchBoard(queryClient, list.boardId, (b) => {
    const others = b.lists.filter((l) => l.id !== list.id);
    const position = between(others[index - 1]?.position, others[index]?.position);
    return withList(b, { ...list, position });
  });
}

export function upsertBoard(queryClient: QueryClient, board: Board) {
  queryClient.setQueryData<Board[]>(boardsKey(board.channelId), (boards) =>
    boards
      ? [...boards.filter((b) => b.id !== board.id), board].sort((a, b) =>
          a.createdAt.localeCompare(b.createdAt),
        )
      : boards,
  );
}

export function forgetBoard(queryClient: QueryClient, channelId: string, boardId: string) {
  queryClient.setQueryData<Board[]>(boardsKey(channelId), (boards) =>
    boards?.filter((b) => b.id !== boardId),
  );
  queryClient.removeQueries({ queryKey: boardKey(boardId) });
}
