import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiErrorBody } from '#shared/auth';
import type { Channel } from '#shared/channels';
import type { Message, MessagePage, ReactionToggleResult } from '#shared/messages';
import { addMember, buildChannel, sendMessage } from '../../../test/chat-factories';
import { type Actor, buildUser } from '../../../test/factories';
import { startTestServer, type TestServer } from '../../../test/server';

let server: TestServer;
let alice: Actor;
let bob: Actor;
let stranger: Actor;
let channel: Channel;
beforeAll(async () => {
  server = await startTestServer();
  [alice, bob, stranger] = await Promise.all([
    buildUser(server, { displayName: 'Alice Dupont' }),
    buildUser(server, { displayName: 'Bob', email: `bob-${Date.now()}@ruche.test` }),
    buildUser(server, { displayName: 'Stranger' }),
  ]);
  channel = await buildChannel(alice, { type: 'group' });
  await addMember(channel, alice, bob);
});
afterAll(() => server?.close());

const post = (who: Actor, body: unknown, channelId = channel.id) =>
  who.client.post<Message & ApiErrorBody>(`/api/channels/${channelId}/messages`, body);

describe('POST /api/channels/:id/messages', () => {
  it('stores the trimmed text with a seq, its author and no reactions', async () => {
    const res = await post(alice, { content: '  **Bonjour** tout le monde  ' });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      channelId: channel.id,
      userId: alice.user.id,
      content: '**Bonjour** tout le monde',
      edited: false,
      parentMessageId: null,
      reactions: [],
      replyCount: 0,
      lastReplyAt: null,
      attachments: [],
    });
    expect(res.body.user.id).toBe(alice.user.id);
    expect(res.body.seq).toBeGreaterThan(0);
  });

  it('sends "(attachment)" when there are attachments and no text (docs/product.md §5)', async () => {
    const attachment = {
      id: 'f1',
      name: 'plan.pdf',
      url: '/api/files/f1/download',
      size: 12,
      mimeType: 'application/pdf',
    };
    const res = await post(alice, { content: '   ', attachments: [attachment] });
    expect(res.status).toBe(201);
    expect(res.body.content).toBe('(attachment)');
    expect(res.body.attachments).toEqual([attachment]);
  });

  it.each([
    [
      'blank text without attachments',
      { content: '  \n ' },
      'content',
      'Le message est vide : écrivez un texte ou joignez un fichier',
    ],
    ['no body', {}, 'content', 'Le message est vide : écrivez un texte ou joignez un fichier'],
    [
      'too long text',
      { content: 'a'.repeat(10_001) },
      'content',
      'Le message ne peut pas dépasser 10000 caractères',
    ],
    [
      'a javascript: attachment',
      {
        content: 'x',
        attachments: [
          { id: 'a', name: 'a', url: 'javascript:alert(1)', size: 1, mimeType: 'text/plain' },
        ],
      },
      'attachments.0.url',
      'L’adresse de la pièce jointe doit commencer par / ou http(s)://',
    ],
    [
      'a malformed parent id',
      { content: 'x', parentMessageId: '12' },
      'parentMessageId',
      'L’identifiant du message parent n’est pas valide',
    ],
    [
      'an overlong clientId',
      { content: 'x', clientId: 'c'.repeat(65) },
      'clientId',
      'L’identifiant client dépasse 64 caractères',
    ],
  ])('rejects %s (400)', async (_label, body, field, message) => {
    const res = await post(alice, body);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
    expect(res.body.errors?.[field]).toContain(message);
  });

  it('answers 404 to a non-member', async () => {
    const res = await post(stranger, { content: 'intrus' });
    expect(res.status).toBe(404);
    expect(res.body.message).toBe('Canal introuvable');
  });

  it('stores mentions of members from the text and from the composer, never of strangers', async () => {
    const res = await post(alice, {
      content: 'Salut @bob et @Alice Dupont, pas @Stranger ni toto@bob.fr',
      mentions: [stranger.user.id],
    });
    expect(res.status).toBe(201);
    expect(res.body.mentions.sort()).toEqual([alice.user.id, bob.user.id].sort());
    const picked = await post(alice, {
      content: 'coucou',
      mentions: [bob.user.id, stranger.user.id],
    });
    expect(picked.body.mentions).toEqual([bob.user.id]);
  });
});

