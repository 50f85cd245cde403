import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Channel } from '#shared/channels';
import { addMember, buildChannel, sendMessage } from '../../../test/chat-factories';
import { type Actor, buildUser } from '../../../test/factories';
import { startTestServer, type TestServer } from '../../../test/server';
import { isForeignKeyViolation } from '../../lib/errors';
import { type SendInput, storeSends } from './send';

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
    expect([one, two, three].map((r) => r && !(r instanceof Error) && r.seq)).toEqual([
      before.seq + 1,
      before.seq + 2,
      before.seq + 3,
    ]);
    expect(elsewhere && !(elsewhere instanceof Error) && elsewhere.content).toBe('ailleurs');
    expect(stranger).toBeUndefined();
  });

  it('retries each send alone when the batch fails, so only the faulty one fails', async () => {
    const before = await sendMessage(alice, first.id, 'avant');
    // A reply to a message that does not exist breaks the batch's foreign key.
    const results = await storeSends(server.database.db, [
      send(first, alice, 'bon'),
      send(first, bob, 'orphelin', { parentMessageId: randomUUID() }),
      send(second, alice, 'bon aussi'),
    ]);
    expect(results[0]).toMatchObject({ content: 'bon', seq: before.seq + 1 });
    expect(results[1]).toBeInstanceOf(Error);
    // sendMessage answers that one with a 400 about the parent, not a 500.
    expect(isForeignKeyViolation(results[1])).toBe(true);
    expect(results[2]).toMatchObject({ content: 'bon aussi' });

    // Nothing of the failed statement remains: the channel's next seq follows on.
    const after = await sendMessage(alice, first.id, 'après');
    expect(after.seq).toBe(before.seq + 2);
    const rows = await server.database.sql<{ content: string }[]>`
      select content from messages where channel_id = ${first.id} and seq > ${before.seq}
      order by seq`;
    expect(rows.map((r) => r.content)).toEqual(['bon', 'après']);
  });
});
