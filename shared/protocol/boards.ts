/**
 * The boards feature's events (server/src/features/boards/service.ts), sent to the channel's
 * members after each change commits, with the same presented objects as the REST calls.
 * Clients place tasks and lists by (position, id): applying the events in any order that
 * ends with the latest one for each row gives every window the same board (docs/boards.md).
 */
import type { Board, BoardList, Task } from '../boards';

export type BoardEvent =
  | { type: 'board_saved'; channelId: string; board: Board }
  | { type: 'board_deleted'; channelId: string; boardId: string }
  | { type: 'list_saved'; channelId: string; list: BoardList }
  | { type: 'list_deleted'; channelId: string; boardId: string; listId: string }
  /** A task was created, edited or moved (its listId and position are the new ones). */
  | { type: 'task_saved'; channelId: string; task: Task }
  | { type: 'task_deleted'; channelId: string; boardId: string; listId: string; taskId: string };
