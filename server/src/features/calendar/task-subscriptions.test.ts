import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Board, BoardList, Task } from '#shared/boards';
import { calendarEventsOf, startCalendarWorld } from '../../../test/calendar-world';
import { buildChannel } from '../../../test/chat-factories';
import type { Actor } from '../../../test/factories';
import type { TestServer } from '../../../test/server';

// docs/calendar.md, "Tasks": a task made and changed through the boards API shows on its
// assignee's calendar, moves with its due date, and goes with its assignee or itself.
let server: TestServer;
let alice: Actor;
let bob: Actor;
beforeAll(async () => {
  ({ server, alice, bob } = await startCalendarWorld());
});
afterAll(() => server?.close());

const taskEventsOf = async (who: Actor, taskId: string) =>
  (await calendarEventsOf(who)).filter((event) => event.taskId === taskId);

describe('tasks on the calendar', () => {
  it('follows a task from the board: made, moved, unassigned, reassigned, deleted', async () => {
    const channel = await buildChannel(alice);
    expect((await bob.client.post(`/api/channels/${channel.id}/join`)).status).toBe(200);
    const board = await alice.client.post<Board>(`/api/channels/${channel.id}/boards`, {
      name: 'Sprint',
    });
    const list = await alice.client.post<BoardList>(`/api/boards/${board.body.id}/lists`, {
      name: 'À faire',
    });
    const made = await alice.client.post<Task>(`/api/lists/${list.body.id}/tasks`, {
      title: 'Préparer la démo',
      dueDate: '2026-12-01',
      assignedToId: bob.user.id,
    });
    expect(made.status).toBe(201);
    const taskId = made.body.id;

    await vi.waitFor(async () => {
      const [event] = await taskEventsOf(bob, taskId);
      expect(event).toMatchObject({ title: 'Préparer la démo', allDay: true });
      expect(event?.startTime.slice(0, 10)).toBe('2026-12-01');
    });

    await alice.client.patch(`/api/tasks/${taskId}`, { dueDate: '2026-12-03' });
    await vi.waitFor(async () => {
      const events = await taskEventsOf(bob, taskId);
      expect(events.map((e) => e.startTime.slice(0, 10))).toEqual(['2026-12-03']);
    });

    await alice.client.patch(`/api/tasks/${taskId}`, { assignedToId: null });
    await vi.waitFor(async () => expect(await taskEventsOf(bob, taskId)).toEqual([]));

    await alice.client.patch(`/api/tasks/${taskId}`, { assignedToId: alice.user.id });
    await vi.waitFor(async () => expect(await taskEventsOf(alice, taskId)).toHaveLength(1));
    expect(await taskEventsOf(bob, taskId)).toEqual([]);

    expect((await alice.client.delete(`/api/tasks/${taskId}`)).status).toBe(204);
    await vi.waitFor(async () => expect(await taskEventsOf(alice, taskId)).toEqual([]));
  });
});
