import { randomUUID } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import yauzl from 'yauzl';
import type { ApiErrorBody } from '#shared/auth';
import type { Channel } from '#shared/channels';
import type { ChannelFile } from '#shared/files';
import type { NotificationPage } from '#shared/notifications';
import {
  type AccountDeletion,
  type AccountExport,
  ERASED_USER_NAME,
  EXPORT_COOLDOWN_HOURS,
  EXPORT_TOO_SOON,
  type RetentionPolicy,
} from '#shared/privacy';
import { CLOSE_SESSION_ENDED } from '#shared/protocol';
import { addMember, buildChannel, sendMessage } from '../../../test/chat-factories';
import { TestClient } from '../../../test/client';
import { type Actor, buildUser, insertSignedInUser } from '../../../test/factories';
import { startTestServer, type TestServer } from '../../../test/server';
import { socketOpener } from '../../../test/test-socket';
import { users } from '../../auth/schema';

let server: TestServer;
let admin: Actor;
beforeAll(async () => {
  // The periodic run is off: each test runs the jobs when it means to (exports start at once).
  server = await startTestServer({ env: { PRIVACY_JOB_INTERVAL_MS: '0' } });
  admin = await buildUser(server);
  await server.database.db.update(users).set({ isAdmin: true }).where(eq(users.id, admin.user.id));
});
afterAll(() => server?.close());
const open = socketOpener(() => server);

