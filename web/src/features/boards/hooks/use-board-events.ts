import { useQueryClient } from '@tanstack/react-query';
import type { ServerEventType } from '#shared/protocol';
import { useSocketCatchUp, useSocketEvent } from '@/lib/socket-context';
import type { ServerEventOf } from '@/lib/socket-events';
import { BOARD_KEY_ROOT } from '../api/get-board';

const BOARD_EVENTS = [
  'board_saved',
  'board_deleted',
  'list_saved',
  'list_deleted',
  'task_saved',
  'task_deleted',
] as const satisfies readonly ServerEventType[];

type BoardEvent = ServerEventOf<(typeof BOARD_EVENTS)[number]>;

/*
 * The cache code loads with the first board event, not with the app: the channel view's
 * first load stays as it was. One promise, so events still apply in the order they came.
 */
let boardCache: Promise<typeof import('../lib/board-cache')> | undefined;
const loadBoardCache = () => {
  boardCache ??= import('../lib/board-cache');
  return boardCache;
};

/**
 * Board events → the board caches (lib/board-cache.ts) and the message chips. Missed while
 * the socket was away, they are made up for by refetching the boards shown.
 */
export function useBoardEvents(): void {
  const queryClient = useQueryClient();
  useSocketEvent(BOARD_EVENTS, (event: BoardEvent) => {
    void loadBoardCache().then((cache) => {
      switch (event.type) {
        case 'board_saved':
          return cache.upsertBoard(queryClient, event.board);
        case 'board_deleted':
          cache.forgetBoard(queryClient, event.channelId, event.boardId);
          break;
        case 'list_saved':
          cache.upsertList(queryClient, event.list);
          break;
        case 'list_deleted':
          cache.removeList(queryClient, event.boardId, event.listId);
          break;
        case 'task_saved':
          cache.upsertTask(queryClient, event.task);
          break;
        case 'task_deleted':
          cache.removeTask(queryClient, event.boardId, event.taskId);
          break;
      }
      void cache.invalidateMessageTasks(queryClient, event.channelId);
    });
  });
  useSocketCatchUp(({ first }) => {
    if (first) return;
    void queryClient.invalidateQueries({ queryKey: [BOARD_KEY_ROOT] });
    void queryClient.invalidateQueries({
      predicate: ({ queryKey }) => queryKey[0] === '/api/channels' && queryKey[2] === 'boards',
    });
  });
}
