import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiErrorBody } from '#shared/auth';
import type { Board, BoardDetail, BoardList, MessageTask, Task } from '#shared/boards';
import type { Channel } from '#shared/channels';
import type { ServerEvent } from '#shared/protocol';
import { addMember, buildChannel, sendMessage } from '../../../test/chat-factories';
import { type Actor, buildUser } from '../../../test/factories';
import { startTestServer, type TestServer } from '../../../test/server';
import { isEvent, socketOpener } from '../../../test/test-socket';
import type { DomainEvents } from '../../events/bus';
import './events';

type Saved = DomainEvents['taskSaved'];
type Deleted = DomainEvents['taskDeleted'];

let server: TestServer;
let alice: Actor;
let bob: Actor;
let stranger: Actor;
const saved: Saved[] = [];
const deleted: Deleted[] = [];
const open = socketOpener(() => server);

beforeAll(async () => {
  server = await startTestServer({
    features: [
      (_app, ctx) => {
        ctx.events.on('taskSaved', (e) => void saved.push(e));
        ctx.events.on('taskDeleted', (e) => void deleted.push(e));
      },
    ],
  });
  alice = await buildUser(server, { displayName: 'Alice' });
  bob = await buildUser(server, { displayName: 'Bob' });
  stranger = await buildUser(server, { displayName: 'Intrus' });
});
afterAll(() => server?.close());

type Body<T> = T & ApiErrorBody;
const createBoard = (who: Actor, channelId: string, body: unknown = { name: 'Sprint' }) =>
  who.client.post<Body<Board>>(`/api/channels/${channelId}/boards`, body);
const getBoard = (who: Actor, boardId: string) =>
  who.client.get<Body<BoardDetail>>(`/api/boards/${boardId}`);
const createList = (who: Actor, boardId: string, name = 'À faire') =>
  who.client.post<Body<BoardList>>(`/api/boards/${boardId}/lists`, { name });
const createTask = (who: Actor, listId: string, body: unknown) =>
  who.client.post<Body<Task>>(`/api/lists/${listId}/tasks`, body);
const patchTask = (who: Actor, taskId: string, body: unknown) =>
  who.client.patch<Body<Task>>(`/api/tasks/${taskId}`, body);
const moveTask = (who: Actor, taskId: string, listId: string, index: number) =>
  who.client.post<Body<Task>>(`/api/tasks/${taskId}/move`, { listId, index });

/** A channel of alice and bob with a board, two lists and `count` tasks in the first. */
async function setUp(count = 0) {
  const channel = await buildChannel(alice, { type: 'group' });
  await addMember(channel, alice, bob);
  const board = (await createBoard(alice, channel.id)).body;
  const todo = (await createList(alice, board.id, 'À faire')).body;
  const done = (await createList(alice, board.id, 'Terminé')).body;
  const tasks: Task[] = [];
  for (let i = 0; i < count; i++) {
    tasks.push((await createTask(alice, todo.id, { title: `Tâche ${i}` })).body);
  }
  return { channel, board, todo, done, tasks };
}

const titlesOf = async (boardId: string) =>
  (await getBoard(alice, boardId)).body.lists.map((l) => l.tasks.map((t) => t.title));

describe('boards', () => {
  it('creates, lists, shows and deletes a board; names are required and bounded', async () => {
    const channel = await buildChannel(alice);
    const created = await createBoard(alice, channel.id, {
      name: '  Produit ',
      description: 'Feuille de route',
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ name: 'Produit', description: 'Feuille de route' });

    const list = await alice.client.get<Board[]>(`/api/channels/${channel.id}/boards`);
    expect(list.body.map((b) => b.id)).toEqual([created.body.id]);
    expect((await getBoard(alice, created.body.id)).body).toMatchObject({ lists: [] });

    const blank = await createBoard(alice, channel.id, { name: '   ' });
    expect(blank.status).toBe(400);
    expect(blank.body.message).toBe('Le nom du tableau est requis');
    expect((await createBoard(alice, channel.id, { name: 'x'.repeat(101) })).status).toBe(400);

    const gone = await alice.client.delete(`/api/boards/${created.body.id}`);
    expect(gone.status).toBe(204);
    expect((await getBoard(alice, created.body.id)).status).toBe(404);
  });

  it('answers 404 to a non-member on every board, list and task call', async () => {
    const { channel, board, todo, tasks } = await setUp(1);
    const task = tasks[0] as Task;
    const calls = [
      stranger.client.get(`/api/channels/${channel.id}/boards`),
      stranger.client.post(`/api/channels/${channel.id}/boards`, { name: 'X' }),
      stranger.client.get(`/api/channels/${channel.id}/message-tasks`),
      stranger.client.get(`/api/boards/${board.id}`),
      stranger.client.delete(`/api/boards/${board.id}`),
      stranger.client.post(`/api/boards/${board.id}/lists`, { name: 'X' }),
      stranger.client.patch(`/api/lists/${todo.id}`, { name: 'X' }),
      stranger.client.post(`/api/lists/${todo.id}/move`, { index: 0 }),
      stranger.client.delete(`/api/lists/${todo.id}`),
      stranger.client.post(`/api/lists/${todo.id}/tasks`, { title: 'X' }),
      stranger.client.patch(`/api/tasks/${task.id}`, { title: 'X' }),
      stranger.client.post(`/api/tasks/${task.id}/move`, { listId: todo.id, index: 0 }),
      stranger.client.delete(`/api/tasks/${task.id}`),
      stranger.client.get('/api/boards/not-an-id'),
    ];
    for (const res of await Promise.all(calls)) expect(res.status).toBe(404);
    expect(await titlesOf(board.id)).toEqual([['Tâche 0'], []]);
  });
});

