import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiErrorBody } from '#shared/auth';
import type { Channel } from '#shared/channels';
import {
  type ChannelLinkPreviews,
  LINK_PREVIEW_REMOVE_FORBIDDEN,
  LINK_PREVIEWS_CHANNEL_FORBIDDEN,
  type LinkPreview,
} from '#shared/link-previews';
import type { Message, MessagePage } from '#shared/messages';
import type { ServerEvent } from '#shared/protocol';
import { addMember, buildChannel, sendMessage } from '../../../test/chat-factories';
import { type Actor, buildUser } from '../../../test/factories';
import {
  htmlPage,
  ogHead,
  PUBLIC_ADDRESS,
  startSite,
  type TestSite,
  testNetwork,
} from '../../../test/link-preview-site';
import { startTestServer, type TestServer } from '../../../test/server';
import { socketOpener } from '../../../test/test-socket';

let server: TestServer;
let site: TestSite;
let inside: TestSite;
let alice: Actor;
let bob: Actor;
let stranger: Actor;
let channel: Channel;
const open = socketOpener(() => server);

const PNG = sharp({
  create: { width: 800, height: 400, channels: 3, background: { r: 250, g: 180, b: 0 } },
})
  .png()
  .toBuffer();

beforeAll(async () => {
  [site, inside] = await Promise.all([startSite(), startSite()]);
  const png = await PNG;
  site.page('/image.png', (_req, res) =>
    res.writeHead(200, { 'content-type': 'image/png' }).end(png),
  );
  server = await startTestServer({
    linkPreviewNetwork: testNetwork(
      { 'public.test': () => [PUBLIC_ADDRESS] },
      { [PUBLIC_ADDRESS]: site },
    ),
  });
  // Made first: the first account of a store administers the workspace (canManage everywhere).
  await buildUser(server, { displayName: 'Admin' });
  [alice, bob, stranger] = await Promise.all([
    buildUser(server, { displayName: 'Alice' }),
    buildUser(server, { displayName: 'Bob' }),
    buildUser(server, { displayName: 'Stranger' }),
  ]);
  channel = await buildChannel(alice, { type: 'group' });
  await addMember(channel, alice, bob);
});
afterAll(async () => {
  await server?.close();
  await Promise.all([site?.close(), inside?.close()]);
});

let pages = 0;
/** A new page of the site (its own path), with a title, a description and an image. */
function article(title: string): string {
  const path = `/article-${++pages}`;
  site.page(path, htmlPage(ogHead(title, '<meta property="og:image" content="/image.png">')));
  return `http://public.test${path}`;
}

const withPreviews =
  (messageId: string, count: number) =>
  (e: ServerEvent): boolean =>
    e.type === 'message_updated' &&
    e.message.id === messageId &&
    (e.message.previews?.length ?? 0) === count;

const updated = (e: ServerEvent) =>
  (e as Extract<ServerEvent, { type: 'message_updated' }>).message;

async function pageOf(actor: Actor, channelId = channel.id): Promise<Message[]> {
  const res = await actor.client.get<MessagePage>(`/api/channels/${channelId}/messages`);
  expect(res.status).toBe(200);
  return res.body.messages;
}

const imageOf = (actor: Actor, preview: LinkPreview) =>
  fetch(`${server.url}${preview.image?.url}`, { headers: { cookie: actor.client.cookieHeader } });

