import http from 'node:http';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiErrorBody } from '#shared/auth';
import type { Channel } from '#shared/channels';
import {
  type ChannelFile,
  DOWNLOAD_LINK_EXPIRED,
  FILE_TOO_LARGE,
  FILE_TYPE_REFUSED,
  type FileDownloadLink,
} from '#shared/files';
import { FILE_SIZE_LIMIT } from '#shared/limits';
import { addMember, buildChannel, sendMessage } from '../../../test/chat-factories';
import { TestClient } from '../../../test/client';
import { type Actor, buildUser } from '../../../test/factories';
import { listTree, startS3, type TestS3 } from '../../../test/s3-store';
import { startTestServer, type TestServer } from '../../../test/server';
import { sealClaims } from '../../lib/signed-claims';
import { TEXT_PLAIN } from './inspect';

type Store = 'disk' | 's3';

/** A JPEG carrying EXIF with a GPS position, as a phone makes them. */
const photoWithExif = () =>
  sharp({ create: { width: 800, height: 600, channels: 3, background: '#c0ffee' } })
    .jpeg()
    .withExif({
      IFD0: { Make: 'RucheCam', Model: 'Espion 3000' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '48/1 51/1 24/1' },
    })
    .toBuffer();

const png = () =>
  sharp({ create: { width: 20, height: 20, channels: 4, background: '#ff0000' } })
    .png()
    .toBuffer();

/** The raw header lines of a GET: `fetch` would merge repeated headers into one. */
function rawGet(url: string, cookie: string): Promise<{ status: number; raw: string[] }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: { cookie } }, (res) => {
        res.resume();
        res.on('end', () => resolve({ status: res.statusCode ?? 0, raw: res.rawHeaders }));
      })
      .on('error', reject);
  });
}

