import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiErrorBody } from '#shared/auth';
import type { Board, BoardDetail, BoardList, Task } from '#shared/boards';
import { addMember, buildChannel } from '../../../test/chat-factories';
import { type Actor, buildUser } from '../../../test/factories';
import { startTestServer, type TestServer } from '../../../test/server';

// An archived channel is read-only (docs/product.md, « Canaux archivés »): its boards, lists
// and tasks read as before, and every write answers 409 « Ce canal est archivé » until the
// channel is unarchived.

let server: TestServer;
let alice: Actor;
let bob: Actor;

beforeAll(async () => {
  server = await startTestServer();
  alice = await buildUser(server, { displayName: 'Alice' });
  bob = await buildUser(server, { displayName: 'Bob' });
});
afterAll(() => server?.close());

type Body<T> = T & ApiErrorBody;

describe('boards of an archived channel', () => {
  it('read as before and refuse every write with 409 until unarchived', async () => {
    const channel = await buildChannel(alice, { type: 'group' });
    await addMember(channel, alice, bob);
    const board = (
      await alice.client.post<Body<Board>>(`/api/channels/${channel.id}/boards`, {
        name: 'Sprint',
      })
    ).body;
    const todo = (
      await alice.client.post<Body<BoardList>>(`/api/boards/${board.id}/lists`, {
        name: 'À faire',
      })
    ).body;
    const done = (
      await alice.client.post<Body<BoardList>>(`/api/boards/${board.id}/lists`, {
        name: 'Terminé',
      })
    ).body;
    const task = (
      await alice.client.post<Body<Task>>(`/api/lists/${todo.id}/tasks`, {
        title: 'Relire',
      })
    ).body;

    const archived = await alice.client.post(`/api/channels/${channel.id}/archive`, {});
    expect(archived.status).toBe(200);

    const detail = await bob.client.get<Body<BoardDetail>>(`/api/boards/${board.id}`);
    expect(detail.status).toBe(200);
    expect(detail.body.lists.map((l) => l.name)).toEqual(['À faire', 'Terminé']);

    const writes = [
      () => bob.client.post<ApiErrorBody>(`/api/channels/${channel.id}/boards`, { name: 'Autre' }),
      () => bob.client.post<ApiErrorBody>(`/api/boards/${board.id}/lists`, { name: 'Bloqué' }),
      () => bob.client.patch<ApiErrorBody>(`/api/lists/${todo.id}`, { name: 'Renommée' }),
      () => bob.client.post<ApiErrorBody>(`/api/lists/${done.id}/move`, { index: 0 }),
      () => bob.client.post<ApiErrorBody>(`/api/lists/${todo.id}/tasks`, { title: 'Nouvelle' }),
      () => bob.client.patch<ApiErrorBody>(`/api/tasks/${task.id}`, { title: 'Relire vite' }),
      () =>
        bob.client.post<ApiErrorBody>(`/api/tasks/${task.id}/move`, { listId: done.id, index: 0 }),
      () => bob.client.delete<ApiErrorBody>(`/api/tasks/${task.id}`),
      () => bob.client.delete<ApiErrorBody>(`/api/lists/${done.id}`),
      () => alice.client.delete<ApiErrorBody>(`/api/boards/${board.id}`),
    ];
    for (const write of writes) {
      const response = await write();
      expect(response.status).toBe(409);
      expect(response.body.message).toBe('Ce canal est archivé');
    }

    const after = await bob.client.get<Body<BoardDetail>>(`/api/boards/${board.id}`);
    expect(after.body).toEqual(detail.body);

    await alice.client.post(`/api/channels/${channel.id}/unarchive`, {});
    const moved = await bob.client.post<Body<Task>>(`/api/tasks/${task.id}/move`, {
      listId: done.id,
      index: 0,
    });
    expect(moved.status).toBe(200);
    expect(moved.body.listId).toBe(done.id);
  });
});
