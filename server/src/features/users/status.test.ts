import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { STORE_JOBS_OFF } from '../../../test/background-jobs';
import { buildUser } from '../../../test/factories';
import { startTestServer, type TestServer } from '../../../test/server';
import { StoreCounters } from '../../../test/store-counters';
import { userStatusStore } from './status';

let server: TestServer;
beforeAll(async () => {
  // The store's statements and commits are counted: no periodic job may add its own meanwhile (the privacy
  // jobs' minute tick did, in a fresh-clone run where the span lasted 27 s).
  server = await startTestServer({ env: STORE_JOBS_OFF });
});
afterAll(() => server?.close());

describe('the live status store (users.status)', () => {
  it('writes users changing at once in one statement, and leaves alone a row that shows its status', async () => {
    const people = await Promise.all(Array.from({ length: 4 }, () => buildUser(server)));
    const ids = people.map((p) => p.user.id);
    const { db } = server.database;
    const store = userStatusStore(db);
    const execute = vi.spyOn(db, 'execute');
    const counters = StoreCounters.open(server);
    try {
      const before = await counters.read();
      // A new account shows `online` (the column's default) until presence says otherwise.
      await Promise.all([
        store.saveStatus(ids[0] as string, 'away'),
        store.saveStatus(ids[1] as string, 'offline'),
        store.saveStatus(ids[2] as string, 'away'),
        store.saveStatus(ids[3] as string, 'online'),
      ]);
      const after = await counters.read();
      expect(execute).toHaveBeenCalledTimes(1);
      expect(after.userUpdates - before.userUpdates).toBe(3);
    } finally {
      execute.mockRestore();
      await counters.close();
    }
    expect(await store.loadStatuses(ids)).toEqual(
      new Map([
        [ids[0], 'away'],
        [ids[1], 'offline'],
        [ids[2], 'away'],
        [ids[3], 'online'],
      ]),
    );
  });

  it('looks up the chosen statuses of users connecting at once in one statement', async () => {
    const [alice, bob] = await Promise.all([buildUser(server), buildUser(server)]);
    await bob.client.patch('/api/auth/user', { status: 'away', statusMessage: '' });
    const { db } = server.database;
    const store = userStatusStore(db);
    const select = vi.spyOn(db, 'select');
    try {
      const chosen = await Promise.all([
        store.loadChosenStatus(alice.user.id),
        store.loadChosenStatus(bob.user.id),
        store.loadChosenStatus(alice.user.id),
      ]);
      expect(chosen).toEqual(['online', 'away', 'online']);
      expect(select).toHaveBeenCalledTimes(1);
    } finally {
      select.mockRestore();
    }
  });
});
