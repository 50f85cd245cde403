import type { FastifyInstance } from 'fastify';
import {
  BoardCreateSchema,
  ListCreateSchema,
  ListMoveSchema,
  ListUpdateSchema,
  TaskCreateSchema,
  TaskMoveSchema,
  TaskUpdateSchema,
} from '#shared/boards';
import { requireUser } from '../../auth/guard';
import type { AppContext } from '../../context';
import { parse } from '../../lib/errors';
import { idParam } from '../../lib/ids';
import { CHANNEL_NOT_FOUND, requireMember } from '../channels/access';
import { depsFor } from '../deps';
import { BOARD_NOT_FOUND, LIST_NOT_FOUND, TASK_NOT_FOUND } from './access';
import {
  createBoard,
  createList,
  deleteBoard,
  deleteList,
  getBoard,
  listBoards,
  moveList,
  renameList,
} from './service';
import { subscribeBoards } from './subscriptions';
import { createTask, deleteTask, listMessageTasks, moveTask, updateTask } from './tasks';

type ById = { Params: { id: string } };

/** docs/product.md §7.2 board, list and task calls; every one is for the channel's members only (404 otherwise). */
export function registerBoardRoutes(app: FastifyInstance, ctx: AppContext): void {
  const channelId = (p: { id: string }) => idParam(p.id, CHANNEL_NOT_FOUND);
  const boardId = (p: { id: string }) => idParam(p.id, BOARD_NOT_FOUND);
  const listId = (p: { id: string }) => idParam(p.id, LIST_NOT_FOUND);
  const taskId = (p: { id: string }) => idParam(p.id, TASK_NOT_FOUND);
  subscribeBoards(ctx, app.log);

  app.get<ById>('/api/channels/:id/boards', async (request) => {
    const user = requireUser(request);
    const id = channelId(request.params);
    await requireMember(ctx.db, id, user.id);
    return listBoards(ctx.db, id);
  });

  app.post<ById>('/api/channels/:id/boards', async (request, reply) => {
    const user = requireUser(request);
    const id = channelId(request.params);
    const input = parse(BoardCreateSchema, request.body);
    await requireMember(ctx.db, id, user.id);
    return reply.status(201).send(await createBoard(depsFor(ctx, request), user.id, id, input));
  });

  app.get<ById>('/api/channels/:id/message-tasks', async (request) => {
    const user = requireUser(request);
    const id = channelId(request.params);
    await requireMember(ctx.db, id, user.id);
    return listMessageTasks(ctx.db, id);
  });

  app.get<ById>('/api/boards/:id', async (request) => {
    const user = requireUser(request);
    return getBoard(ctx.db, user.id, boardId(request.params));
  });

  app.delete<ById>('/api/boards/:id', async (request, reply) => {
    const user = requireUser(request);
    await deleteBoard(depsFor(ctx, request), user.id, boardId(request.params));
    return reply.status(204).send();
  });

  app.post<ById>('/api/boards/:id/lists', async (request, reply) => {
    const user = requireUser(request);
    const id = boardId(request.params);
    const input = parse(ListCreateSchema, request.body);
    return reply.status(201).send(await createList(depsFor(ctx, request), user.id, id, input));
  });

  app.patch<ById>('/api/lists/:id', async (request) => {
    const user = requireUser(request);
    const id = listId(request.params);
    const input = parse(ListUpdateSchema, request.body);
    return renameList(depsFor(ctx, request), user.id, id, input);
  });

  app.post<ById>('/api/lists/:id/move', async (request) => {
    const user = requireUser(request);
    const id = listId(request.params);
    const input = parse(ListMoveSchema, request.body);
    return moveList(depsFor(ctx, request), user.id, id, input);
  });

  app.delete<ById>('/api/lists/:id', async (request, reply) => {
    const user = requireUser(request);
    await deleteList(depsFor(ctx, request), user.id, listId(request.params));
    return reply.status(204).send();
  });

  app.post<ById>('/api/lists/:id/tasks', async (request, reply) => {
    const user = requireUser(request);
    const id = listId(request.params);
    const input = parse(TaskCreateSchema, request.body);
    return reply.status(201).send(await createTask(depsFor(ctx, request), user.id, id, input));
  });

  app.patch<ById>('/api/tasks/:id', async (request) => {
    const user = requireUser(request);
    const id = taskId(request.params);
    const input = parse(TaskUpdateSchema, request.body);
    return updateTask(depsFor(ctx, request), user.id, id, input);
  });

  app.post<ById>('/api/tasks/:id/move', async (request) => {
    const user = requireUser(request);
    const id = taskId(request.params);
    const input = parse(TaskMoveSchema, request.body);
    return moveTask(depsFor(ctx, request), user.id, id, input);
  });

  app.delete<ById>('/api/tasks/:id', async (request, reply) => {
    const user = requireUser(request);
    await deleteTask(depsFor(ctx, request), user.id, taskId(request.params));
    return reply.status(204).send();
  });
}