const db = () => server.database.db;
const runJobs = (now?: Date) => {
  const jobs = server.app.privacyJobs;
  if (!jobs) throw new Error('privacy jobs not registered');
  return jobs.run(now);
};

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, what: string) {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** A person whose name and email appear nowhere else: what the erasure scan looks for. */
async function distinctPerson(): Promise<Actor & { needles: string[] }> {
  const tag = randomUUID().replace(/-/g, '').slice(0, 10);
  const firstName = `Zephyrin${tag}`;
  const lastName = `Quillard${tag}`;
  const email = `zq-${tag}@ruche.test`;
  const actor = await buildUser(server, { firstName, lastName, email });
  return { ...actor, needles: [firstName, lastName, email] };
}

async function upload(who: Actor, channelId: string, name: string, text: string) {
  const form = new FormData();
  form.append('file', new Blob([text], { type: 'text/plain' }), name);
  const res = await who.client.post<ChannelFile & ApiErrorBody>(
    `/api/channels/${channelId}/files/upload`,
    form,
  );
  if (res.status !== 201) throw new Error(`upload: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

/** Everything the export lists and erasure must reach: messages, a file, a reaction, a task… */
async function busyPerson(hostile: string) {
  const person = await distinctPerson();
  const bob = await buildUser(server);
  const channel = await buildChannel(bob);
  await addMember(channel, bob, person);
  const message = await sendMessage(person, channel.id, 'Bonjour à tous');
  await sendMessage(person, channel.id, hostile);
  await sendMessage(person, channel.id, `@${bob.user.displayName} regarde ça`);
  const file = await upload(person, channel.id, 'notes.txt', `Notes de ${person.needles[0]}`);
  await sendMessage(person, channel.id, {
    content: 'le fichier',
    attachments: [
      {
        id: file.id,
        name: file.originalName,
        url: file.url,
        size: file.size,
        mimeType: file.mimeType,
      },
    ],
  });
  await person.client.post(`/api/messages/${message.id}/reactions`, { emoji: '👍' });
  await bob.client.post(`/api/messages/${message.id}/reactions`, { emoji: '🎉' });
  const board = await person.client.post<{ id: string }>(`/api/channels/${channel.id}/boards`, {
    name: 'Tableau',
  });
  const list = await person.client.post<{ id: string }>(`/api/boards/${board.body.id}/lists`, {
    name: 'À faire',
  });
  const task = await person.client.post<{ id: string }>(`/api/lists/${list.body.id}/tasks`, {
    title: 'Écrire le compte rendu',
    assignedToId: person.user.id,
  });
  expect(task.status).toBe(201);
  const event = await person.client.post('/api/calendar/events', {
    title: 'Rendez-vous dentiste',
    startTime: '2030-05-06T09:00:00.000Z',
    endTime: '2030-05-06T10:00:00.000Z',
  });
  expect(event.status).toBe(201);
  const request = await person.client.post<{ id: string }>('/api/friend-requests', {
    toUserId: bob.user.id,
  });
  expect((await bob.client.patch(`/api/friend-requests/${request.body.id}/accept`)).status).toBe(
    200,
  );
  const direct = await person.client.post<Channel>('/api/channels/direct', {
    recipientId: bob.user.id,
  });
  await sendMessage(person, direct.body.id, 'Un mot en privé');
  return { person, bob, channel, file, direct: direct.body };
}

async function requestAndWaitExport(who: Actor, url = '/api/account/export') {
  const asked = await who.client.post<AccountExport>(url);
  expect(asked.status).toBe(202);
  return until(
    async () => (await who.client.get<AccountExport>(`/api/account/export/${asked.body.id}`)).body,
    (e) => e.status === 'ready' || e.status === 'failed',
    'the export',
  );
}

async function download(who: Actor, url: string): Promise<{ status: number; bytes: Buffer }> {
  const res = await fetch(new URL(url, server.url), {
    headers: { cookie: who.client.cookieHeader, origin: server.url },
  });
  return { status: res.status, bytes: Buffer.from(await res.arrayBuffer()) };
}

function unzip(bytes: Buffer): Promise<Map<string, Buffer>> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(bytes, { lazyEntries: true }, (err, zip) => {
      if (err || !zip) return reject(err);
      const entries = new Map<string, Buffer>();
      zip.on('entry', (entry: yauzl.Entry) => {
        zip.openReadStream(entry, (e, stream) => {
          if (e || !stream) return reject(e);
          const chunks: Buffer[] = [];
          stream.on('data', (c: Buffer) => chunks.push(c));
          stream.on('end', () => {
            entries.set(entry.fileName, Buffer.concat(chunks));
            zip.readEntry();
          });
        });
      });
      zip.on('end', () => resolve(entries));
      zip.on('error', reject);
      zip.readEntry();
    });
  });
}

const json = (entries: Map<string, Buffer>, name: string) =>
  JSON.parse(entries.get(name)?.toString('utf8') ?? 'null');

describe('« Télécharger mes données »', () => {
  it('makes a zip with every category as JSON, the files, and an HTML page that escapes a hostile message', async () => {
    const hostile = '<script>alert("x")</script><img src=x onerror=alert(1)>';
    const { person, channel, file } = await busyPerson(hostile);
    const made = await requestAndWaitExport(person);
    expect(made).toMatchObject({ status: 'ready', progress: 100 });
    expect(made.downloadUrl).toBe(`/api/account/export/${made.id}/download`);

    const zip = await download(person, made.downloadUrl as string);
    expect(zip.status).toBe(200);
    const entries = await unzip(zip.bytes);
    expect(json(entries, 'profil.json')).toMatchObject({
      id: person.user.id,
      email: person.needles[2],
      firstName: person.needles[0],
    });
    const messages = json(entries, 'messages.json') as Array<{
      content: string;
      channel: { name: string };
    }>;
    expect(messages.map((m) => m.content)).toContain(hostile);
    expect(messages.find((m) => m.content === 'Bonjour à tous')?.channel.name).toBe(channel.name);
    expect(messages.map((m) => m.content)).toContain('Un mot en privé');
    expect(json(entries, 'reactions.json')).toEqual([
      expect.objectContaining({ emoji: '👍', channelName: channel.name }),
    ]);
    expect(json(entries, 'taches.json')).toEqual([
      expect.objectContaining({
        title: 'Écrire le compte rendu',
        board: 'Tableau',
        list: 'À faire',
      }),
    ]);
    expect(json(entries, 'evenements.json')).toEqual([
      expect.objectContaining({ title: 'Rendez-vous dentiste' }),
    ]);
    expect(json(entries, 'amis.json').friends).toHaveLength(1);
    expect(json(entries, 'parametres.json').notificationPreferences).toMatchObject({
      mentions: true,
    });
    const listed = json(entries, 'fichiers.json') as Array<{ id: string; path: string }>;
    expect(listed).toEqual([expect.objectContaining({ id: file.id, originalName: 'notes.txt' })]);
    expect(entries.get(listed[0]?.path ?? '')?.toString('utf8')).toBe(
      `Notes de ${person.needles[0]}`,
    );

    const html = entries.get('index.html')?.toString('utf8') ?? '';
    expect(html).toContain('Bonjour à tous');
    expect(html).toContain('&#60;script&#62;alert(&#34;x&#34;)&#60;/script&#62;');
    expect(html).not.toContain('<script');
    expect(html).not.toContain('<img');
    expect(html).toContain(`#${channel.name}`);

    // The owner is told: a notification about the account.
    const page = await person.client.get<NotificationPage>('/api/notifications');
    expect(page.body.notifications).toEqual(
      expect.arrayContaining([expect.objectContaining({ type: 'account' })]),
    );
  });

  it('answers 404 to anyone else, and once 7 days are past (the zip is purged)', async () => {
    const alice = await buildUser(server);
    const mallory = await buildUser(server);
    const made = await requestAndWaitExport(alice);
    expect((await mallory.client.get<ApiErrorBody>(`/api/account/export/${made.id}`)).status).toBe(
      404,
    );
    expect((await download(mallory, `/api/account/export/${made.id}/download`)).status).toBe(404);
    expect((await mallory.client.get('/api/account/export/nope')).status).toBe(404);

    const [row] = await db().execute<{ key: string }>(
      sql`select object_key as key from account_exports where id = ${made.id}::uuid`,
    );
    const object = path.join(server.config.dataDir, 'files', String(row?.key));
    await expect(readFile(object)).resolves.toBeInstanceOf(Buffer);
    // Six days on, still there; eight days on, gone with its zip.
    await runJobs(new Date(Date.now() + 6 * 86_400_000));
    expect((await download(alice, `/api/account/export/${made.id}/download`)).status).toBe(200);
    await runJobs(new Date(Date.now() + 8 * 86_400_000));
    expect((await alice.client.get(`/api/account/export/${made.id}`)).status).toBe(404);
    expect((await download(alice, `/api/account/export/${made.id}/download`)).status).toBe(404);
    await expect(readFile(object)).rejects.toThrow();
  });

  it('tells every socket of the owner its progress live, up to ready with the link', async () => {
    const alice = await buildUser(server);
    const socket = await open(alice);
    const asked = await alice.client.post<AccountExport>('/api/account/export');
    const ready = await socket.next(
      (e) =>
        e.type === 'account_export_updated' &&
        e.export.id === asked.body.id &&
        e.export.status === 'ready',
    );
    expect(ready).toMatchObject({
      export: { progress: 100, downloadUrl: `/api/account/export/${asked.body.id}/download` },
    });
  });

  it('asked twice while running gives the same export', async () => {
    const alice = await buildUser(server);
    const [a, b] = await Promise.all([
      alice.client.post<AccountExport>('/api/account/export'),
      alice.client.post<AccountExport>('/api/account/export'),
    ]);
    expect(a.status).toBe(202);
    // Either the second came while the first was being made (the same), or after it was
    // ready (refused for a day): one export either way.
    if (b.status === 202) expect(b.body.id).toBe(a.body.id);
    else expect(b.status).toBe(429);
    const list = await until(
      async () => (await alice.client.get<AccountExport[]>('/api/account/exports')).body,
      (l) => l.every((e) => e.status === 'ready'),
      'exports',
    );
    expect(list.map((e) => e.id)).toEqual([a.body.id]);
  });

  it('makes one export a day for the account itself, with when to come back', async () => {
    const alice = await buildUser(server);
    await requestAndWaitExport(alice);
    const again = await alice.client.post<ApiErrorBody>('/api/account/export');
    expect(again.status).toBe(429);
    expect(again.body.message).toBe(EXPORT_TOO_SOON);
    const wait = Number(again.headers.get('retry-after'));
    expect(wait).toBeGreaterThan(EXPORT_COOLDOWN_HOURS * 3600 - 120);
    expect(wait).toBeLessThanOrEqual(EXPORT_COOLDOWN_HOURS * 3600);
  });
});

