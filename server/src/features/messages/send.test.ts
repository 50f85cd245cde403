import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Channel } from '#shared/channels';
import { addMember, buildChannel, sendMessage } from '../../../test/chat-factories';
import { type Actor, buildUser } from '../../../test/factories';
import { startTestServer, type TestServer } from '../../../test/server';
import { isForeignKeyViolation } from '../../lib/errors';
import { insertMany, type SendInput, storeSends } from './send-statements';

// The batched store path itself, on the real store: what one statement does for many sends,
// and what happens when that statement fails.
let server: TestServer;
let alice: Actor;
let bob: Actor;
let first: Channel;
let second: Channel;
beforeAll(async () => {
  server = await startTestServer();
  [alice, bob] = await Promise.all([buildUser(server), buildUser(server)]);
  [first, second] = await Promise.all([
    buildChannel(alice, { type: 'group' }),
    buildChannel(alice, { type: 'group' }),
  ]);
  await addMember(first, alice, bob);
});
afterAll(() => server?.close());

const send = (channel: Channel, who: Actor, content: string, extra = {}): SendInput => ({
  channelId: channel.id,
  userId: who.user.id,
  data: { content, attachments: [], mentions: [], ...extra },
});

describe('storeSends', () => {
  it('numbers each channel’s sends in arrival order and skips non-members', async () => {
    const before = await sendMessage(alice, first.id, 'avant');
    const results = await storeSends(server.database.db, [
      send(first, alice, 'un'),
      send(second, alice, 'ailleurs'),
      send(first, bob, 'deux'),
      send(second, bob, 'intrus'), // Bob is no member of the second channel.
      send(first, alice, 'trois'),
    ]);
    const [one, elsewhere, two, stranger, three] = results;
    expect([one, two, three].map((r) => r && !(r instanceof Error) && r.row.seq)).toEqual([
      before.seq + 1,
      before.seq + 2,
      before.seq + 3,
    ]);
    expect(elsewhere && !(elsewhere instanceof Error) && elsewhere.row.content).toBe('ailleurs');
    expect(stranger).toBeUndefined();
  });

  it('stores a healthy batch in its one statement, authors read back with each message', async () => {
    // storeSends would hide a broken batch statement behind its send-by-send retry.
    const before = await sendMessage(alice, first.id, 'avant');
    const results = await insertMany(server.database.db, [
      send(first, alice, 'un'),
      send(first, bob, 'deux'),
      send(second, alice, 'ailleurs'),
    ]);
    expect(results.map((r) => r?.row.content)).toEqual(['un', 'deux', 'ailleurs']);
    expect(results.map((r) => r?.author.id)).toEqual([alice.user.id, bob.user.id, alice.user.id]);
    expect(results[0]?.author.createdAt).toBeInstanceOf(Date);
    expect(results.slice(0, 2).map((r) => r?.row.seq)).toEqual([before.seq + 1, before.seq + 2]);
    // Each sender has read the channel up to their own message (the unread counts' marker).
    const markers = await server.database.sql<{ userId: string; seq: number }[]>`
      select user_id as "userId", last_read_seq::int as seq from channel_members
      where channel_id = ${first.id}`;
    expect(Object.fromEntries(markers.map((m) => [m.userId, m.seq]))).toEqual({
      [alice.user.id]: before.seq + 1,
      [bob.user.id]: before.seq + 2,
    });
  });

  it('checks a named session in the same statement: an ended one stores nothing', async () => {
    const carol = await buildUser(server);
    const channel = await buildChannel(carol, { type: 'group' });
    const [session] = await server.database.sql<{ sid: string }[]>`
      select sid from sessions where sess->>'userId' = ${carol.user.id}`;
    const sid = session?.sid as string;
    const live = { ...send(channel, carol, 'vivante'), sessionId: sid };
    expect((await insertMany(server.database.db, [live]))[0]?.row.content).toBe('vivante');
    // Another user's session does not stand for Carol.
    const [other] = await server.database.sql<{ sid: string }[]>`
      select sid from sessions where sess->>'userId' = ${alice.user.id} limit 1`;
    const borrowed = { ...send(channel, carol, 'empruntée'), sessionId: other?.sid };
    await server.database.sql`update sessions set expire = now() - interval '1 second'
      where sid = ${sid}`;
    const ended = { ...send(channel, carol, 'expirée'), sessionId: sid };
    expect(await insertMany(server.database.db, [ended, borrowed])).toEqual([undefined, undefined]);
    expect((await storeSends(server.database.db, [ended]))[0]).toBeUndefined();
  });

  it('retries each send alone when the batch fails, so only the faulty one fails', async () => {
    const before = await sendMessage(alice, first.id, 'avant');
    // A reply to a message that does not exist breaks the batch's foreign key.
    const results = await storeSends(server.database.db, [
      send(first, alice, 'bon'),
      send(first, bob, 'orphelin', { parentMessageId: randomUUID() }),
      send(second, alice, 'bon aussi'),
    ]);
    expect(results[0]).toMatchObject({ row: { content: 'bon', seq: before.seq + 1 } });
    expect(results[1]).toBeInstanceOf(Error);
    // sendMessage answers that one with a 400 about the parent, not a 500.
    expect(isForeignKeyViolation(results[1])).toBe(true);
    expect(results[2]).toMatchObject({ row: { content: 'bon aussi' } });

    // Nothing of the failed statement remains: the channel's next seq follows on.
    const after = await sendMessage(alice, first.id, 'après');
    expect(after.seq).toBe(before.seq + 2);
    const rows = await server.database.sql<{ content: string }[]>`
      select content from messages where channel_id = ${first.id} and seq > ${before.seq}
      order by seq`;
    expect(rows.map((r) => r.content)).toEqual(['bon', 'après']);
  });
});
