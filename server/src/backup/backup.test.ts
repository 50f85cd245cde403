import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Board, BoardDetail, BoardList, Task } from '#shared/boards';
import type { CalendarEvent } from '#shared/calendar';
import type { Channel } from '#shared/channels';
import type { ChannelFile } from '#shared/files';
import type { Friend, FriendRequest } from '#shared/friends';
import type { Message, MessagePage, MessageThread } from '#shared/messages';
import { runAdmin } from '../../test/admin-command';
import { addMember, buildChannel, sendMessage } from '../../test/chat-factories';
import { TestClient } from '../../test/client';
import { type Actor, buildUser } from '../../test/factories';
import { startTestServer } from '../../test/server';
import { createTestStore, type TestStoreHandle } from '../../test/stores';
import { users } from '../auth/schema';
import { openDatabase } from '../db/client';
import { migrationsFolder } from '../db/migrate';
import { rebuildSchema } from './restore';

const run = promisify(execFile);
const stores: TestStoreHandle[] = [];
let work: string;
beforeAll(async () => {
  work = await mkdtemp(path.join(tmpdir(), 'ruche-backup-test-'));
});
afterAll(async () => {
  await Promise.all(stores.map((store) => store.drop()));
  if (work) await rm(work, { recursive: true, force: true });
});

async function freshStore(): Promise<TestStoreHandle> {
  const store = await createTestStore();
  stores.push(store);
  return store;
}

/** `npm run admin -- …` on `store`, as an administrator types it (the node stopped). */
const admin = (store: TestStoreHandle, ...args: string[]) => runAdmin(store, args);

/** A file's bytes as the web app downloads them. */
async function download(client: TestClient, url: string): Promise<Buffer> {
  const res = await fetch(new URL(url, client.baseUrl), {
    headers: { cookie: client.cookieHeader, origin: client.baseUrl },
  });
  expect(res.status).toBe(200);
  return Buffer.from(await res.arrayBuffer());
}

async function signIn(url: string, actor: Actor): Promise<TestClient> {
  const client = new TestClient(url);
  const res = await client.post('/api/auth/login', {
    email: actor.user.email,
    password: actor.password,
  });
  expect(res.status).toBe(200);
  return client;
}

/** What a member finds of the instance: compared before the backup and after the restore. */
async function whatAliceSees(client: TestClient, ids: { board: string; root: string }) {
  const channels = (await client.get<Channel[]>('/api/channels')).body
    .map((c) => ({ id: c.id, name: c.name, type: c.type }))
    .sort((a, b) => a.name.localeCompare(b.name));
  const messages: Record<string, unknown> = {};
  const files: Record<string, { id: string; name: string; size: number; url: string }[]> = {};
  for (const channel of channels) {
    const page = (await client.get<MessagePage>(`/api/channels/${channel.id}/messages`)).body;
    messages[channel.name] = page.messages.map((m) => ({
      id: m.id,
      content: m.content,
      author: m.userId,
      reactions: m.reactions,
      createdAt: m.createdAt,
    }));
    files[channel.name] = (
      await client.get<ChannelFile[]>(`/api/channels/${channel.id}/files`)
    ).body.map((f) => ({ id: f.id, name: f.originalName, size: f.size, url: f.url }));
  }
  const thread = (await client.get<MessageThread>(`/api/messages/${ids.root}/thread`)).body;
  return {
    channels,
    messages,
    thread: [thread.parent, ...thread.replies].map((m) => ({
      id: m.id,
      content: m.content,
      parent: m.parentMessageId,
    })),
    files,
    board: (await client.get<BoardDetail>(`/api/boards/${ids.board}`)).body,
    events: (await client.get<CalendarEvent[]>('/api/calendar/events')).body,
    friends: (await client.get<Friend[]>('/api/friends')).body.map((f) => f.user.id),
  };
}

