import { asc, eq, inArray, sql } from 'drizzle-orm';
import type {
  Board,
  BoardCreateData,
  BoardDetail,
  BoardList,
  ListCreateInput,
  ListMoveInput,
  ListUpdateInput,
} from '#shared/boards';
import type { Db, Tx } from '../../db/client';
import { requireWritableChannel } from '../channels/administration';
import type { Deps } from '../deps';
import { findBoardForMember, findListForMember, one } from './access';
import { announce, publishTasksDeleted } from './announce';
import { evenPositions, POSITION_GAP, positionBetween } from './positions';
import { byPosition, presentBoard, presentList, presentTask } from './presenter';
import { boards, lists, tasks } from './schema';

export async function listBoards(db: Db, channelId: string): Promise<Board[]> {
  const rows = await db
    .select()
    .from(boards)
    .where(eq(boards.channelId, channelId))
    .orderBy(asc(boards.createdAt), asc(boards.id));
  return rows.map(presentBoard);
}

export async function createBoard(
  deps: Deps,
  userId: string,
  channelId: string,
  data: BoardCreateData,
): Promise<Board> {
  await requireWritableChannel(deps.db, channelId);
  const row = one(
    await deps.db
      .insert(boards)
      .values({ channelId, name: data.name, description: data.description, createdById: userId })
      .returning(),
    'insert board',
  );
  const board = presentBoard(row);
  await announce(deps, { type: 'board_saved', channelId, board });
  return board;
}

/** GET /api/boards/{id}: lists and tasks in (position, id) order, in two statements. */
export async function getBoard(db: Db, userId: string, boardId: string): Promise<BoardDetail> {
  const board = await findBoardForMember(db, boardId, userId);
  const listRows = (await db.select().from(lists).where(eq(lists.boardId, boardId))).sort(
    byPosition,
  );
  const taskRows =
    listRows.length === 0
      ? []
      : (
          await db
            .select()
            .from(tasks)
            .where(
              inArray(
                tasks.listId,
                listRows.map((l) => l.id),
              ),
            )
        ).sort(byPosition);
  return {
    ...presentBoard(board),
    lists: listRows.map((list) => ({
      ...presentList(list),
      tasks: taskRows.filter((t) => t.listId === list.id).map((t) => presentTask(t, boardId)),
    })),
  };
}

/** Deletes the board with its lists and tasks (any member may, like Trello's board members). */
export async function deleteBoard(deps: Deps, userId: string, boardId: string): Promise<void> {
  const board = await findBoardForMember(deps.db, boardId, userId);
  await requireWritableChannel(deps.db, board.channelId);
  const taskIds = await deps.db.transaction(async (tx) => {
    const gone = await tx
      .select({ id: tasks.id })
      .from(tasks)
      .innerJoin(lists, eq(lists.id, tasks.listId))
      .where(eq(lists.boardId, boardId));
    await tx.delete(boards).where(eq(boards.id, boardId));
    return gone.map((t) => t.id);
  });
  publishTasksDeleted(deps, taskIds, board.channelId);
  await announce(deps, { type: 'board_deleted', channelId: board.channelId, boardId });
}

/** Lock the board row: list inserts and moves on one board take turns (docs/boards.md). */
const lockBoard = (tx: Tx, boardId: string) =>
  tx.select({ id: boards.id }).from(boards).where(eq(boards.id, boardId)).for('update');

export async function createList(
  deps: Deps,
  userId: string,
  boardId: string,
  input: ListCreateInput,
): Promise<BoardList> {
  const board = await findBoardForMember(deps.db, boardId, userId);
  await requireWritableChannel(deps.db, board.channelId);
  const row = await deps.db.transaction(async (tx) => {
    await lockBoard(tx, boardId);
    const [last] = await tx
      .select({ max: sql<number | null>`max(${lists.position})` })
      .from(lists)
      .where(eq(lists.boardId, boardId));
    const position = last?.max == null ? POSITION_GAP : Number(last.max) + POSITION_GAP;
    const created = one(
      await tx.insert(lists).values({ boardId, name: input.name.trim(), position }).returning(),
      'service.ts: created',
    );
    return created;
  });
  const list = presentList(row);
  await announce(deps, { type: 'list_saved', channelId: board.channelId, list });
  return list;
}

export async function renameList(
  deps: Deps,
  userId: string,
  listId: string,
  input: ListUpdateInput,
): Promise<BoardList> {
  const { channelId } = await findListForMember(deps.db, listId, userId);
  await requireWritableChannel(deps.db, channelId);
  const row = one(
    await deps.db
      .update(lists)
      .set({ name: input.name.trim(), updatedAt: sql`now()` })
      .where(eq(lists.id, listId))
      .returning(),
    'service.ts: row',
  );
  const list = presentList(row);
  await announce(deps, { type: 'list_saved', channelId, list });
  return list;
}

/** Moves a list to `index` among the board's other lists: one row written (or a renumbering). */
export async function moveList(
  deps: Deps,
  userId: string,
  listId: string,
  input: ListMoveInput,
): Promise<BoardList> {
  const { list, channelId } = await findListForMember(deps.db, listId, userId);
  await requireWritableChannel(deps.db, channelId);
  const changed = await deps.db.transaction(async (tx) => {
    await lockBoard(tx, list.boardId);
    const others = (await tx.select().from(lists).where(eq(lists.boardId, list.boardId)))
      .filter((l) => l.id !== listId)
      .sort(byPosition);
    const index = Math.min(input.index, others.length);
    const position = positionBetween(others[index - 1]?.position, others[index]?.position);
    if (position !== null) {
      const row = one(
        await tx
          .update(lists)
          .set({ position, updatedAt: sql`now()` })
          .where(eq(lists.id, listId))
          .returning(),
        'service.ts: row',
      );
      return [row];
    }
    const order = [...others.slice(0, index), list, ...others.slice(index)];
    const positions = evenPositions(order.length);
    const rows = [];
    for (const [i, l] of order.entries()) {
      const row = one(
        await tx
          .update(lists)
          .set({ position: positions[i] })
          .where(eq(lists.id, l.id))
          .returning(),
        'service.ts: row',
      );
      rows.push(row);
    }
    return rows;
  });
  for (const row of changed) {
    await announce(deps, { type: 'list_saved', channelId, list: presentList(row) });
  }
  const moved = changed.find((r) => r.id === listId);
  if (!moved) throw new Error(`list ${listId} vanished`);
  return presentList(moved);
}

export async function deleteList(deps: Deps, userId: string, listId: string): Promise<void> {
  const { list, channelId } = await findListForMember(deps.db, listId, userId);
  await requireWritableChannel(deps.db, channelId);
  const taskIds = await deps.db.transaction(async (tx) => {
    const gone = await tx.select({ id: tasks.id }).from(tasks).where(eq(tasks.listId, listId));
    await tx.delete(lists).where(eq(lists.id, listId));
    return gone.map((t) => t.id);
  });
  publishTasksDeleted(deps, taskIds, channelId);
  await announce(deps, { type: 'list_deleted', channelId, boardId: list.boardId, listId });
}
