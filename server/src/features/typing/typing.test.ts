import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TypingUser } from '#shared/messages';
import { addMember, buildChannel } from '../../../test/chat-factories';
import { buildUser } from '../../../test/factories';
import { startTestServer, type TestServer } from '../../../test/server';
import { setTyping } from './service';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

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
    await setTyping(server.database.db, channel.id, alice.user.id, true);
    await server.database.sql`update user_presence set updated_at = now() - interval '6 seconds'
      where channel_id = ${channel.id}`;
    expect((await bob.client.get(`/api/channels/${channel.id}/typing`)).body).toEqual([]);
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