describe('npm run admin -- backup / restore', () => {
  it('restores a populated instance into a fresh store: accounts, channels, messages, files, boards, events, friends', async () => {
    const source = await freshStore();
    const server = await startTestServer({ store: source });
    const alice = await buildUser(server, { email: 'alice@ruche.test', firstName: 'Alice' });
    const bob = await buildUser(server, { email: 'bob@ruche.test', firstName: 'Bob' });
    let ids: { board: string; root: string };
    let before: Awaited<ReturnType<typeof whatAliceSees>>;
    const upload = Buffer.from(randomBytes(36 * 1024).toString('base64'));
    try {
      const request = await alice.client.post<FriendRequest>('/api/friend-requests', {
        toUserId: bob.user.id,
      });
      expect(
        (await bob.client.patch(`/api/friend-requests/${request.body.id}/accept`)).status,
      ).toBe(200);
      const general = await buildChannel(alice, { name: 'général', type: 'channel' });
      const secret = await buildChannel(alice, { name: 'secret', type: 'group' });
      await addMember(general, alice, bob);
      await addMember(secret, alice, bob);
      const first = await sendMessage(alice, general.id, 'Bonjour à tous « ici » ✓');
      await sendMessage(bob, general.id, {
        content: 'Réponse dans le fil',
        parentMessageId: first.id,
      });
      expect(
        (await bob.client.post(`/api/messages/${first.id}/reactions`, { emoji: '👍' })).status,
      ).toBe(200);
      await sendMessage(bob, secret.id, 'Entre nous');
      const form = new FormData();
      form.append('file', new Blob([new Uint8Array(upload)], { type: 'text/plain' }), 'notes.txt');
      const file = await alice.client.post<ChannelFile>(
        `/api/channels/${general.id}/files/upload`,
        form,
      );
      expect(file.status, JSON.stringify(file.body)).toBe(201);
      const board = await alice.client.post<Board>(`/api/channels/${general.id}/boards`, {
        name: 'Sprint',
      });
      const list = await alice.client.post<BoardList>(`/api/boards/${board.body.id}/lists`, {
        name: 'À faire',
      });
      const task = await alice.client.post<Task>(`/api/lists/${list.body.id}/tasks`, {
        title: 'Écrire la sauvegarde',
      });
      expect(task.status).toBe(201);
      const event = await alice.client.post('/api/calendar/events', {
        title: 'Réunion',
        startTime: '2030-05-06T09:00:00.000Z',
        endTime: '2030-05-06T10:00:00.000Z',
      });
      expect(event.status).toBe(201);
      ids = { board: board.body.id, root: first.id };
      before = await whatAliceSees(alice.client, ids);
    } finally {
      // One process owns the embedded store: the commands run with the node stopped.
      await server.close();
    }
    expect(before.channels.map((c) => c.name)).toEqual(['général', 'secret']);
    expect(before.thread).toHaveLength(2);
    expect(before.board.lists[0]?.tasks).toHaveLength(1);
    expect(before.events).toHaveLength(1);
    expect(before.friends).toEqual([bob.user.id]);

    const archive = path.join(work, 'ruche.tar');
    const backup = await admin(source, 'backup', archive);
    expect(backup.stdout).toMatch(/^Sauvegarde écrite : /);
    expect(backup.stdout).toContain('Fichiers : 1 ');

    // A target that holds data is refused, and so is a file that is not an archive.
    const refused = admin(source, 'restore', archive);
    await expect(refused).rejects.toMatchObject({ code: 1 });
    expect((await refused.catch((e: { stderr: string }) => e.stderr)) as string).toContain(
      '--force',
    );
    const target = await freshStore();
    const notArchive = path.join(work, 'pas-une-sauvegarde.tar');
    await run('sh', ['-c', `echo bonjour > ${notArchive}`]);
    await expect(admin(target, 'restore', notArchive)).rejects.toMatchObject({ code: 1 });
    await expect(admin(target, 'restore')).rejects.toMatchObject({ code: 2 });

    const restore = await admin(target, 'restore', archive);
    expect(restore.stdout).toMatch(/^Sauvegarde du .* restaurée/);
    expect(restore.stdout).toContain('Fichiers : 1 ');

    const again = await startTestServer({ store: target });
    try {
      const aliceAgain = await signIn(again.url, alice);
      await signIn(again.url, bob);
      const after = await whatAliceSees(aliceAgain, ids);
      expect(after).toEqual(before);
      const restoredFile = before.files.général?.[0];
      expect(await download(aliceAgain, restoredFile?.url ?? '')).toEqual(upload);
      // The generated calendar key came back with the rows it encrypts.
      expect(await readFile(path.join(target.dataDir, 'calendar-token-key'), 'utf8')).toBe(
        await readFile(path.join(source.dataDir, 'calendar-token-key'), 'utf8'),
      );
      // New rows go on after the restored ones (sequences and seqs continue).
      const general = before.channels.find((c) => c.name === 'général');
      const next = await aliceAgain.post<Message>(`/api/channels/${general?.id}/messages`, {
        content: 'Après la restauration',
      });
      expect(next.status).toBe(201);
    } finally {
      await again.close();
    }
  }, 480_000);

  it('restores an archive made before the latest migrations, then applies them', async () => {
    const source = await freshStore();
    const journal = JSON.parse(
      await readFile(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8'),
    ) as { entries: { idx: number; when: number; tag: string }[] };
    const older = journal.entries.slice(0, -1);
    const database = await openDatabase({
      databaseUrl: source.databaseUrl,
      dataDir: source.dataDir,
      max: 2,
    });
    try {
      // The store as the previous release left it, with one account in it.
      await rebuildSchema(database, older, work);
      await database.db.insert(users).values({
        email: 'ancienne@ruche.test',
        firstName: 'Ancienne',
        lastName: 'Version',
      });
    } finally {
      await database.close();
    }
    const archive = path.join(work, 'ancienne.tar');
    await admin(source, 'backup', archive);
    const target = await freshStore();
    const restore = await admin(target, 'restore', archive);
    expect(restore.stdout).toContain('1 migration(s) appliquée(s)');

    const again = await startTestServer({ store: target });
    try {
      const { sql } = again.database;
      expect(await sql`select email from users`).toEqual([{ email: 'ancienne@ruche.test' }]);
      const [applied] = await sql<{ n: number }[]>`
        select count(*)::int as n from drizzle.__drizzle_migrations`;
      expect(applied?.n).toBe(journal.entries.length);
    } finally {
      await again.close();
    }
  }, 480_000);
});
