import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { calendarEventsOf, startCalendarWorld } from '../../../test/calendar-world';
import { buildChannel } from '../../../test/chat-factories';
import type { Actor } from '../../../test/factories';
import type { TestServer } from '../../../test/server';
import { removeTaskEvent, upsertTaskEvent } from './task-events';

let server: TestServer;
let alice: Actor;
let bob: Actor;
beforeAll(async () => {
  ({ server, alice, bob } = await startCalendarWorld());
});
afterAll(() => server?.close());

const deps = () => ({ db: server.database.db });
const eventsOf = calendarEventsOf;

/** A task row as the boards feature stores it (its service is built elsewhere). */
async function buildTask(owner: Actor, title = 'Rendre le rapport'): Promise<string> {
  const channel = await buildChannel(owner);
  const { sql } = server.database;
  const [board] =
    await sql`insert into boards (channel_id, name) values (${channel.id}, 'Tableau') returning id`;
  const [list] =
    await sql`insert into lists (board_id, name) values (${board!.id}, 'À faire') returning id`;
  const [task] =
    await sql`insert into tasks (list_id, title) values (${list!.id}, ${title}) returning id`;
  return task!.id as string;
}

describe('task due dates on the calendar', () => {
  it("makes one all-day event on the assignee's calendar, then moves and renames it", async () => {
    const taskId = await buildTask(alice);
    await upsertTaskEvent(deps(), {
      taskId,
      assigneeId: alice.user.id,
      title: 'Rendre le rapport',
      dueDate: '2030-03-05',
    });
    const [first] = await eventsOf(alice);
    expect(first).toMatchObject({
      title: 'Rendre le rapport',
      allDay: true,
      taskId,
      task: { id: taskId, title: 'Rendre le rapport' },
      startTime: '2030-03-05T00:00:00.000Z',
      endTime: '2030-03-06T00:00:00.000Z',
    });

    await upsertTaskEvent(deps(), {
      taskId,
      assigneeId: alice.user.id,
      title: 'Rendre le rapport final',
      dueDate: '2030-03-09',
    });
    const again = await eventsOf(alice);
    expect(again).toHaveLength(1);
    expect(again[0]).toMatchObject({
      id: first!.id,
      title: 'Rendre le rapport final',
      startTime: '2030-03-09T00:00:00.000Z',
    });
  });

  it('follows the task to a new assignee, and goes without a due date or assignee', async () => {
    const taskId = await buildTask(alice);
    const input = { taskId, assigneeId: alice.user.id, title: 'Relire', dueDate: '2030-04-01' };
    await upsertTaskEvent(deps(), input);
    await upsertTaskEvent(deps(), { ...input, assigneeId: bob.user.id });
    expect((await eventsOf(alice)).some((e) => e.taskId === taskId)).toBe(false);
    expect((await eventsOf(bob)).filter((e) => e.taskId === taskId)).toHaveLength(1);

    await upsertTaskEvent(deps(), { ...input, assigneeId: bob.user.id, dueDate: null });
    expect((await eventsOf(bob)).some((e) => e.taskId === taskId)).toBe(false);
    await upsertTaskEvent(deps(), input);
    await upsertTaskEvent(deps(), { ...input, assigneeId: null });
    expect((await eventsOf(alice)).some((e) => e.taskId === taskId)).toBe(false);
  });

  it('removes the event with removeTaskEvent, and is idempotent under concurrent calls', async () => {
    const taskId = await buildTask(alice);
    const input = { taskId, assigneeId: alice.user.id, title: 'Payer', dueDate: '2030-06-10' };
    await Promise.all([upsertTaskEvent(deps(), input), upsertTaskEvent(deps(), input)]);
    expect((await eventsOf(alice)).filter((e) => e.taskId === taskId)).toHaveLength(1);
    await removeTaskEvent(deps(), taskId);
    await removeTaskEvent(deps(), taskId);
    expect((await eventsOf(alice)).some((e) => e.taskId === taskId)).toBe(false);
  });

  it('refuses a due date that is not YYYY-MM-DD', async () => {
    const taskId = await buildTask(alice);
    await expect(
      upsertTaskEvent(deps(), {
        taskId,
        assigneeId: alice.user.id,
        title: 'x',
        dueDate: '05/03/2030',
      }),
    ).rejects.toThrow(/YYYY-MM-DD/);
  });
});
