import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiErrorBody } from '#shared/auth';
import type { Channel } from '#shared/channels';
import type { Message, MessageHistory } from '#shared/messages';
import { addMember, buildChannel, sendMessage } from '../../../test/chat-factories';
import { type Actor, buildUser } from '../../../test/factories';
import { startTestServer, type TestServer } from '../../../test/server';
import { messageVersions } from './schema';

let server: TestServer;
let alice: Actor;
let bob: Actor;
let stranger: Actor;
let channel: Channel;
beforeAll(async () => {
  server = await startTestServer();
  [alice, bob, stranger] = await Promise.all([
    buildUser(server, { displayName: 'Alice' }),
    buildUser(server, { displayName: 'Bob' }),
    buildUser(server, { displayName: 'Stranger' }),
  ]);
  channel = await buildChannel(alice, { type: 'group' });
  await addMember(channel, alice, bob);
});
afterAll(() => server?.close());

const edit = (who: Actor, id: string, content: string) =>
  who.client.patch<Message>(`/api/messages/${id}`, { content });

describe('edit history', () => {
  it('keeps each text an edit replaced, for the channel’s members', async () => {
    const m = await sendMessage(alice, channel.id, 'première version');
    const untouched = await bob.client.get<MessageHistory>(`/api/messages/${m.id}/history`);
    expect(untouched.status).toBe(200);
    expect(untouched.body.versions).toEqual([
      { content: 'première version', writtenAt: m.createdAt, current: true },
    ]);

    const v2 = await edit(alice, m.id, 'deuxième **version**');
    expect(v2.status).toBe(200);
    const v3 = await edit(alice, m.id, 'troisième version');
    // The same text again is no new version.
    expect((await edit(alice, m.id, 'troisième version')).status).toBe(200);

    const history = await bob.client.get<MessageHistory>(`/api/messages/${m.id}/history`);
    expect(history.status).toBe(200);
    expect(history.body.messageId).toBe(m.id);
    expect(history.body.versions.map((v) => [v.content, v.current])).toEqual([
      ['troisième version', true],
      ['deuxième **version**', false],
      ['première version', false],
    ]);
    const [current, second, first] = history.body.versions;
    expect(first?.writtenAt).toBe(m.createdAt);
    expect(second?.writtenAt).toBe(v2.body.updatedAt);
    expect(Date.parse(current?.writtenAt ?? '')).toBeGreaterThanOrEqual(
      Date.parse(v3.body.updatedAt),
    );

    for (const res of [
      await stranger.client.get<ApiErrorBody>(`/api/messages/${m.id}/history`),
      await bob.client.get<ApiErrorBody>('/api/messages/pas-un-id/history'),
    ]) {
      expect(res.status).toBe(404);
      expect(res.body.message).toBe('Message introuvable');
    }
  });

  it('goes with the message: nothing is left to read once it is deleted', async () => {
    const m = await sendMessage(alice, channel.id, 'secret');
    await edit(alice, m.id, 'plus secret du tout');
    const db = server.database.db;
    const kept = await db.select().from(messageVersions).where(eq(messageVersions.messageId, m.id));
    expect(kept.map((v) => v.content)).toEqual(['secret']);

    expect((await alice.client.delete(`/api/messages/${m.id}`)).status).toBe(204);
    const gone = await bob.client.get<ApiErrorBody>(`/api/messages/${m.id}/history`);
    expect(gone.status).toBe(404);
    const left = await db.select().from(messageVersions).where(eq(messageVersions.messageId, m.id));
    expect(left).toEqual([]);
  });

  it('asks for a session (401)', async () => {
    const m = await sendMessage(alice, channel.id, 'visible');
    const res = await fetch(`${server.url}/api/messages/${m.id}/history`);
    expect(res.status).toBe(401);
  });
});
