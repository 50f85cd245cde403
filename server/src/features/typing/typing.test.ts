import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { TYPING_TTL_MS, type TypingUser } from '#shared/messages';
import { STORE_JOBS_OFF } from '../../../test/background-jobs';
import { addMember, buildChannel } from '../../../test/chat-factories';
import { buildUser } from '../../../test/factories';
import { startTestServer, type TestServer } from '../../../test/server';
import { StoreCounters } from '../../../test/store-counters';
import { isEvent, socketOpener } from '../../../test/test-socket';

let server: TestServer;
beforeAll(async () => {
  // The store's statements and commits are counted: no periodic job may add its own meanwhile (the privacy
  // jobs' minute tick did, in a fresh-clone run where the span lasted 27 s).
  server = await startTestServer({ env: STORE_JOBS_OFF });
});
afterAll(() => server?.close());
afterEach(() => {
  vi.useRealTimers();
});
const open = socketOpener(() => server);

describe('typing', () => {
  it('shows other members who are typing, then stops', async () => {
    const alice = await buildUser(server, { displayName: 'Alice' });
    const bob = await buildUser(server, { displayName: 'Bob' });
    const channel = await buildChannel(alice, { type: 'group' });
    await addMember(channel, alice, bob);
    const url = `/api/channels/${channel.id}/typing`;

    expect((await alice.client.post(url, { isTyping: true })).status).toBe(204);
    const seen = await bob.client.get<TypingUser[]>(url);
    expect(seen.status).toBe(200);
    expect(seen.body).toEqual([
      {
        userId: alice.user.id,
        firstName: alice.user.firstName,
        lastName: alice.user.lastName,
        displayName: 'Alice',
        email: alice.user.email,
      },
    ]);
    // Never oneself.
    expect((await alice.client.get<TypingUser[]>(url)).body).toEqual([]);

    await alice.client.post(url, { isTyping: false });
    expect((await bob.client.get<TypingUser[]>(url)).body).toEqual([]);
  });

  it('forgets a typing flag older than 5 s', async () => {
    const alice = await buildUser(server);
    const bob = await buildUser(server);
    const channel = await buildChannel(alice);
    await bob.client.post(`/api/channels/${channel.id}/join`);
    const url = `/api/channels/${channel.id}/typing`;
    await alice.client.post(url, { isTyping: true });
    expect((await bob.client.get<TypingUser[]>(url)).body).toHaveLength(1);
    // Only the clock moves on (timers and I/O stay real): the flag is TYPING_TTL_MS + 1 s old.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + TYPING_TTL_MS + 1000);
    expect((await bob.client.get(url)).body).toEqual([]);
  });

  it('lists a user typing over the socket, until they stop or leave the channel', async () => {
    const alice = await buildUser(server, { displayName: 'Alice' });
    const bob = await buildUser(server);
    const channel = await buildChannel(alice);
    await bob.client.post(`/api/channels/${channel.id}/join`);
    const url = `/api/channels/${channel.id}/typing`;
    const [a, b] = [await open(alice), await open(bob)];
    await Promise.all([a.view(channel.id), b.view(channel.id)]);

    a.send({ type: 'typing', channelId: channel.id, isTyping: true });
    await b.next(isEvent('typing_update', { channelId: channel.id, isTyping: true }));
    expect((await bob.client.get<TypingUser[]>(url)).body).toEqual([
      {
        userId: alice.user.id,
        firstName: alice.user.firstName,
        lastName: alice.user.lastName,
        displayName: 'Alice',
        email: alice.user.email,
      },
    ]);
    a.send({ type: 'typing', channelId: channel.id, isTyping: false });
    await b.next(isEvent('typing_update', { channelId: channel.id, isTyping: false }));
    expect((await bob.client.get(url)).body).toEqual([]);

    // Bob types, then leaves: Alice's poll stops listing him at once, not after the TTL.
    b.send({ type: 'typing', channelId: channel.id, isTyping: true });
    await a.next(isEvent('typing_update', { channelId: channel.id, isTyping: true }));
    expect((await alice.client.get<TypingUser[]>(url)).body).toHaveLength(1);
    expect((await bob.client.post(`/api/channels/${channel.id}/leave`)).status).toBeLessThan(300);
    expect((await alice.client.get(url)).body).toEqual([]);
  });

  it('validates the body and hides the channel from non-members', async () => {
    const alice = await buildUser(server);
    const stranger = await buildUser(server);
    const channel = await buildChannel(alice);
    const url = `/api/channels/${channel.id}/typing`;
    const bad = await alice.client.post<{ message: string }>(url, { isTyping: 'oui' });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('isTyping doit être vrai ou faux');
    expect((await stranger.client.get(url)).status).toBe(404);
    expect((await stranger.client.post(url, { isTyping: true })).status).toBe(404);
  });
});

describe('typing and the store', () => {
  it('a thousand typing frames neither write nor read: the store commits no transaction for them', async () => {
    // 25 typers in 20 channels, one start and one stop each: every frame is honoured (the
    // throttle allows one start per user and channel per 2 s, and a stop after it).
    const typers = await Promise.all(Array.from({ length: 25 }, () => buildUser(server)));
    const watcher = await buildUser(server);
    const channels = await Promise.all(Array.from({ length: 20 }, () => buildChannel(watcher)));
    await Promise.all(
      typers.map(async (typer) => {
        for (const c of channels) await typer.client.post(`/api/channels/${c.id}/join`);
      }),
    );
    // typing_update reaches the sockets that have the channel open: one per channel.
    const views = await Promise.all(channels.map(() => open(watcher)));
    await Promise.all(views.map((view, i) => view.view((channels[i] as { id: string }).id)));
    const w = views[0] as (typeof views)[number];
    await w.watch(typers.map((typer) => typer.user.id));
    const sockets = await Promise.all(typers.map((typer) => open(typer)));
    // Coming online writes users.status: wait until everyone's has been announced.
    const announced = () => new Set(w.events.map((e) => e.type === 'presence_update' && e.userId));
    await until(() => [watcher, ...typers].every((who) => announced().has(who.user.id)));

    const counters = StoreCounters.open(server);
    try {
      const before = await counters.afterSessionSweep();
      sockets.forEach((socket) => {
        for (const c of channels) socket.send({ type: 'typing', channelId: c.id, isTyping: true });
        for (const c of channels) socket.send({ type: 'typing', channelId: c.id, isTyping: false });
      });
      const heard = () =>
        views.reduce((n, v) => n + v.events.filter((e) => e.type === 'typing_update').length, 0);
      await until(() => heard() === 1000);
      const after = await counters.read();
      // Exact: the span started right after a sweep of expired sessions and ended before the
      // next (the server's only other use of the store), and the readings leave out their own.
      expect(after.sessionScans - before.sessionScans).toBe(0);
      expect(after.rowWrites - before.rowWrites).toBe(0);
      expect(after.commits - before.commits).toBe(0);
    } finally {
      await counters.close();
    }
  }, 60_000);
});

async function until(done: () => boolean, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!done()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