describe('lists', () => {
  it('appends lists, renames, moves and deletes them with their tasks', async () => {
    const { board, todo, done } = await setUp(0);
    const third = (await createList(alice, board.id, 'En cours')).body;
    expect(third.position).toBeGreaterThan(done.position);
    expect((await createList(alice, board.id, ' ')).body.message).toBe(
      'Le nom de la liste est requis',
    );

    const moved = await alice.client.post<BoardList>(`/api/lists/${third.id}/move`, { index: 1 });
    expect(moved.status).toBe(200);
    const renamed = await alice.client.patch<BoardList>(`/api/lists/${todo.id}`, { name: 'Idées' });
    expect(renamed.body.name).toBe('Idées');
    const names = async () => (await getBoard(alice, board.id)).body.lists.map((l) => l.name);
    expect(await names()).toEqual(['Idées', 'En cours', 'Terminé']);

    const task = (await createTask(alice, third.id, { title: 'Partira avec sa liste' })).body;
    expect((await alice.client.delete(`/api/lists/${third.id}`)).status).toBe(204);
    expect(await names()).toEqual(['Idées', 'Terminé']);
    expect((await patchTask(alice, task.id, { title: 'x' })).status).toBe(404);
    expect(deleted).toContainEqual({ taskId: task.id, channelId: board.channelId });
  });
});