describe.each<Store>(['disk', 's3'])('files on %s', (store) => {
  let server: TestServer;
  let s3: TestS3 | undefined;
  let alice: Actor;
  let bob: Actor;

  beforeAll(async () => {
    s3 = store === 's3' ? await startS3() : undefined;
    server = await startTestServer({ env: s3?.env ?? {} });
    alice = await buildUser(server, { firstName: 'Alice', lastName: 'Durand' });
    bob = await buildUser(server, { firstName: 'Bob', lastName: 'Petit' });
  });
  afterAll(async () => {
    await server?.close();
    await s3?.stop();
  });

  /** Every stored object of a channel (bytes and thumbnails), wherever the store keeps them. */
  async function storedObjects(channelId: string): Promise<string[]> {
    if (!s3) return listTree(path.join(server.config.dataDir, 'files', channelId));
    return s3.keys(`${channelId}/`);
  }
  const tempFiles = () => listTree(path.join(server.config.dataDir, 'upload-tmp'));

  function upload(
    who: Actor | TestClient,
    channelId: string,
    files: Array<{ bytes: Buffer | string; name: string; type?: string }>,
    description?: string,
  ) {
    const form = new FormData();
    if (description !== undefined) form.append('description', description);
    for (const file of files) {
      const blob = new Blob(
        [typeof file.bytes === 'string' ? file.bytes : new Uint8Array(file.bytes)],
        { type: file.type ?? 'application/octet-stream' },
      );
      form.append('file', blob, file.name);
    }
    const client = who instanceof TestClient ? who : who.client;
    return client.post<ChannelFile & ApiErrorBody>(`/api/channels/${channelId}/files/upload`, form);
  }

  /**
   * A form whose file name is sent percent-encoded in `filename*` (RFC 5987), as a hostile
   * client may: the server reads CR, LF and the rest decoded. (FormData would escape them.)
   */
  async function uploadRawName(who: Actor, channelId: string, name: string) {
    const boundary = 'ruche-boundary-42';
    const body = [
      `--${boundary}`,
      `Content-Disposition: form-data; name="file"; filename*=UTF-8''${encodeURIComponent(name)}`,
      'Content-Type: text/plain',
      '',
      'bonjour',
      `--${boundary}--`,
      '',
    ].join('\r\n');
    const res = await fetch(new URL(`/api/channels/${channelId}/files/upload`, server.url), {
      method: 'POST',
      headers: {
        origin: server.url,
        cookie: who.client.cookieHeader,
        'content-type': `multipart/form-data; boundary=${boundary}`,
      },
      body,
    });
    return { status: res.status, body: (await res.json()) as ChannelFile & ApiErrorBody };
  }

  async function sharedChannel(): Promise<Channel> {
    const channel = await buildChannel(alice, { type: 'group' });
    await addMember(channel, alice, bob);
    return channel;
  }

  it('stores an image, lists it with its description and uploader, serves it back intact', async () => {
    const channel = await sharedChannel();
    const photo = await photoWithExif();
    const res = await upload(
      bob,
      channel.id,
      [{ bytes: photo, name: 'vacances.jpg', type: 'image/jpeg' }],
      '  La plage  ',
    );
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      originalName: 'vacances.jpg',
      mimeType: 'image/jpeg',
      size: photo.length,
      url: `/api/files/${res.body.id}/download`,
      thumbnailUrl: `/api/files/${res.body.id}/thumbnail`,
      description: 'La plage',
    });

    const list = await alice.client.get<ChannelFile[]>(`/api/channels/${channel.id}/files`);
    expect(list.status).toBe(200);
    expect(list.body).toHaveLength(1);
    expect(list.body[0]).toMatchObject({
      id: res.body.id,
      description: 'La plage',
      uploadedBy: { firstName: 'Bob', lastName: 'Petit' },
    });

    const download = await fetch(new URL(res.body.url, server.url), {
      headers: { cookie: alice.client.cookieHeader },
    });
    expect(download.status).toBe(200);
    expect(download.headers.get('content-type')).toBe('image/jpeg');
    expect(download.headers.get('content-disposition')).toBe(
      `inline; filename="vacances.jpg"; filename*=UTF-8''vacances.jpg`,
    );
    expect(download.headers.get('x-content-type-options')).toBe('nosniff');
    expect(download.headers.get('content-security-policy')).toMatch(/^sandbox/);
    expect(Buffer.from(await download.arrayBuffer()).equals(photo)).toBe(true);
    // The original is kept as sent; the stored bytes are under a random name.
    const objects = await storedObjects(channel.id);
    expect(objects).toHaveLength(2);
    expect(objects.join()).not.toContain('vacances');
  });

  it('makes thumbnails without EXIF or GPS', async () => {
    const channel = await buildChannel(alice);
    const photo = await photoWithExif();
    expect((await sharp(photo).metadata()).exif).toBeDefined();
    const res = await upload(alice, channel.id, [{ bytes: photo, name: 'gps.jpg' }]);
    const thumb = await fetch(new URL(res.body.thumbnailUrl!, server.url), {
      headers: { cookie: alice.client.cookieHeader },
    });
    expect(thumb.status).toBe(200);
    expect(thumb.headers.get('content-type')).toBe('image/webp');
    const bytes = Buffer.from(await thumb.arrayBuffer());
    const meta = await sharp(bytes).metadata();
    expect(meta.format).toBe('webp');
    expect(Math.max(meta.width ?? 0, meta.height ?? 0)).toBeLessThanOrEqual(480);
    expect(meta.exif).toBeUndefined();
    expect(meta.xmp).toBeUndefined();
    expect(bytes.includes(Buffer.from('RucheCam'))).toBe(false);
  });

  it('decides the type from the bytes: HTML named .png is never served as HTML or inline', async () => {
    const channel = await buildChannel(alice);
    const html = '<!doctype html><html><script>alert(document.cookie)</script></html>';
    const res = await upload(alice, channel.id, [
      { bytes: html, name: 'chat.png', type: 'image/png' },
    ]);
    if (res.status === 201) {
      expect(res.body.mimeType).not.toMatch(/html|image/);
      expect(res.body.thumbnailUrl).toBeNull();
      const download = await fetch(new URL(res.body.url, server.url), {
        headers: { cookie: alice.client.cookieHeader },
      });
      expect(download.headers.get('content-type')).toBe('text/plain; charset=utf-8');
      expect(download.headers.get('content-disposition')).toMatch(/^attachment;/);
      expect(download.headers.get('x-content-type-options')).toBe('nosniff');
    } else {
      expect(res.status).toBe(400);
    }
    // A program, whatever it is called, is refused and nothing is kept.
    const exe = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(300, 0x90)]);
    const refused = await upload(alice, channel.id, [
      { bytes: exe, name: 'photo.jpg', type: 'image/jpeg' },
    ]);
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe(FILE_TYPE_REFUSED);
    // Text whose first letters are another format's signature (BMP's "BM", MP3's "ID3") is text.
    for (const note of ['BMW : compte rendu de la réunion', 'ID3 — les tags du lecteur']) {
      const text = await upload(alice, channel.id, [
        { bytes: `${note}\n`.repeat(20), name: 'notes.txt', type: 'text/plain' },
      ]);
      expect(text.status, note).toBe(201);
      expect(text.body.mimeType).toBe(TEXT_PLAIN);
    }
    // A PNG named .txt is a PNG.
    const image = await upload(alice, channel.id, [
      { bytes: await png(), name: 'notes.txt', type: 'text/plain' },
    ]);
    expect(image.body.mimeType).toBe('image/png');
    expect(await tempFiles()).toEqual([]);
  });

  it('refuses 10 MB + 1 byte with 413 and keeps nothing; accepts exactly 10 MB', async () => {
    const channel = await buildChannel(alice);
    const tooBig = Buffer.alloc(FILE_SIZE_LIMIT + 1, 'a');
    const res = await upload(alice, channel.id, [{ bytes: tooBig, name: 'gros.txt' }]);
    expect(res.status).toBe(413);
    expect(res.body.message).toBe(FILE_TOO_LARGE);
    expect(await storedObjects(channel.id)).toEqual([]);
    expect(await tempFiles()).toEqual([]);
    expect(
      (await alice.client.get<ChannelFile[]>(`/api/channels/${channel.id}/files`)).body,
    ).toEqual([]);

    const justRight = await upload(alice, channel.id, [
      { bytes: tooBig.subarray(1), name: 'juste.txt' },
    ]);
    expect(justRight.status).toBe(201);
    expect(justRight.body.size).toBe(FILE_SIZE_LIMIT);
  });

  it('refuses a request carrying several files (the client sends them one by one)', async () => {
    const channel = await buildChannel(alice);
    const six = Array.from({ length: 6 }, (_, i) => ({ bytes: `note ${i}`, name: `n${i}.txt` }));
    for (const files of [six, six.slice(0, 2)]) {
      const res = await upload(alice, channel.id, files);
      expect(res.status).toBe(400);
    }
    expect((await upload(alice, channel.id, [])).status).toBe(400);
    expect(await storedObjects(channel.id)).toEqual([]);
    expect(await tempFiles()).toEqual([]);
  });

  // Sent percent-encoded in filename* (raw), which the server decodes; or as a browser's
  // FormData sends it, which escapes CR and LF itself (busboy drops a part whose decoded name
  // holds them, so they never reach the server raw).
  it.each([
    ['raw', '../../x', 'x'],
    ['raw', 'a\u0007\u001b[31mb\u007f.txt', 'a[31mb.txt'],
    ['form', 'a\r\nSet-Cookie: pwned=1.txt', 'a%0D%0ASet-Cookie: pwned=1.txt'],
    ['raw', 'facture\u202Etxt.exe', 'facturetxt.exe'],
    ['raw', `${'é'.repeat(300)}.txt`, `${'é'.repeat(251)}.txt`],
  ])('stores and serves a hostile name (%s %j) safely', async (via, name, stored) => {
    const channel = await buildChannel(alice);
    const res =
      via === 'raw'
        ? await uploadRawName(alice, channel.id, name)
        : await upload(alice, channel.id, [{ bytes: 'bonjour', name }]);
    expect(res.body.message).toBeUndefined();
    expect(res.status).toBe(201);
    expect(res.body.originalName).toBe(stored);
    const { status, raw } = await rawGet(
      new URL(res.body.url, server.url).href,
      alice.client.cookieHeader,
    );
    expect(status).toBe(200);
    const headers = (name: string) =>
      raw.flatMap((h, i) => (i % 2 === 0 && h.toLowerCase() === name ? [raw[i + 1]!] : []));
    expect(headers('set-cookie')).toEqual([]);
    expect(headers('content-security-policy')).toHaveLength(1);
    expect(headers('content-disposition')).toHaveLength(1);
    const header = headers('content-disposition')[0]!;
    expect(header).toMatch(
      /^attachment; filename="[\x20-\x7e]*"; filename\*=UTF-8''[A-Za-z0-9%._~!-]+$/,
    );
    const encoded = /filename\*=UTF-8''(.*)$/.exec(header)![1]!;
    expect(decodeURIComponent(encoded)).toBe(stored);
    expect(await storedObjects(channel.id)).toHaveLength(1);
  });

  it('answers 404 to non-members and removed members, 401 when signed out, on every route', async () => {
    const channel = await sharedChannel();
    const res = await upload(alice, channel.id, [{ bytes: await png(), name: 'secret.png' }]);
    const file = res.body;
    const stranger = await buildUser(server);
    const removed = await buildUser(server);
    await addMember(channel, alice, removed);
    expect((await removed.client.get(file.url)).status).toBe(200);
    const gone = await alice.client.delete(
      `/api/channels/${channel.id}/members/${removed.user.id}`,
    );
    expect(gone.status).toBe(204);
    const signedOut = new TestClient(server.url);

    const calls = (client: TestClient) => [
      client.get(`/api/channels/${channel.id}/files`),
      upload(client, channel.id, [{ bytes: 'x', name: 'x.txt' }]),
      client.get(file.url),
      client.get(file.thumbnailUrl!),
      client.post(`/api/files/${file.id}/download-link`),
      client.delete(`/api/files/${file.id}`),
    ];
    for (const who of [stranger.client, removed.client]) {
      expect((await Promise.all(calls(who))).map((r) => r.status)).toEqual([
        404, 404, 404, 404, 404, 404,
      ]);
    }
    expect((await Promise.all(calls(signedOut))).map((r) => r.status)).toEqual([
      401, 401, 401, 401, 401, 401,
    ]);
    expect(await storedObjects(channel.id)).toHaveLength(2);
  });

  it('gives the app a ticketed link that downloads without a session: that file, while its session lives and its holder may see it', async () => {
    const channel = await sharedChannel();
    const file = (
      await upload(alice, channel.id, [{ bytes: 'Compte rendu du chantier', name: 'rapport.txt' }])
    ).body;
    const other = (await upload(alice, channel.id, [{ bytes: 'autre', name: 'autre.txt' }])).body;
    const carol = await buildUser(server);
    await addMember(channel, alice, carol);
    const linkFor = async (who: Actor, id: string) => {
      const res = await who.client.post<FileDownloadLink>(`/api/files/${id}/download-link`);
      expect(res.status).toBe(200);
      return res.body.url;
    };
    // The system browser: no cookie, no token.
    const systemBrowser = new TestClient(server.url);
    const refused = async (url: string) => {
      const res = await systemBrowser.get<ApiErrorBody>(url);
      expect(res.status).toBe(401);
      expect(res.body.message).toBe(DOWNLOAD_LINK_EXPIRED);
    };

    const url = await linkFor(carol, file.id);
    expect(url.startsWith(`${file.url}?ticket=`)).toBe(true);
    const got = await systemBrowser.get<string>(url);
    expect(got.status).toBe(200);
    expect(got.body).toBe('Compte rendu du chantier');
    expect(got.headers.get('content-disposition')).toMatch(/^attachment;/);
    // Again within its two minutes (the browser may reload it).
    expect((await systemBrowser.get(url)).status).toBe(200);

    // It names that file only, and cannot be altered or extended.
    const ticket = new URL(url, server.url).searchParams.get('ticket')!;
    await refused(`${other.url}?ticket=${encodeURIComponent(ticket)}`);
    await refused(`${file.url}?ticket=${encodeURIComponent(`${ticket}x`)}`);
    const [payload, signature] = ticket.split('.');
    const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString());
    const longer = Buffer.from(JSON.stringify({ ...claims, e: claims.e + 3_600_000 })).toString(
      'base64url',
    );
    await refused(`${file.url}?ticket=${encodeURIComponent(`${longer}.${signature}`)}`);
    // Expired: the same claims sealed with the server's secret, a second in the past.
    const { e: _e, ...kept } = claims;
    const expired = sealClaims(server.config.sessionSecret, 'file-download', kept, -1000);
    await refused(`${file.url}?ticket=${encodeURIComponent(expired)}`);
    await refused(`${file.url}?ticket=`);

    // Its holder removed from the channel: the file is out of reach, ticket or not.
    const removedUrl = await linkFor(bob, file.id);
    const gone = await alice.client.delete(`/api/channels/${channel.id}/members/${bob.user.id}`);
    expect(gone.status).toBe(204);
    expect((await systemBrowser.get(removedUrl)).status).toBe(404);
    // Its session ended (signed out): refused.
    expect((await carol.client.post('/api/logout')).status).toBe(204);
    await refused(url);
  });

  it('deletes a file with its bytes: its uploader or the channel owner, nobody else', async () => {
    const channel = await sharedChannel();
    const byAlice = (await upload(alice, channel.id, [{ bytes: await png(), name: 'a.png' }])).body;
    const byBob = (await upload(bob, channel.id, [{ bytes: 'texte', name: 'b.txt' }])).body;
    expect(await storedObjects(channel.id)).toHaveLength(3);

    const denied = await bob.client.delete<ApiErrorBody>(`/api/files/${byAlice.id}`);
    expect(denied.status).toBe(403);
    expect((await bob.client.delete(`/api/files/${byBob.id}`)).status).toBe(204);
    expect((await alice.client.delete(`/api/files/${byAlice.id}`)).status).toBe(204);
    expect(await storedObjects(channel.id)).toEqual([]);
    expect((await alice.client.get(byAlice.url)).status).toBe(404);
    expect(
      (await alice.client.get<ChannelFile[]>(`/api/channels/${channel.id}/files`)).body,
    ).toEqual([]);
  });

  it('deletes the files of a deleted message, and of its thread replies', async () => {
    const channel = await sharedChannel();
    const attach = (file: ChannelFile) => ({
      id: file.id,
      name: file.originalName,
      url: file.url,
      size: file.size,
      mimeType: file.mimeType,
    });
    const first = (await upload(alice, channel.id, [{ bytes: await png(), name: 'p.png' }])).body;
    const second = (await upload(bob, channel.id, [{ bytes: 'réponse', name: 'r.txt' }])).body;
    const kept = (await upload(alice, channel.id, [{ bytes: 'reste', name: 'k.txt' }])).body;
    const parent = await sendMessage(alice, channel.id, {
      content: '',
      attachments: [attach(first)],
    });
    await sendMessage(bob, channel.id, {
      content: 'voici',
      parentMessageId: parent.id,
      attachments: [attach(second)],
    });
    // Bob cannot claim Alice's file by sending its link.
    await sendMessage(bob, channel.id, { content: 'moi aussi', attachments: [attach(kept)] });
    const listed = () => alice.client.get<ChannelFile[]>(`/api/channels/${channel.id}/files`);
    await expect.poll(async () => (await listed()).body.filter((f) => f.messageId).length).toBe(2);

    expect((await alice.client.delete(`/api/messages/${parent.id}`)).status).toBe(204);
    await expect.poll(async () => (await listed()).body.map((f) => f.id)).toEqual([kept.id]);
    await expect.poll(() => storedObjects(channel.id)).toHaveLength(1);
    expect((await alice.client.get(first.url)).status).toBe(404);
  });

  it('removes the bytes of a deleted channel', async () => {
    const channel = await buildChannel(alice);
    await upload(alice, channel.id, [{ bytes: await png(), name: 'a.png' }]);
    expect(await storedObjects(channel.id)).toHaveLength(2);
    expect((await alice.client.delete(`/api/channels/${channel.id}`)).status).toBe(204);
    await expect.poll(() => storedObjects(channel.id)).toEqual([]);
  });
});