/** Every text and JSON column of every table of the store holding one of `needles`. */
async function rowsHolding(needles: string[]): Promise<string[]> {
  const columns = await db().execute<{ table_name: string; column_name: string }>(sql`
    select table_name, column_name from information_schema.columns
    where table_schema = 'public' and data_type in ('text', 'character varying', 'jsonb', 'json', 'ARRAY')
    order by table_name, column_name`);
  const found: string[] = [];
  for (const { table_name, column_name } of columns) {
    for (const needle of needles) {
      const [hit] = await db().execute<{ n: number }>(sql`
        select count(*)::int as n from ${sql.identifier(table_name)}
        where ${sql.identifier(column_name)}::text ilike ${`%${needle}%`}`);
      if (Number(hit?.n) > 0) found.push(`${table_name}.${column_name} ∋ ${needle}`);
    }
  }
  return found;
}

async function storedFilesHolding(needles: string[]): Promise<string[]> {
  const root = path.join(server.config.dataDir, 'files');
  const found: string[] = [];
  const walk = async (dir: string): Promise<void> => {
    for (const entry of await readdir(dir, { withFileTypes: true }).catch(() => [])) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) await walk(full);
      else {
        const text = (await readFile(full)).toString('latin1');
        for (const needle of needles) if (text.includes(needle)) found.push(`${full} ∋ ${needle}`);
      }
    }
  };
  await walk(root);
  return found;
}

