import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import type { Board, BoardList, Task } from '#shared/boards';
import { findFrenchDate } from '#shared/french-dates';
import type { Message } from '#shared/messages';
import { calendarEventsOf, startCalendarWorld } from '../../../test/calendar-world';
import { buildChannel, sendMessage } from '../../../test/chat-factories';
import type { Actor } from '../../../test/factories';
import type { TestServer } from '../../../test/server';

// Issue 50 item 4 (docs/product.md, « Des messages qui deviennent des plans »): a message's
// date made a task's due date lands on the assignee's calendar, and moving the task on the
// board (another list, another place) keeps the calendar in step.
let server: TestServer;
let alice: Actor;
let bob: Actor;
beforeAll(async () => {
  ({ server, alice, bob } = await startCalendarWorld());
});
afterAll(() => server?.close());

const taskEventsOf = async (who: Actor, taskId: string) =>
  (await calendarEventsOf(who)).filter((event) => event.taskId === taskId);

it('a due date read in a message, made a task, follows the task across lists and edits', async () => {
  const channel = await buildChannel(alice);
  expect((await bob.client.post(`/api/channels/${channel.id}/join`)).status).toBe(200);
  const message: Message = await sendMessage(
    alice,
    channel.id,
    'Le rapport est à rendre pour le 12 mars',
  );
  // What the chip under the message offers: the date as read, in Paris (a day, no time).
  const found = findFrenchDate(message.content, {
    now: new Date('2026-12-02T08:40:00Z'),
    timeZone: 'Europe/Paris',
  });
  expect(found?.hasTime).toBe(false);
  const dueDate = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Paris' }).format(found!.at);
  expect(dueDate).toBe('2027-03-12');

  const board = await alice.client.post<Board>(`/api/channels/${channel.id}/boards`, {
    name: 'Rapports',
  });
  const todo = await alice.client.post<BoardList>(`/api/boards/${board.body.id}/lists`, {
    name: 'À faire',
  });
  const doing = await alice.client.post<BoardList>(`/api/boards/${board.body.id}/lists`, {
    name: 'En cours',
  });
  const made = await alice.client.post<Task>(`/api/lists/${todo.body.id}/tasks`, {
    title: 'Rendre le rapport',
    dueDate,
    assignedToId: bob.user.id,
    messageId: message.id,
  });
  expect(made.status).toBe(201);
  const taskId = made.body.id;
  await vi.waitFor(async () => {
    const [event] = await taskEventsOf(bob, taskId);
    expect(event?.startTime.slice(0, 10)).toBe('2027-03-12');
  });

  // Dragged to another list: the same one event, same day.
  const moved = await alice.client.post<Task>(`/api/tasks/${taskId}/move`, {
    listId: doing.body.id,
    index: 0,
  });
  expect(moved.status).toBe(200);
  await new Promise((resolve) => setTimeout(resolve, 200));
  const afterMove = await taskEventsOf(bob, taskId);
  expect(afterMove).toHaveLength(1);
  expect(afterMove[0]?.startTime.slice(0, 10)).toBe('2027-03-12');
  expect(afterMove[0]?.title).toBe('Rendre le rapport');

  // Changed in its new list: the calendar follows.
  await alice.client.patch(`/api/tasks/${taskId}`, {
    dueDate: '2027-03-15',
    title: 'Rapport final',
  });
  await vi.waitFor(async () => {
    const events = await taskEventsOf(bob, taskId);
    expect(events.map((e) => [e.startTime.slice(0, 10), e.title])).toEqual([
      ['2027-03-15', 'Rapport final'],
    ]);
  });

  // Back to the first list, at its end: still one event.
  await alice.client.post(`/api/tasks/${taskId}/move`, { listId: todo.body.id, index: 0 });
  await new Promise((resolve) => setTimeout(resolve, 200));
  expect(await taskEventsOf(bob, taskId)).toHaveLength(1);
  expect(await taskEventsOf(alice, taskId)).toEqual([]);
});