describe('idempotent sends (docs/product.md §10.10)', () => {
  it('returns the stored message for a retried clientId, with 200', async () => {
    const clientId = `retry-${Date.now()}`;
    const first = await post(bob, { content: 'une fois', clientId });
    const second = await post(bob, { content: 'une fois', clientId });
    expect(first.status).toBe(201);
    expect(second.status).toBe(200);
    expect(second.body.id).toBe(first.body.id);
    expect(second.body.seq).toBe(first.body.seq);
    // Another author may use the same clientId: the key is per (channel, author).
    const other = await post(alice, { content: 'autre', clientId });
    expect(other.status).toBe(201);
    expect(other.body.id).not.toBe(first.body.id);
  });

  it('stores 10 concurrent retries once, and seqs keep increasing', async () => {
    const clientId = `storm-${Date.now()}`;
    const before = await sendMessage(alice, channel.id, 'avant');
    const results = await Promise.all(
      Array.from({ length: 10 }, () => post(bob, { content: 'tempête', clientId })),
    );
    expect(results.filter((r) => r.status === 201)).toHaveLength(1);
    expect(results.every((r) => r.status === 201 || r.status === 200)).toBe(true);
    expect(new Set(results.map((r) => r.body.id)).size).toBe(1);
    const after = await sendMessage(alice, channel.id, 'après');
    const stored = results[0]!.body;
    expect(before.seq).toBeLessThan(stored.seq);
    expect(stored.seq).toBeLessThan(after.seq);

    const page = await bob.client.get<MessagePage>(
      `/api/channels/${channel.id}/messages?after=${before.seq}`,
    );
    expect(page.body.messages.map((m) => m.content)).toEqual(['tempête', 'après']);
  });

  it('gives concurrent senders distinct, strictly increasing seqs', async () => {
    const sent = await Promise.all(
      Array.from({ length: 20 }, (_, i) => sendMessage(i % 2 ? alice : bob, channel.id, `n${i}`)),
    );
    expect(new Set(sent.map((m) => m.seq)).size).toBe(20);
    const all = await bob.client.get<MessagePage>(
      `/api/channels/${channel.id}/messages?after=${Math.min(...sent.map((m) => m.seq)) - 1}`,
    );
    const seqs = all.body.messages.map((m) => m.seq);
    expect(seqs).toEqual([...seqs].sort((a, b) => a - b));
    expect(seqs).toHaveLength(20);
  });

  it('answers each of many simultaneous sends in several channels as if it were alone', async () => {
    const [mine, his, lonely] = await Promise.all([
      buildChannel(alice, { type: 'group' }),
      buildChannel(bob, { type: 'group' }),
      buildChannel(alice, { type: 'group' }),
    ]);
    await Promise.all([addMember(mine!, alice, bob), addMember(his!, bob, alice)]);
    const channels = [channel, mine!, his!];
    const clientId = `mix-${Date.now()}`;
    const sends = [
      ...Array.from({ length: 30 }, (_, i) => ({
        who: i % 2 ? alice : bob,
        channelId: channels[i % 3]!.id,
        body: { content: `m${i}` },
      })),
      // Bob is no member of the lonely channel; the stranger of none.
      { who: bob, channelId: lonely!.id, body: { content: 'intrus' } },
      { who: stranger, channelId: channel.id, body: { content: 'intrus' } },
      // The same retry three times in the same turn.
      ...Array.from({ length: 3 }, () => ({
        who: alice,
        channelId: channel.id,
        body: { content: 'retry', clientId },
      })),
    ];
    const results = await Promise.all(sends.map((s) => post(s.who, s.body, s.channelId)));

    const stored = results.slice(0, 30);
    expect(stored.map((r) => r.status)).toEqual(Array(30).fill(201));
    expect(stored.map((r) => r.body.content)).toEqual(
      sends.slice(0, 30).map((s) => s.body.content),
    );
    expect(results.slice(30, 32).map((r) => r.status)).toEqual([404, 404]);
    const retries = results.slice(32);
    expect(retries.map((r) => r.status).sort()).toEqual([200, 200, 201]);
    expect(new Set(retries.map((r) => r.body.id)).size).toBe(1);

    // Each channel's seqs are unique, and its history holds exactly what was acknowledged.
    for (const c of channels) {
      const mine = results.filter((r) => r.status < 300 && r.body.channelId === c.id);
      const ids = new Set(mine.map((r) => r.body.id));
      const seqs = [...new Set(mine.map((r) => r.body.seq))].sort((a, b) => a - b);
      const page = await alice.client.get<MessagePage>(
        `/api/channels/${c.id}/messages?after=${seqs[0]! - 1}`,
      );
      expect(page.body.messages.map((m) => m.seq)).toEqual(seqs);
      expect(new Set(page.body.messages.map((m) => m.id))).toEqual(ids);
    }
  });
});

