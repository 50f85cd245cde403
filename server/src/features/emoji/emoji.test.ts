import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiErrorBody } from '#shared/auth';
import type { CustomEmoji } from '#shared/emoji';
import type { ReactionToggleResult } from '#shared/messages';
import type { ServerEvent } from '#shared/protocol';
import { buildChannel, sendMessage } from '../../../test/chat-factories';
import { type Actor, buildUser } from '../../../test/factories';
import { startTestServer, type TestServer } from '../../../test/server';
import { isEvent, socketOpener } from '../../../test/test-socket';
import { users } from '../../auth/schema';

let server: TestServer;
let alice: Actor;
let bob: Actor;
let admin: Actor;

beforeAll(async () => {
  server = await startTestServer();
  alice = await buildUser(server, { firstName: 'Alice' });
  bob = await buildUser(server, { firstName: 'Bob' });
  admin = await buildUser(server, { firstName: 'Adèle' });
  await server.database.db.update(users).set({ isAdmin: true }).where(eq(users.id, admin.user.id));
});
afterAll(() => server?.close());
const openSocket = socketOpener(() => server);

let counter = 0;
const uniqueName = (base = 'emo') => `${base}_${Date.now().toString(36)}${counter++}`;

const png = (size = 300) =>
  sharp({
    create: {
      width: size,
      height: size,
      channels: 4,
      background: { r: 250, g: 180, b: 0, alpha: 1 },
    },
  })
    .png()
    .toBuffer();

/** A 3-frame animated GIF, 200 px. */
const animatedGif = async () => {
  const frames = await Promise.all(
    [0, 120, 240].map((r) =>
      sharp({ create: { width: 200, height: 200, channels: 3, background: { r, g: 50, b: 90 } } })
        .raw()
        .toBuffer(),
    ),
  );
  return sharp(Buffer.concat(frames), {
    raw: { width: 200, height: 600, channels: 3, pageHeight: 200 },
  })
    .gif({ loop: 0, delay: [100, 100, 100] })
    .toBuffer();
};

const upload = (who: Actor, name: string | null, bytes: Buffer | null, type = 'image/png') => {
  const form = new FormData();
  if (name !== null) form.append('name', name);
  if (bytes) form.append('image', new Blob([new Uint8Array(bytes)], { type }), 'emoji.bin');
  return who.client.post<CustomEmoji & ApiErrorBody>('/api/emoji', form);
};

describe('POST /api/emoji', () => {
  it('stores a PNG fitted into 128 px, lists it and serves it under an immutable URL', async () => {
    const name = uniqueName('parrot');
    const res = await upload(alice, `:${name}:`, await png(300));
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      name,
      animated: false,
      author: { id: alice.user.id, displayName: 'Alice' },
    });
    const listed = await bob.client.get<CustomEmoji[]>('/api/emoji');
    expect(listed.body).toContainEqual(res.body);

    const image = await fetch(`${server.url}${res.body.url}`, {
      headers: { cookie: bob.client.cookieHeader },
    });
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/png');
    expect(image.headers.get('cache-control')).toContain('immutable');
    const meta = await sharp(Buffer.from(await image.arrayBuffer())).metadata();
    expect([meta.width, meta.height]).toEqual([128, 128]);

    const anonymous = await fetch(`${server.url}${res.body.url}`);
    expect(anonymous.status).toBe(401);
  });

  it('keeps every frame of an animated GIF', async () => {
    const name = uniqueName('dance');
    const res = await upload(alice, name, await animatedGif(), 'image/gif');
    expect(res.status).toBe(201);
    expect(res.body.animated).toBe(true);
    const image = await fetch(`${server.url}${res.body.url}`, {
      headers: { cookie: alice.client.cookieHeader },
    });
    expect(image.headers.get('content-type')).toBe('image/gif');
    const meta = await sharp(Buffer.from(await image.arrayBuffer()), { animated: true }).metadata();
    expect(meta.pages).toBe(3);
    expect(meta.width).toBe(128);
  });

  it('refuses bad names (400), a taken name (409), a large image (413), other types (400)', async () => {
    const image = await png(64);
    for (const bad of ['a', 'x'.repeat(33), 'Majuscule', 'é_accent', 'deux mots', ':a b:', '']) {
      const res = await upload(alice, bad, image);
      expect(res.status, bad).toBe(400);
      expect(res.body.message).toBeTruthy();
    }
    expect((await upload(alice, null, image)).status).toBe(400);
    expect((await upload(alice, uniqueName(), null)).status).toBe(400);

    const name = uniqueName('pris');
    expect((await upload(alice, name, image)).status).toBe(201);
    const taken = await upload(bob, `:${name}:`, image);
    expect(taken.status).toBe(409);
    expect(taken.body.message).toBe('Un émoji porte déjà ce nom');

    // Noise does not compress: a PNG of random pixels is past 256 KB.
    const noise = Buffer.alloc(400 * 400 * 3);
    for (let i = 0; i < noise.length; i++) noise[i] = (i * 2654435761) >>> 24;
    const big = await sharp(noise, { raw: { width: 400, height: 400, channels: 3 } })
      .png({ compressionLevel: 0 })
      .toBuffer();
    expect(big.length).toBeGreaterThan(256 * 1024);
    const tooLarge = await upload(alice, uniqueName(), big);
    expect(tooLarge.status).toBe(413);
    expect(tooLarge.body.message).toBe('L’image ne peut pas dépasser 256 Ko');

    const jpeg = await sharp(image).jpeg().toBuffer();
    const refused = await upload(alice, uniqueName(), jpeg, 'image/png');
    expect(refused.status).toBe(400);
    const text = await upload(alice, uniqueName(), Buffer.from('<svg></svg>'), 'image/svg+xml');
    expect(text.status).toBe(400);

    const anonymous = await fetch(`${server.url}/api/emoji`);
    expect(anonymous.status).toBe(401);
  });
});