describe('tasks', () => {
  it('creates a task with docs/product.md §5 validation: title, labels, due date, assignee', async () => {
    const { channel, todo } = await setUp(0);
    const res = await createTask(alice, todo.id, {
      title: '  Écrire la doc ',
      description: 'Pour la démo',
      labels: [' urgent', 'urgent ', '', 'doc', '  '],
      dueDate: '2026-03-12',
      assignedToId: bob.user.id,
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      title: 'Écrire la doc',
      description: 'Pour la démo',
      labels: ['urgent', 'doc'],
      dueDate: '2026-03-12',
      assignedToId: bob.user.id,
      listId: todo.id,
      boardId: todo.boardId,
      messageId: null,
    });
    expect(saved).toContainEqual({
      task: {
        id: res.body.id,
        channelId: channel.id,
        title: 'Écrire la doc',
        dueDate: '2026-03-12',
        assigneeId: bob.user.id,
      },
    });

    const blank = await createTask(alice, todo.id, { title: ' ' });
    expect(blank.status).toBe(400);
    expect(blank.body.message).toBe('Le titre de la tâche est requis');
    expect((await createTask(alice, todo.id, { title: 'x'.repeat(201) })).status).toBe(400);
    const badDay = await createTask(alice, todo.id, { title: 'T', dueDate: '2026-02-30' });
    expect(badDay.status).toBe(400);
    expect(badDay.body.message).toBe('La date d’échéance doit être une date (AAAA-MM-JJ)');
    const outsider = await createTask(alice, todo.id, {
      title: 'T',
      assignedToId: stranger.user.id,
    });
    expect(outsider.status).toBe(400);
    expect(outsider.body.message).toBe('La personne assignée doit être membre du canal');
  });

  it('edits a task: each field optional, due date and assignee cleared with null', async () => {
    const { todo } = await setUp(0);
    const task = (
      await createTask(alice, todo.id, { title: 'T', dueDate: '2026-01-01', labels: ['a'] })
    ).body;
    const edited = await patchTask(bob, task.id, {
      title: 'Titre revu',
      labels: ['b', 'b', ' c '],
      assignedToId: alice.user.id,
    });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({
      title: 'Titre revu',
      labels: ['b', 'c'],
      dueDate: '2026-01-01',
      assignedToId: alice.user.id,
    });
    const cleared = await patchTask(alice, task.id, { dueDate: null, assignedToId: null });
    expect(cleared.body).toMatchObject({ dueDate: null, assignedToId: null, title: 'Titre revu' });
    expect((await patchTask(alice, task.id, { title: '' })).status).toBe(400);
    expect((await patchTask(alice, task.id, {})).status).toBe(400);
    expect((await patchTask(alice, task.id, { labels: 'a' })).status).toBe(400);
    expect((await patchTask(alice, task.id, { assignedToId: stranger.user.id })).status).toBe(400);

    expect((await alice.client.delete(`/api/tasks/${task.id}`)).status).toBe(204);
    expect((await alice.client.delete(`/api/tasks/${task.id}`)).status).toBe(404);
    expect(deleted).toContainEqual({ taskId: task.id, channelId: deletedChannel(task) });
  });

  it('moves tasks within and between lists, one row written per move', async () => {
    const { board, todo, done, tasks } = await setUp(4);
    const [t0, t1, t2, t3] = tasks as [Task, Task, Task, Task];
    await moveTask(alice, t3.id, todo.id, 0);
    await moveTask(alice, t0.id, done.id, 0);
    const res = await moveTask(bob, t1.id, done.id, 5);
    expect(res.body.listId).toBe(done.id);
    expect(await titlesOf(board.id)).toEqual([
      ['Tâche 3', 'Tâche 2'],
      ['Tâche 0', 'Tâche 1'],
    ]);
    const detail = (await getBoard(alice, board.id)).body;
    expect(detail.lists[0]?.tasks.map((t) => t.id)).toEqual([t3.id, t2.id]);
    const bad = await alice.client.post<ApiErrorBody>(`/api/tasks/${t2.id}/move`, {
      listId: done.id,
      index: -1,
    });
    expect(bad.status).toBe(400);
  });

  it('renumbers a list once when neighbours are too close to split', async () => {
    const { board, todo, tasks } = await setUp(3);
    const [t0, t1] = tasks as [Task, Task, Task];
    // Always between the first two: halves the gap each time until it must renumber.
    for (let i = 0; i < 45; i++) {
      const mover = i % 2 === 0 ? t0 : t1;
      await moveTask(alice, mover.id, todo.id, 1);
    }
    const positions = (await getBoard(alice, board.id)).body.lists[0]?.tasks.map((t) => t.position);
    expect(new Set(positions).size).toBe(3);
  });

  it('concurrent moves of one card converge to one order with distinct positions', async () => {
    const { board, todo, done, tasks } = await setUp(5);
    const card = tasks[2] as Task;
    const targets = Array.from({ length: 10 }, (_, i) => ({
      listId: i % 2 === 0 ? todo.id : done.id,
      index: i % 4,
    }));
    const results = await Promise.all(
      targets.map((t, i) => moveTask(i % 2 === 0 ? alice : bob, card.id, t.listId, t.index)),
    );
    for (const r of results) expect(r.status).toBe(200);

    const detail = (await getBoard(alice, board.id)).body;
    const all = detail.lists.flatMap((l) => l.tasks);
    expect(all.filter((t) => t.id === card.id)).toHaveLength(1);
    expect(all).toHaveLength(5);
    for (const list of detail.lists) {
      const positions = list.tasks.map((t) => t.position);
      expect(new Set(positions).size).toBe(positions.length);
      expect([...positions].sort((a, b) => a - b)).toEqual(positions);
    }
    // Bob reads the same board.
    expect((await getBoard(bob, board.id)).body).toEqual(detail);
  });

  it('ten cards dropped at once into the same slot all get distinct positions', async () => {
    const { board, done, tasks } = await setUp(10);
    const results = await Promise.all(
      tasks.map((task, i) => moveTask(i % 2 === 0 ? alice : bob, task.id, done.id, 0)),
    );
    for (const r of results) expect(r.status).toBe(200);
    const column = (await getBoard(alice, board.id)).body.lists[1]?.tasks ?? [];
    expect(column).toHaveLength(10);
    expect(new Set(column.map((t) => t.position)).size).toBe(10);
    // The last answer of each card is where it is: every client applying them agrees.
    for (const r of results) {
      expect(column.find((t) => t.id === r.body.id)?.position).toBe(r.body.position);
    }
  });

  it('refuses to move a task to a list of another channel, even one the caller belongs to', async () => {
    const { todo, tasks } = await setUp(1);
    const other = await setUp(0);
    const res = await moveTask(alice, (tasks[0] as Task).id, other.todo.id, 0);
    expect(res.status).toBe(404);
    expect(res.body.message).toBe('Liste introuvable');
    const mine = await getBoard(alice, todo.boardId);
    expect(mine.body.lists[0]?.tasks).toHaveLength(1);
  });
});

