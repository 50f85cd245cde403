import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiErrorBody } from '#shared/auth';
import type { Channel } from '#shared/channels';
import type { ChannelFile } from '#shared/files';
import type { SearchPage } from '#shared/search';
import { addMember, buildChannel, sendMessage } from '../../../test/chat-factories';
import { type Actor, buildUser } from '../../../test/factories';
import { listTree } from '../../../test/s3-store';
import { startTestServer, type TestServer } from '../../../test/server';
import { files } from './schema';

const png = () =>
  sharp({ create: { width: 20, height: 20, channels: 4, background: '#00ff00' } })
    .png()
    .toBuffer();

const attach = (file: ChannelFile) => ({
  id: file.id,
  name: file.originalName,
  url: file.url,
  size: file.size,
  mimeType: file.mimeType,
});

/**
 * docs/files.md, "Drafts": a file picked in a composer goes up at once but is its uploader's
 * alone until the message carrying it is sent; never sent, it is purged after a day.
 */
describe('draft files (composer uploads)', () => {
  let server: TestServer;
  let alice: Actor;
  let bob: Actor;
  let channel: Channel;

  beforeAll(async () => {
    // The purge job ticks often here; "a day ago" is reached by moving created_at back.
    server = await startTestServer({ env: { FILES_DRAFT_PURGE_INTERVAL_MS: '100' } });
    alice = await buildUser(server, { firstName: 'Alice', lastName: 'Durand' });
    bob = await buildUser(server, { firstName: 'Bob', lastName: 'Petit' });
    channel = await buildChannel(alice, { type: 'group' });
    await addMember(channel, alice, bob);
  });
  afterAll(async () => {
    await server?.close();
  });

  async function upload(who: Actor, name: string, bytes: Buffer | string, draft?: string) {
    const form = new FormData();
    if (draft !== undefined) form.append('draft', draft);
    const part = typeof bytes === 'string' ? bytes : new Uint8Array(bytes);
    form.append('file', new Blob([part]), name);
    return who.client.post<ChannelFile & ApiErrorBody>(
      `/api/channels/${channel.id}/files/upload`,
      form,
    );
  }
  const listed = async (who: Actor) =>
    (await who.client.get<ChannelFile[]>(`/api/channels/${channel.id}/files`)).body.map(
      (f) => f.id,
    );
  const found = async (who: Actor, q: string) =>
    (await who.client.get<SearchPage>(`/api/search?q=${encodeURIComponent(q)}`)).body.results
      .filter((r) => r.kind === 'file')
      .map((r) => r.id);
  const stored = () => listTree(path.join(server.config.dataDir, 'files', channel.id));
  const ageBy = (id: string, hours: number) =>
    server.database.db
      .update(files)
      .set({ createdAt: sql`now() - make_interval(hours => ${hours})` })
      .where(eq(files.id, id));

  it('keeps a composer upload from the channel until its message is sent, then shares it', async () => {
    const res = await upload(alice, 'maquette-confidentielle.png', await png(), 'true');
    expect(res.status).toBe(201);
    const draft = res.body;

    // Its uploader can show it in the composer (image and thumbnail).
    expect((await alice.client.get(draft.url)).status).toBe(200);
    expect((await alice.client.get(draft.thumbnailUrl!)).status).toBe(200);
    // Another member: not listed, not downloadable, not found by search.
    expect(await listed(bob)).not.toContain(draft.id);
    expect(await listed(alice)).not.toContain(draft.id);
    expect((await bob.client.get(draft.url)).status).toBe(404);
    expect((await bob.client.get(draft.thumbnailUrl!)).status).toBe(404);
    expect((await bob.client.post(`/api/files/${draft.id}/download-link`)).status).toBe(404);
    expect((await bob.client.delete(`/api/files/${draft.id}`)).status).toBe(404);
    expect(await found(bob, 'confidentielle')).toEqual([]);
    // Bob cannot make it the channel's by sending it himself.
    await sendMessage(bob, channel.id, { content: 'à moi', attachments: [attach(draft)] });
    expect((await bob.client.get(draft.url)).status).toBe(404);

    await sendMessage(alice, channel.id, { content: 'la maquette', attachments: [attach(draft)] });
    await expect.poll(() => listed(bob)).toContain(draft.id);
    expect((await bob.client.get(draft.url)).status).toBe(200);
    expect((await bob.client.get(draft.thumbnailUrl!)).status).toBe(200);
    expect(await found(bob, 'confidentielle')).toEqual([draft.id]);
  });

  it('shares an upload from the files tab at once, as before', async () => {
    const shared = (await upload(alice, 'compte-rendu.txt', 'réunion', 'false')).body;
    const plain = (await upload(alice, 'ordre-du-jour.txt', 'points')).body;
    expect(await listed(bob)).toEqual(expect.arrayContaining([shared.id, plain.id]));
    expect((await bob.client.get(plain.url)).status).toBe(200);
  });

  it('refuses a draft field that is neither true nor false', async () => {
    const res = await upload(alice, 'a.txt', 'x', 'oui');
    expect(res.status).toBe(400);
    expect(res.body.message).toBeTruthy();
  });

  it('purges drafts unsent for a day, with their bytes; keeps younger drafts and sent files', async () => {
    const old = (await upload(alice, 'vieux.png', await png(), 'true')).body;
    const young = (await upload(alice, 'jeune.txt', 'encore là', 'true')).body;
    const sentFile = (await upload(alice, 'envoye.txt', 'parti', 'true')).body;
    await sendMessage(alice, channel.id, { content: '', attachments: [attach(sentFile)] });
    await expect.poll(() => listed(bob)).toContain(sentFile.id);
    const keyOf = async (id: string) =>
      (await server.database.db.select().from(files).where(eq(files.id, id)))[0]?.filename;
    const oldKey = (await keyOf(old.id))!.split('/')[1]!;
    expect((await stored()).filter((k) => k.includes(oldKey))).toHaveLength(2);

    await ageBy(old.id, 25);
    await ageBy(young.id, 23);
    await ageBy(sentFile.id, 48);
    await expect.poll(async () => (await alice.client.get(old.url)).status).toBe(404);
    // The bytes go after the purge's commit (drafts.ts): just after the row, not with it.
    await expect.poll(async () => (await stored()).filter((k) => k.includes(oldKey))).toEqual([]);
    expect((await alice.client.get(young.url)).status).toBe(200);
    expect((await bob.client.get(sentFile.url)).status).toBe(200);
  });
});