describe('DELETE /api/emoji/{name}', () => {
  it('is for its author or an administrator (403 for others, 404 when unknown)', async () => {
    const image = await png(64);
    const first = uniqueName('a');
    const second = uniqueName('b');
    const created = await upload(alice, first, image);
    expect((await upload(alice, second, image)).status).toBe(201);

    const refused = await bob.client.delete<ApiErrorBody>(`/api/emoji/${first}`);
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(
      'Seul l’auteur de l’émoji ou un administrateur peut le supprimer',
    );
    expect((await alice.client.delete(`/api/emoji/:${first}:`)).status).toBe(204);
    expect((await admin.client.delete(`/api/emoji/${second}`)).status).toBe(204);
    expect((await alice.client.delete(`/api/emoji/${first}`)).status).toBe(404);
    expect((await alice.client.delete('/api/emoji/NOPE!')).status).toBe(404);

    const listed = await alice.client.get<CustomEmoji[]>('/api/emoji');
    expect(listed.body.map((e) => e.name)).not.toContain(first);
    const gone = await fetch(`${server.url}${created.body.url}`, {
      headers: { cookie: alice.client.cookieHeader },
    });
    expect(gone.status).toBe(404);
  });
});

describe('custom emoji events', () => {
  it('reach every signed-in socket when one is added and deleted', async () => {
    const bobSocket = await openSocket(bob);
    const name = uniqueName('live');
    const res = await upload(alice, name, await png(64));
    const created = await bobSocket.next<Extract<ServerEvent, { type: 'custom_emoji_created' }>>(
      isEvent('custom_emoji_created'),
    );
    expect(created.emoji).toEqual(res.body);
    await alice.client.delete(`/api/emoji/${name}`);
    const deleted = await bobSocket.next(isEvent('custom_emoji_deleted', { name }));
    expect(deleted).toEqual({ type: 'custom_emoji_deleted', name });
  });
});

describe('reactions with a custom emoji', () => {
  it('accept :nom: of one that exists, refuse an unknown one (400)', async () => {
    const name = uniqueName('ok');
    expect((await upload(alice, name, await png(64))).status).toBe(201);
    const channel = await buildChannel(alice);
    const message = await sendMessage(alice, channel.id, 'Bravo');
    const res = await alice.client.post<ReactionToggleResult>(
      `/api/messages/${message.id}/reactions`,
      { emoji: `:${name}:` },
    );
    expect(res.status).toBe(200);
    expect(res.body.reactions).toEqual([expect.objectContaining({ emoji: `:${name}:`, count: 1 })]);
    const unknown = await alice.client.post<ApiErrorBody>(`/api/messages/${message.id}/reactions`, {
      emoji: ':inconnu_de_tous:',
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toBe('Émoji personnalisé introuvable');
    // A stranger still learns nothing of the message.
    const stranger = await buildUser(server);
    const hidden = await stranger.client.post(`/api/messages/${message.id}/reactions`, {
      emoji: `:${name}:`,
    });
    expect(hidden.status).toBe(404);
    // Nor of which emoji exist: an unknown one is the same 404 for them.
    const hiddenUnknown = await stranger.client.post(`/api/messages/${message.id}/reactions`, {
      emoji: ':inconnu_de_tous:',
    });
    expect(hiddenUnknown.status).toBe(404);
  });
});