describe('members leaving', () => {
  it('unassigns a member who leaves the channel from its tasks', async () => {
    const { channel, board, todo } = await setUp(0);
    const task = (
      await createTask(alice, todo.id, { title: 'Pour Bob', assignedToId: bob.user.id })
    ).body;
    const aliceSocket = await open(alice);
    expect((await bob.client.post(`/api/channels/${channel.id}/leave`)).status).toBeLessThan(300);
    const event = await aliceSocket.next<Extract<ServerEvent, { type: 'task_saved' }>>(
      isEvent('task_saved', { channelId: channel.id }),
    );
    expect(event.task).toMatchObject({ id: task.id, assignedToId: null });
    expect((await getBoard(alice, board.id)).body.lists[0]?.tasks[0]?.assignedToId).toBeNull();
    expect(saved).toContainEqual({
      task: {
        id: task.id,
        channelId: channel.id,
        title: 'Pour Bob',
        dueDate: null,
        assigneeId: null,
      },
    });
  });
});

/** The channel a deleted task belonged to, as the taskDeleted event names it. */
function deletedChannel(task: Task): string | undefined {
  return saved.find((e) => e.task.id === task.id)?.task.channelId;
}

describe('message → task', () => {
  it('links a task to a message of its channel and lists the chips', async () => {
    const { channel, todo, done } = await setUp(0);
    const message = await sendMessage(alice, channel.id, 'Penser à la démo de vendredi');
    const task = await createTask(bob, todo.id, { title: 'Démo', messageId: message.id });
    expect(task.status).toBe(201);
    expect(task.body.messageId).toBe(message.id);
    const chips = await bob.client.get<MessageTask[]>(`/api/channels/${channel.id}/message-tasks`);
    expect(chips.body).toEqual([
      { messageId: message.id, taskId: task.body.id, boardId: todo.boardId, listName: 'À faire' },
    ]);
    await moveTask(alice, task.body.id, done.id, 0);
    const after = await bob.client.get<MessageTask[]>(`/api/channels/${channel.id}/message-tasks`);
    expect(after.body[0]?.listName).toBe('Terminé');

    const elsewhere = await buildChannel(alice);
    const foreign = await sendMessage(alice, elsewhere.id, 'Ailleurs');
    const refused = await createTask(alice, todo.id, { title: 'T', messageId: foreign.id });
    expect(refused.status).toBe(404);
  });
});

describe('live events', () => {
  it("reach another member's socket with the presented objects, and not a stranger's", async () => {
    const channel: Channel = await buildChannel(alice, { type: 'group' });
    await addMember(channel, alice, bob);
    const bobSocket = await open(bob);
    const strangerSocket = await open(stranger);
    const board = (await createBoard(alice, channel.id)).body;
    await bobSocket.next(isEvent('board_saved', { channelId: channel.id }));
    const list = (await createList(alice, board.id)).body;
    const listEvent = await bobSocket.next<Extract<ServerEvent, { type: 'list_saved' }>>(
      isEvent('list_saved'),
    );
    expect(listEvent.list).toEqual(list);
    const task = (await createTask(alice, list.id, { title: 'Live' })).body;
    const created = await bobSocket.next<Extract<ServerEvent, { type: 'task_saved' }>>(
      isEvent('task_saved'),
    );
    expect(created.task).toEqual(task);
    const moved = (await moveTask(alice, task.id, list.id, 0)).body;
    const movedEvent = await bobSocket.next<Extract<ServerEvent, { type: 'task_saved' }>>(
      isEvent('task_saved'),
    );
    expect(movedEvent.task).toEqual(moved);
    await alice.client.delete(`/api/tasks/${task.id}`);
    await bobSocket.next(isEvent('task_deleted', { taskId: task.id, listId: list.id }));
    await alice.client.delete(`/api/lists/${list.id}`);
    await bobSocket.next(isEvent('list_deleted', { listId: list.id }));
    await alice.client.delete(`/api/boards/${board.id}`);
    await bobSocket.next(isEvent('board_deleted', { boardId: board.id }));

    await strangerSocket.sync();
    expect(strangerSocket.ofChannel(channel.id)).toEqual([]);
  });
});