describe('link previews', () => {
  it('shows a link’s preview once the server has read the page, live to the channel’s members', async () => {
    const bobSocket = await open(bob);
    const url = article('Le grand article');
    const message = await sendMessage(alice, channel.id, `À lire : ${url} !`);
    // The send does not wait for the page.
    expect(message.previews).toEqual([]);

    const event = await bobSocket.next(withPreviews(message.id, 1));
    const [preview] = updated(event).previews ?? [];
    expect(preview).toMatchObject({
      url,
      title: 'Le grand article',
      description: 'Une page d’exemple',
      siteName: 'Exemple',
      image: { width: 240, height: 120 },
    });
    expect(preview?.image?.url).toMatch(
      new RegExp(`^/api/link-previews/${preview?.id}/image\\?v=`),
    );

    // The same in the REST page, for a member who opens the channel later.
    const listed = (await pageOf(bob)).find((m) => m.id === message.id);
    expect(listed?.previews).toEqual([preview]);

    // The thumbnail is the server's copy, for members only.
    const image = await imageOf(bob, preview as LinkPreview);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/webp');
    const meta = await sharp(Buffer.from(await image.arrayBuffer())).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 240, 120]);
    expect((await imageOf(stranger, preview as LinkPreview)).status).toBe(404);
  });

  it('reads one address once, however many messages link it', async () => {
    const url = article('Souvent cité');
    const path = new URL(url).pathname;
    const socket = await open(alice);
    const sent = await Promise.all(
      ['un', 'deux', 'trois'].map((n) => sendMessage(alice, channel.id, `${n} ${url}`)),
    );
    // In whatever order the three come (each wait consumes the events before its match).
    const waiting = new Set(sent.map((m) => m.id));
    while (waiting.size > 0) {
      const event = await socket.next((e) => [...waiting].some((id) => withPreviews(id, 1)(e)));
      waiting.delete(updated(event).id);
    }
    const later = await sendMessage(alice, channel.id, `encore ${url}`);
    await socket.next(withPreviews(later.id, 1));
    expect(site.hits.filter((hit) => hit === path)).toHaveLength(1);
  });

  it('gives no preview of loopback or private addresses, nor through a redirect to them', async () => {
    site.page('/to-inside', (_req, res) => {
      res.writeHead(302, { location: `http://127.0.0.1:${inside.port}/` }).end();
    });
    const socket = await open(bob);
    const good = article('Seule aperçue');
    const message = await sendMessage(
      alice,
      channel.id,
      `http://127.0.0.1:${inside.port}/ http://public.test/to-inside [ici](http://[::1]:${inside.port}/) ${good}`,
    );
    // Only the first three links are read: the good one is fourth, so it has no preview.
    const second = await sendMessage(
      alice,
      channel.id,
      `http://public.test/to-inside puis ${good}`,
    );
    const event = await socket.next(withPreviews(second.id, 1));
    expect(updated(event).previews?.map((p) => p.url)).toEqual([good]);
    expect((await pageOf(bob)).find((m) => m.id === message.id)?.previews).toEqual([]);
    expect(site.hits).toContain('/to-inside');
    expect(inside.hits).toEqual([]);
  });

  it('lets the author remove a preview for everyone; another member 403, a stranger 404', async () => {
    const bobSocket = await open(bob);
    const url = article('À retirer');
    const message = await sendMessage(alice, channel.id, url);
    const [preview] = updated(await bobSocket.next(withPreviews(message.id, 1))).previews ?? [];
    const path = `/api/messages/${message.id}/previews/${preview?.id}`;

    const strangers = await stranger.client.delete<ApiErrorBody>(path);
    expect(strangers.status).toBe(404);
    const bobs = await bob.client.delete<ApiErrorBody>(path);
    expect(bobs.status).toBe(403);
    expect(bobs.body.message).toBe(LINK_PREVIEW_REMOVE_FORBIDDEN);
    const unknown = await alice.client.delete<ApiErrorBody>(
      `/api/messages/${message.id}/previews/00000000-0000-4000-8000-000000000000`,
    );
    expect(unknown.status).toBe(404);

    expect((await alice.client.delete(path)).status).toBe(204);
    await bobSocket.next(withPreviews(message.id, 0));
    expect((await pageOf(bob)).find((m) => m.id === message.id)?.previews).toEqual([]);
    expect((await imageOf(bob, preview as LinkPreview)).status).toBe(404);
    expect((await alice.client.delete(path)).status).toBe(404);

    // An edit that keeps the link does not bring it back; a new link gets its own.
    const other = article('Nouveau lien');
    const edit = await alice.client.patch(`/api/messages/${message.id}`, {
      content: `${url} et ${other}`,
    });
    expect(edit.status).toBe(200);
    const event = await bobSocket.next(withPreviews(message.id, 1));
    expect(updated(event).previews?.map((p) => p.url)).toEqual([other]);

    // A link taken out of the text takes its preview with it.
    await alice.client.patch(`/api/messages/${message.id}`, { content: 'plus de lien' });
    await bobSocket.next(withPreviews(message.id, 0));
  });

  it('lets a channel’s administrators turn previews off, which hides them and reads no page', async () => {
    const room = await buildChannel(alice, { type: 'group' });
    await addMember(room, alice, bob);
    const socket = await open(bob);
    const before = article('Avant');
    const shown = await sendMessage(alice, room.id, before);
    await socket.next(withPreviews(shown.id, 1));

    const setting = `/api/channels/${room.id}/link-previews`;
    expect((await stranger.client.get(setting)).status).toBe(404);
    expect((await stranger.client.put(setting, { enabled: false })).status).toBe(404);
    expect((await bob.client.get<ChannelLinkPreviews>(setting)).body).toEqual({
      enabled: true,
      instanceEnabled: true,
      canManage: false,
    });
    const refused = await bob.client.put<ApiErrorBody>(setting, { enabled: false });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(LINK_PREVIEWS_CHANNEL_FORBIDDEN);
    expect((await alice.client.put(setting, { enabled: 'non' })).status).toBe(400);
    const off = await alice.client.put<ChannelLinkPreviews>(setting, { enabled: false });
    expect(off.body).toEqual({ enabled: false, instanceEnabled: true, canManage: true });
    // Live for the members: their open view reads the channel's messages again.
    expect(await socket.next((e) => e.type === 'channel_link_previews_changed')).toEqual({
      type: 'channel_link_previews_changed',
      channelId: room.id,
      enabled: false,
    });

    expect((await pageOf(bob, room.id)).find((m) => m.id === shown.id)?.previews).toEqual([]);
    // Sent together: the channel that shows previews gets its own; the other's page is never read.
    const unread = article('Jamais lue');
    const control = article('Témoin');
    await sendMessage(alice, room.id, unread);
    const elsewhere = await sendMessage(alice, channel.id, control);
    await socket.next(withPreviews(elsewhere.id, 1));
    expect(site.hits).not.toContain(new URL(unread).pathname);

    await alice.client.put(setting, { enabled: true });
    expect(
      await socket.next((e) => e.type === 'channel_link_previews_changed' && e.enabled),
    ).toMatchObject({ channelId: room.id });
    expect((await pageOf(bob, room.id)).find((m) => m.id === shown.id)?.previews).toHaveLength(1);
  });

  it('reads no page when the instance turns previews off (LINK_PREVIEWS=off)', async () => {
    const off = await startTestServer({
      env: { LINK_PREVIEWS: 'off' },
      linkPreviewNetwork: testNetwork(
        { 'public.test': () => [PUBLIC_ADDRESS] },
        { [PUBLIC_ADDRESS]: site },
      ),
    });
    try {
      const carol = await buildUser(off, { displayName: 'Carol' });
      const room = await buildChannel(carol);
      const url = article('Instance éteinte');
      // Nothing listens to the send when off: nothing can read the page after it either.
      const message = await sendMessage(carol, room.id, url);
      expect(message.previews).toEqual([]);
      const setting = await carol.client.get<ChannelLinkPreviews>(
        `/api/channels/${room.id}/link-previews`,
      );
      expect(setting.body).toEqual({ enabled: true, instanceEnabled: false, canManage: true });
      expect(site.hits).not.toContain(new URL(url).pathname);
    } finally {
      await off.close();
    }
  });
});
