import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Channel } from '#shared/channels';
import { addMember, buildChannel, sendMessage } from '../../../test/chat-factories';
import { type Actor, buildUser } from '../../../test/factories';
import { startTestServer, type TestServer } from '../../../test/server';
import { countedStatements } from '../../../test/store-counters';
import { ReadMarks } from './read-marks';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

const lastRead = async (who: Actor, channel: Channel) =>
  (await who.client.get<Channel[]>('/api/channels')).body.find((c) => c.id === channel.id);

describe('ReadMarks', () => {
  it('writes the marks of one moment in one statement, each caller getting its own read', async () => {
    const owner = await buildUser(server);
    const readers = await Promise.all(Array.from({ length: 12 }, () => buildUser(server)));
    const outsider = await buildUser(server);
    const channel = await buildChannel(owner, { type: 'group' });
    for (const reader of readers) await addMember(channel, owner, reader);
    for (const text of ['un', 'deux', 'trois']) await sendMessage(owner, channel.id, text);
    expect((await lastRead(readers[0] as Actor, channel))?.unreadCount).toBe(3);

    const store = countedStatements(server.database.db);
    const marks = new ReadMarks(store.db);
    const reads = await Promise.all([
      ...readers.map((reader) => marks.mark(reader.user.id, channel.id)),
      marks.mark(outsider.user.id, channel.id),
      marks.mark(readers[0]?.user.id as string, 'pas-un-uuid'),
    ]);

    expect(store.statements()).toBe(1);
    const lastSeq = (await lastRead(owner, channel))?.lastSeq;
    expect(reads.slice(0, readers.length)).toEqual(
      readers.map(() => ({
        channelId: channel.id,
        lastReadAt: expect.any(String),
        lastReadSeq: lastSeq,
      })),
    );
    // Not a member, or not a channel: nothing, and the others' marks are written all the same.
    expect(reads.slice(readers.length)).toEqual([null, null]);
    for (const reader of readers) {
      expect(await lastRead(reader, channel)).toMatchObject({
        unreadCount: 0,
        lastReadSeq: lastSeq,
      });
    }
  });

  it('lets the node wait for the marks still waiting to be written', async () => {
    const owner = await buildUser(server);
    const reader = await buildUser(server);
    const channel = await buildChannel(owner, { type: 'group' });
    await addMember(channel, owner, reader);
    await sendMessage(owner, channel.id, 'un');
    const marks = new ReadMarks(server.database.db);
    let written = false;
    void marks.mark(reader.user.id, channel.id).then(() => {
      written = true;
    });
    await marks.settled();
    expect(written).toBe(true);
    expect((await lastRead(reader, channel))?.unreadCount).toBe(0);
  });
});