const erased = async (userId: string) =>
  (await db().execute(sql`select 1 from erased_accounts where user_id = ${userId}::uuid`)).length >
  0;

describe('« Supprimer mon compte »', () => {
  it('needs the password; then 7 days of grace, signed out; after them nothing of the store or the files holds the name or email; messages stay as « Utilisateur supprimé »', async () => {
    const { person, bob, channel, direct } = await busyPerson('<b>gras</b>');
    // The scan finds them before: in the account, the direct conversation's name, the friend's
    // notifications, the uploaded file.
    const before = await rowsHolding(person.needles);
    expect(before).toEqual(
      expect.arrayContaining([
        `users.email ∋ ${person.needles[2]}`,
        `channels.name ∋ ${person.needles[0]}`,
        `notifications.title ∋ ${person.needles[0]}`,
      ]),
    );
    // An export made before, holding every needle: it goes too.
    await requestAndWaitExport(person);
    expect(await storedFilesHolding([person.needles[0] as string])).not.toEqual([]);

    const missing = await person.client.request<ApiErrorBody>('DELETE', '/api/account', {});
    expect(missing.status).toBe(400);
    const wrong = await person.client.request<ApiErrorBody>('DELETE', '/api/account', {
      password: 'pas le bon',
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toBe('Le mot de passe est incorrect');

    const asked = await person.client.request<AccountDeletion>('DELETE', '/api/account', {
      password: person.password,
    });
    expect(asked.status).toBe(202);
    const eraseAfter = Date.parse(asked.body.eraseAfter as string);
    expect(eraseAfter - Date.now()).toBeGreaterThan(6.9 * 86_400_000);
    // Signed out everywhere.
    expect((await person.client.get('/api/auth/user')).status).toBe(401);

    // Six days on, nothing is erased yet; eight days on, it is.
    await runJobs(new Date(Date.now() + 6 * 86_400_000));
    expect(await erased(person.user.id)).toBe(false);
    await runJobs(new Date(Date.now() + 8 * 86_400_000));
    expect(await erased(person.user.id)).toBe(true);

    expect(await rowsHolding(person.needles)).toEqual([]);
    expect(await storedFilesHolding(person.needles)).toEqual([]);

    // The messages stay, signed « Utilisateur supprimé », in the channel and the conversation.
    const page = await bob.client.get<{
      messages: Array<{ content: string; user: { displayName: string | null } }>;
    }>(`/api/channels/${channel.id}/messages`);
    const kept = page.body.messages.find((m) => m.content === 'Bonjour à tous');
    expect(kept?.user.displayName).toBe(ERASED_USER_NAME);
    const dm = await bob.client.get<{ messages: Array<{ content: string }> }>(
      `/api/channels/${direct.id}/messages`,
    );
    expect(dm.body.messages.map((m) => m.content)).toContain('Un mot en privé');
    // No way back in.
    const login = await new TestClient(server.url).post('/api/auth/login', {
      email: person.needles[2],
      password: person.password,
    });
    expect(login.status).toBeGreaterThanOrEqual(400);
    expect(login.status).toBeLessThan(500);
  });

  it('closes the sockets of every session: another device’s at once, the asking page’s a moment after its answer', async () => {
    const alice = await buildUser(server);
    const phone = new TestClient(server.url);
    await phone.post('/api/auth/login', { email: alice.user.email, password: alice.password });
    const here = await open(alice);
    const there = await open({ client: phone });
    const asked = await alice.client.request('DELETE', '/api/account', {
      password: alice.password,
    });
    expect(asked.status).toBe(202);
    expect((await there.closed).code).toBe(CLOSE_SESSION_ENDED);
    expect((await here.closed).code).toBe(CLOSE_SESSION_ENDED);
    expect((await phone.get('/api/auth/user')).status).toBe(401);
  });

  it('keeps the last administrator (409)', async () => {
    const res = await admin.client.request<ApiErrorBody>('DELETE', '/api/account', {
      password: admin.password,
    });
    expect(res.status).toBe(409);
    expect(res.body.message).toMatch(/^Vous êtes le dernier administrateur/);
    expect((await admin.client.get('/api/auth/user')).status).toBe(200);
  });

  it('asks an account without a password for a sign-in under 10 minutes', async () => {
    const fresh = await insertSignedInUser(server);
    const [session] = await db().execute<{ sid: string }>(
      sql`select sid from sessions order by (sess->>'createdAt') desc limit 1`,
    );
    // Signed in 20 minutes ago: refused, told why.
    await db().execute(sql`update sessions set sess = jsonb_set(sess, '{createdAt}',
      to_jsonb(to_char((now() - interval '20 minutes') at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"'))) where sid = ${String(session?.sid)}`);
    const old = await fresh.client.request<ApiErrorBody>('DELETE', '/api/account', {});
    expect(old.status).toBe(403);
    expect(old.body.message).toMatch(/^Reconnectez-vous/);
    await db().execute(sql`update sessions set sess = jsonb_set(sess, '{createdAt}',
      to_jsonb(to_char(now() at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"'))) where sid = ${String(session?.sid)}`);
    const ok = await fresh.client.request<AccountDeletion>('DELETE', '/api/account', {});
    expect(ok.status).toBe(202);
  });

  it('is cancelled by signing in during the grace, with a notification saying so', async () => {
    const alice = await buildUser(server);
    const asked = await alice.client.request<AccountDeletion>('DELETE', '/api/account', {
      password: alice.password,
    });
    expect(asked.status).toBe(202);
    const again = new TestClient(server.url);
    const login = await again.post('/api/auth/login', {
      email: alice.user.email,
      password: alice.password,
    });
    expect(login.status).toBe(200);
    await until(
      async () => (await again.get<AccountDeletion>('/api/account/deletion')).body,
      (d) => !d.scheduled,
      'the cancellation',
    );
    const notices = await again.get<NotificationPage>('/api/notifications');
    expect(notices.body.notifications.map((n) => n.title)).toContain(
      'Vous vous êtes reconnecté : la suppression de votre compte est annulée',
    );
    await runJobs(new Date(Date.now() + 8 * 86_400_000));
    expect(await erased(alice.user.id)).toBe(false);
  });
});

describe('ACCOUNT_DELETION_MESSAGES=delete', () => {
  it('deletes the erased account’s messages, a thread with its replies, and keeps the others’', async () => {
    const other = await startTestServer({
      env: { PRIVACY_JOB_INTERVAL_MS: '0', ACCOUNT_DELETION_MESSAGES: 'delete' },
    });
    try {
      // Bob is the first account, so its administrator.
      const bob = await buildUser(other);
      const person = await buildUser(other);
      const channel = await buildChannel(bob);
      await addMember(channel, bob, person);
      const root = await sendMessage(person, channel.id, 'un fil');
      await sendMessage(bob, channel.id, { content: 'une réponse', parentMessageId: root.id });
      const bobs = await sendMessage(bob, channel.id, 'le message de Bob');
      const reply = await sendMessage(person, channel.id, {
        content: 'ma réponse',
        parentMessageId: bobs.id,
      });
      expect(
        (await person.client.request('DELETE', '/api/account', { password: person.password }))
          .status,
      ).toBe(202);
      await other.app.privacyJobs?.run(new Date(Date.now() + 8 * 86_400_000));
      const left = await other.database.db.execute<{ id: string }>(
        sql`select id from messages where channel_id = ${channel.id}::uuid`,
      );
      const ids = left.map((r) => r.id);
      expect(ids).toContain(bobs.id);
      expect(ids).not.toContain(root.id);
      expect(ids).not.toContain(reply.id);
      // The thread went whole: no orphan reply surfaces in the channel.
      expect(ids).toHaveLength(1);
    } finally {
      await other.close();
    }
  });
});

describe('administrators', () => {
  it('refuse members every admin route with 403', async () => {
    const member = await buildUser(server);
    const other = await buildUser(server);
    const answers = await Promise.all([
      member.client.post(`/api/admin/users/${other.user.id}/export`),
      member.client.request('DELETE', `/api/admin/users/${other.user.id}`, {}),
      member.client.get('/api/admin/retention'),
      member.client.request('PUT', '/api/admin/retention', {
        messageDays: 1,
        fileDays: null,
        channelOverride: false,
      }),
    ]);
    expect(answers.map((a) => a.status)).toEqual([403, 403, 403, 403]);
    expect(await erased(other.user.id)).toBe(false);
  });

  it('export a member’s data (downloadable by that administrator, audited) and erase an account at once', async () => {
    const { person } = await busyPerson('rien de spécial');
    // One the person asked for is the administrator's to follow too.
    const own = await requestAndWaitExport(person);
    expect((await admin.client.get(`/api/account/export/${own.id}`)).status).toBe(200);
    const made = await requestAndWaitExport(admin, `/api/admin/users/${person.user.id}/export`);
    expect(made.userId).toBe(person.user.id);
    const zip = await download(admin, made.downloadUrl as string);
    expect(zip.status).toBe(200);
    expect(json(await unzip(zip.bytes), 'profil.json')).toMatchObject({ id: person.user.id });
    expect((await admin.client.post(`/api/admin/users/${randomUUID()}/export`)).status).toBe(404);

    const gone = await admin.client.request<AccountDeletion>(
      'DELETE',
      `/api/admin/users/${person.user.id}`,
      {},
    );
    expect(gone.status).toBe(202);
    await until(() => erased(person.user.id), Boolean, 'the erasure');
    expect(await rowsHolding(person.needles)).toEqual([]);
    const actions = await db().execute<{ action: string }>(
      sql`select action from audit_log where target_id = ${person.user.id} order by created_at`,
    );
    expect(actions.map((a) => a.action)).toEqual(
      expect.arrayContaining([
        'account.export_requested',
        'account.erasure_requested',
        'account.erased',
      ]),
    );
    // Asked again: the account is gone.
    expect(
      (await admin.client.request('DELETE', `/api/admin/users/${person.user.id}`, {})).status,
    ).toBe(404);
  });
});

describe('retention', () => {
  it('deletes messages older than the period with their files, keeps newer ones and threads whole', async () => {
    const alice = await buildUser(server);
    const channel = await buildChannel(alice);
    const old = await sendMessage(alice, channel.id, 'ancien message');
    const oldFile = await upload(alice, channel.id, 'vieux.txt', 'vieux contenu');
    const oldWithFile = await sendMessage(alice, channel.id, {
      content: 'ancien avec fichier',
      attachments: [
        {
          id: oldFile.id,
          name: oldFile.originalName,
          url: oldFile.url,
          size: oldFile.size,
          mimeType: oldFile.mimeType,
        },
      ],
    });
    const parent = await sendMessage(alice, channel.id, 'ancien fil encore vivant');
    const fresh = await sendMessage(alice, channel.id, 'message récent');
    const liveReply = await sendMessage(alice, channel.id, {
      content: 'réponse récente',
      parentMessageId: parent.id,
    });
    // The clock moved: these were written 40 days ago.
    const backdated = [old.id, oldWithFile.id, parent.id];
    await db().execute(sql`update messages set created_at = now() - interval '40 days'
      where id in (${sql.join(
        backdated.map((id) => sql`${id}::uuid`),
        sql`, `,
      )})`);
    const [fileRow] = await db().execute<{ filename: string }>(
      sql`select filename from files where id = ${oldFile.id}::uuid`,
    );
    const bytes = path.join(server.config.dataDir, 'files', String(fileRow?.filename));
    await expect(readFile(bytes)).resolves.toBeInstanceOf(Buffer);

    const set = await admin.client.request<RetentionPolicy>('PUT', '/api/admin/retention', {
      messageDays: 30,
      fileDays: null,
      channelOverride: true,
    });
    expect(set.status).toBe(200);
    expect((await admin.client.get<RetentionPolicy>('/api/admin/retention')).body).toEqual({
      messageDays: 30,
      fileDays: null,
      channelOverride: true,
    });
    await runJobs();
    const ids = async () =>
      (
        await alice.client.get<{ messages: Array<{ id: string }> }>(
          `/api/channels/${channel.id}/messages`,
        )
      ).body.messages.map((m) => m.id);
    const left = await ids();
    expect(left).not.toContain(old.id);
    expect(left).not.toContain(oldWithFile.id);
    // A thread with a recent reply stays whole.
    expect(left).toContain(parent.id);
    expect(left).toContain(fresh.id);
    expect(
      (await db().execute(sql`select 1 from files where id = ${oldFile.id}::uuid`)).length,
    ).toBe(0);
    await expect(readFile(bytes)).rejects.toThrow();
    expect(
      (await db().execute(sql`select 1 from messages where id = ${liveReply.id}::uuid`)).length,
    ).toBe(1);

    // 29 days on, the recent ones stay; 31 days on, they go (and the thread with them).
    await runJobs(new Date(Date.now() + 29 * 86_400_000));
    expect(await ids()).toContain(fresh.id);
    await runJobs(new Date(Date.now() + 31 * 86_400_000));
    expect(await ids()).toEqual([]);
    await admin.client.request('PUT', '/api/admin/retention', {
      messageDays: null,
      fileDays: null,
      channelOverride: false,
    });
  });

  it('lets a channel’s manager set a shorter period only where the instance allows it', async () => {
    const alice = await buildUser(server);
    const bob = await buildUser(server);
    const channel = await buildChannel(alice);
    await addMember(channel, alice, bob);
    const outsider = await buildUser(server);
    await admin.client.request('PUT', '/api/admin/retention', {
      messageDays: null,
      fileDays: null,
      channelOverride: false,
    });
    const url = `/api/channels/${channel.id}/retention`;
    expect((await alice.client.request<ApiErrorBody>('PUT', url, { messageDays: 7 })).status).toBe(
      403,
    );
    await admin.client.request('PUT', '/api/admin/retention', {
      messageDays: 90,
      fileDays: null,
      channelOverride: true,
    });
    expect((await outsider.client.get(url)).status).toBe(404);
    expect((await bob.client.request('PUT', url, { messageDays: 7 })).status).toBe(403);
    expect((await alice.client.request('PUT', url, { messageDays: 120 })).status).toBe(400);
    const ok = await alice.client.request('PUT', url, { messageDays: 7 });
    expect(ok.status).toBe(200);
    expect(ok.body).toEqual({ messageDays: 7, effectiveDays: 7, instanceDays: 90, allowed: true });
    const audited = await db().execute<{ action: string }>(
      sql`select action from audit_log where target_id = ${channel.id} and actor_id = ${alice.user.id}::uuid`,
    );
    expect(audited.map((a) => a.action)).toEqual(['retention.changed']);

    const kept = await sendMessage(bob, channel.id, 'récent');
    const doomed = await sendMessage(bob, channel.id, 'vieux de 10 jours');
    await db().execute(
      sql`update messages set created_at = now() - interval '10 days' where id = ${doomed.id}::uuid`,
    );
    await runJobs();
    const left = await bob.client.get<{ messages: Array<{ id: string }> }>(
      `/api/channels/${channel.id}/messages`,
    );
    expect(left.body.messages.map((m) => m.id)).toEqual([kept.id]);
    await admin.client.request('PUT', '/api/admin/retention', {
      messageDays: null,
      fileDays: null,
      channelOverride: false,
    });
  });
});
