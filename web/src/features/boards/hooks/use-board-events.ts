import { useQueryClient } from '@tanstack/react-query';
import type { ServerEventType } from '#shared/protocol';
import { useSocketCatchUp, useSocketEvent } from '@/lib/socket-context';
import { BOARD_KEY_ROOT } from '../api/get-board';
import {
  forgetBoard,
  invalidateMessageTasks,
  removeList,
  removeTask,
  upsertBoard,
  upsertList,
  upsertTask,
} from '../lib/board-cache';

const BOARD_EVENTS = [
  'board_saved',
  'board_deleted',
  'list_saved',
  'list_deleted',
  'task_saved',
  'task_deleted',
] as const satisfies readonly ServerEventType[];

/**
 * Board events → the board caches (lib/board-cache.ts) and the message chips. Missed while
 * the socket was away, they are made up for by refetching the boards shown.
 */
export function useBoardEvents(): void {
  const queryClient = useQueryClient();
  useSocketEvent(BOARD_EVENTS, (event) => {
    switch (event.type) {
      case 'board_saved':
        return upsertBoard(queryClient, event.board);
      case 'board_deleted':
        forgetBoard(queryClient, event.channelId, event.boardId);
        break;
      case 'list_saved':
        upsertList(queryClient, event.list);
        break;
      case 'list_deleted':
        removeList(queryClient, event.boardId, event.listId);
        break;
      case 'task_saved':
        upsertTask(queryClient, event.task);
        break;
      case 'task_deleted':
        removeTask(queryClient, event.boardId, event.taskId);
        break;
    }
    void invalidateMessageTasks(queryClient, event.channelId);
  });
  useSocketCatchUp(({ first }) => {
    if (!first) void queryClient.invalidateQueries({ queryKey: [BOARD_KEY_ROOT] });
  });
}
