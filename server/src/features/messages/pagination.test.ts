import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Channel } from '#shared/channels';
import type { Message, MessagePage } from '#shared/messages';
import { buildChannel, sendMessage } from '../../../test/chat-factories';
import { type Actor, buildUser } from '../../../test/factories';
import { startTestServer, type TestServer } from '../../../test/server';

let server: TestServer;
let alice: Actor;
let channel: Channel;
let sent: Message[];
beforeAll(async () => {
  server = await startTestServer();
  alice = await buildUser(server);
  channel = await buildChannel(alice);
  sent = [];
  for (let i = 0; i < 120; i++) sent.push(await sendMessage(alice, channel.id, `message ${i}`));
});
afterAll(() => server?.close());

const page = async (query = '') =>
  (await alice.client.get<MessagePage>(`/api/channels/${channel.id}/messages${query}`)).body;
const contents = (p: MessagePage) => p.messages.map((m) => m.content);
const range = (from: number, to: number) =>
  Array.from({ length: to - from }, (_, i) => `message ${from + i}`);

describe('GET /api/channels/:id/messages', () => {
  it('pages 120 messages newest first as 50, 50, 20, each in reading order', async () => {
    const first = await page();
    expect(contents(first)).toEqual(range(70, 120));
    expect(first.newerCursor).toBeNull();
    const second = await page(`?before=${first.nextCursor}`);
    expect(contents(second)).toEqual(range(20, 70));
    const third = await page(`?before=${second.nextCursor}`);
    expect(contents(third)).toEqual(range(0, 20));
    expect(third.nextCursor).toBeNull();
    const ids = [...third.messages, ...second.messages, ...first.messages].map((m) => m.id);
    expect(ids).toEqual(sent.map((m) => m.id));
  });

  it('catches up after a seq with exactly the later messages, in order', async () => {
    const after = await page(`?after=${sent[99]!.seq}`);
    expect(contents(after)).toEqual(range(100, 120));
    expect(after.newerCursor).toBeNull();
    expect((await page(`?after=${sent[119]!.seq}`)).messages).toEqual([]);
  });

  it('centres a page on a message for permalinks', async () => {
    const around = await page(`?around=${sent[10]!.id}`);
    expect(contents(around)).toEqual(range(0, 50));
    expect(around.nextCursor).toBeNull();
    expect(around.newerCursor).toBe(String(sent[49]!.seq));

    const middle = await page(`?around=${sent[60]!.id}`);
    expect(contents(middle)).toEqual(range(35, 85));
    expect(middle.nextCursor).toBe(String(sent[35]!.seq));
    const newer = await page(`?after=${middle.newerCursor}`);
    expect(contents(newer)[0]).toBe('message 85');

    const end = await page(`?around=${sent[115]!.id}`);
    expect(contents(end)).toEqual(range(70, 120));
    expect(end.newerCursor).toBeNull();
  });

  it('opens where reading resumes: around the first message after a read seq', async () => {
    const resume = await page(`?from=${sent[59]!.seq}`);
    // The same window as a permalink to the first unread message.
    expect(contents(resume)).toEqual(range(35, 85));
    expect(resume.messages.findIndex((m) => m.id === sent[60]!.id)).toBe(25);
    // Nothing read yet: from the very start; everything read: the newest page.
    expect(contents(await page('?from=0'))).toEqual(range(0, 50));
    expect(contents(await page(`?from=${sent[119]!.seq}`))).toEqual(range(70, 120));
  });

  it.each([
    ['?before=abc', 'Le curseur doit être un numéro de séquence'],
    ['?after=-1', 'Le curseur doit être positif'],
    ['?before=1&after=2', 'Utilisez un seul de before, after, around ou from'],
    [
      '?from=1&around=2b1e7a3c-0c47-4e0e-9d4b-6b0f0f5b2f43',
      'Utilisez un seul de before, after, around ou from',
    ],
    ['?around=nope', 'L’identifiant du message n’est pas valide'],
  ])('rejects %s (400)', async (query, message) => {
    const res = await alice.client.get<{ message: string }>(
      `/api/channels/${channel.id}/messages${query}`,
    );
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
  });

  it('answers 404 for a permalink to a message of another channel', async () => {
    const other = await buildChannel(alice);
    const res = await alice.client.get(`/api/channels/${other.id}/messages?around=${sent[0]!.id}`);
    expect(res.status).toBe(404);
  });
});

// The newest page and the page before a seq are read by a select compiled once
// (db/compiled-select.ts), the catch-up by Drizzle's own: both show a message alike.
describe('a message in a page', () => {
  it('is shown as the catch-up shows it: author, edit, reactions, thread', async () => {
    const target = await sendMessage(alice, channel.id, 'à relire');
    await alice.client.patch(`/api/messages/${target.id}`, { content: 'relu' });
    await alice.client.post(`/api/messages/${target.id}/reactions`, { emoji: '👍' });
    const reply = await sendMessage(alice, channel.id, {
      content: 'dans le fil',
      parentMessageId: target.id,
    });
    const newest = await page();
    const before = await page(`?before=${reply.seq + 1}`);
    const caughtUp = await page(`?after=${target.seq - 1}`);
    const shown = newest.messages.find((m) => m.id === target.id);
    expect(shown).toMatchObject({
      content: 'relu',
      edited: true,
      replyCount: 1,
      lastReplyAt: reply.createdAt,
      reactions: [{ emoji: '👍', count: 1, userIds: [alice.user.id] }],
      user: { id: alice.user.id, email: alice.user.email },
    });
    expect(shown).toEqual(caughtUp.messages.find((m) => m.id === target.id));
    expect(before.messages.at(-1)).toEqual(shown);
  });
});