describe('GET /api/channels/:id/messages, authors', () => {
  it('shows each message with its own author, however the authors alternate', async () => {
    const room = await buildChannel(alice, { type: 'group' });
    await addMember(room, alice, bob);
    for (const [i, who] of [alice, bob, alice, alice, bob].entries()) {
      await sendMessage(who, room.id, `tour ${i}`);
    }
    const page = await alice.client.get<MessagePage>(`/api/channels/${room.id}/messages`);
    expect(
      page.body.messages.map((m) => [m.content, m.userId, m.user.id, m.user.displayName]),
    ).toEqual([
      ['tour 0', alice.user.id, alice.user.id, 'Alice Dupont'],
      ['tour 1', bob.user.id, bob.user.id, 'Bob'],
      ['tour 2', alice.user.id, alice.user.id, 'Alice Dupont'],
      ['tour 3', alice.user.id, alice.user.id, 'Alice Dupont'],
      ['tour 4', bob.user.id, bob.user.id, 'Bob'],
    ]);
    expect(page.body.messages[2]?.user).toEqual(page.body.messages[0]?.user);
  });
});

describe('PATCH /api/messages/:id', () => {
  it('lets the author edit and marks the message edited', async () => {
    const message = await sendMessage(alice, channel.id, 'brouillon');
    const res = await alice.client.patch<Message>(`/api/messages/${message.id}`, {
      content: ' propre @bob ',
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: message.id,
      content: 'propre @bob',
      edited: true,
      seq: message.seq,
    });
    expect(res.body.mentions).toEqual([bob.user.id]);
  });

  it('keeps createdAt and moves updatedAt, in the answer and in the page', async () => {
    const message = await sendMessage(alice, channel.id, 'première version');
    expect(message.updatedAt).toBe(message.createdAt);
    await new Promise((resolve) => setTimeout(resolve, 5));
    const res = await alice.client.patch<Message>(`/api/messages/${message.id}`, {
      content: 'seconde version',
    });
    expect(res.body.createdAt).toBe(message.createdAt);
    expect(Date.parse(res.body.updatedAt)).toBeGreaterThan(Date.parse(message.createdAt));
    const page = await bob.client.get<MessagePage>(`/api/channels/${channel.id}/messages`);
    expect(page.body.messages.find((m) => m.id === message.id)).toMatchObject({
      createdAt: message.createdAt,
      updatedAt: res.body.updatedAt,
    });
  });

  it('answers 403 to another member, 404 to a stranger, 400 to a blank edit', async () => {
    const message = await sendMessage(alice, channel.id, 'à moi');
    const byBob = await bob.client.patch<ApiErrorBody>(`/api/messages/${message.id}`, {
      content: 'non',
    });
    expect(byBob.status).toBe(403);
    expect(byBob.body.message).toBe('Seul l’auteur peut modifier ce message');
    const byStranger = await stranger.client.patch<ApiErrorBody>(`/api/messages/${message.id}`, {
      content: 'non',
    });
    expect(byStranger.status).toBe(404);
    expect(byStranger.body.message).toBe('Message introuvable');
    const blank = await alice.client.patch<ApiErrorBody>(`/api/messages/${message.id}`, {
      content: '  ',
    });
    expect(blank.status).toBe(400);
    expect(blank.body.message).toBe('Le message ne peut pas être vide');
  });
});

describe('DELETE /api/messages/:id', () => {
  it('lets only the author delete (403 for members, 404 for strangers)', async () => {
    const message = await sendMessage(alice, channel.id, 'éphémère');
    expect((await bob.client.delete(`/api/messages/${message.id}`)).status).toBe(403);
    expect((await stranger.client.delete(`/api/messages/${message.id}`)).status).toBe(404);
    expect((await alice.client.delete(`/api/messages/${message.id}`)).status).toBe(204);
    expect((await alice.client.delete(`/api/messages/${message.id}`)).status).toBe(404);
    expect((await alice.client.patch(`/api/messages/${message.id}`, { content: 'x' })).status).toBe(
      404,
    );
  });
});

describe('POST /api/messages/:id/reactions', () => {
  it('toggles the caller’s reaction and groups them with who reacted', async () => {
    const message = await sendMessage(alice, channel.id, 'réagissez');
    const url = `/api/messages/${message.id}/reactions`;
    await alice.client.post(url, { emoji: '👍' });
    const both = await bob.client.post<ReactionToggleResult>(url, { emoji: '👍' });
    expect(both.status).toBe(200);
    expect(both.body).toEqual({
      channelId: channel.id,
      messageId: message.id,
      reactions: [{ emoji: '👍', count: 2, userIds: [alice.user.id, bob.user.id] }],
    });
    await bob.client.post(url, { emoji: '🎉' });
    const undone = await alice.client.post<ReactionToggleResult>(url, { emoji: '👍' });
    expect(undone.body.reactions).toEqual([
      { emoji: '👍', count: 1, userIds: [bob.user.id] },
      { emoji: '🎉', count: 1, userIds: [bob.user.id] },
    ]);
    const page = await alice.client.get<MessagePage>(`/api/channels/${channel.id}/messages`);
    expect(page.body.messages.find((m) => m.id === message.id)?.reactions).toEqual(
      undone.body.reactions,
    );
  });

  it.each([
    ['text', 'ok', 'La réaction doit être un émoji'],
    ['nothing', '', 'L’émoji est requis'],
    ['11 emojis', '👍'.repeat(11), 'L’émoji ne peut pas dépasser 10 caractères'],
    // docs/security.md finding 1: this body held the whole server for 2 s (35 characters: 30 min).
    ['a run of joiners', `${'\u200d'.repeat(25)}a`, 'L’émoji ne peut pas dépasser 10 caractères'],
    ['joiners only', '\u200d\u200d\u200d', 'La réaction doit être un émoji'],
  ])('rejects %s (400)', async (_label, emoji, message) => {
    const target = await sendMessage(alice, channel.id, 'cible');
    const res = await alice.client.post<ApiErrorBody>(`/api/messages/${target.id}/reactions`, {
      emoji,
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
  });

  it('accepts any emoji, composed ones included, and answers 404 to strangers', async () => {
    const target = await sendMessage(alice, channel.id, 'cible');
    for (const emoji of ['👨‍👩‍👧‍👦', '🇫🇷', '👍🏽', '✅', '1️⃣']) {
      const res = await bob.client.post(`/api/messages/${target.id}/reactions`, { emoji });
      expect(res.status, emoji).toBe(200);
    }
    const res = await stranger.client.post(`/api/messages/${target.id}/reactions`, { emoji: '👍' });
    expect(res.status).toBe(404);
  });
});
