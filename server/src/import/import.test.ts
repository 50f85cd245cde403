import { execFile } from 'node:child_process';
import { appendFile, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Channel } from '#shared/channels';
import type { MessagePage, MessageThread } from '#shared/messages';
import type { User } from '#shared/users';
import { runAdmin } from '../../test/admin-command';
import { TestClient } from '../../test/client';
import { buildUser } from '../../test/factories';
import { buildMattermostExport, buildSlackExport, FILE_TEXT, T0 } from '../../test/import-exports';
import { startTestServer, type TestServer } from '../../test/server';
import { createTestStore, type TestStoreHandle } from '../../test/stores';
import { createFileStorage } from '../features/files/storage';
import { readExport } from './cli';
import type { ImportSource } from './model';
import { BATCH_SIZE, ImportInterrupted, writeImport } from './write';

const run = promisify(execFile);
const stores: TestStoreHandle[] = [];
let work: string;
beforeAll(async () => {
  work = await mkdtemp(path.join(tmpdir(), 'ruche-import-test-'));
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

/** `npm run admin -- import …` on `store`, the node stopped, output not a terminal. */
const admin = (store: TestStoreHandle, ...args: string[]) =>
  runAdmin(store, args, { DEFAULT_CHANNEL: '' });

/** The import run in the server's process, on its store. */
async function importInto(
  server: TestServer,
  source: ImportSource,
  file: string,
  stopAfterBatches?: number,
) {
  const data = await readExport(source, file);
  try {
    return await writeImport(data, {
      db: server.database.db,
      config: server.config,
      storage: createFileStorage(server.config),
      ...(stopAfterBatches === undefined ? {} : { stopAfterBatches }),
    });
  } finally {
    await data.close();
  }
}

/** Rows of the tables an import writes: a second run must leave every count as it was. */
async function counts(server: TestServer) {
  const [row] = await server.database.sql<Record<string, string>[]>`
    select (select count(*) from users) as users, (select count(*) from channels) as channels,
      (select count(*) from channel_members) as members, (select count(*) from messages) as messages,
      (select count(*) from reactions) as reactions, (select count(*) from files) as files,
      (select count(*) from import_map) as mapped`;
  return row;
}

async function signIn(url: string, email: string, password: string): Promise<TestClient> {
  const client = new TestClient(url);
  const res = await client.post('/api/auth/login', { email, password });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return client;
}

async function channelNamed(client: TestClient, name: string): Promise<Channel> {
  const list = (await client.get<Channel[]>('/api/channels')).body;
  const found = list.find((c) => c.name === name);
  if (!found) throw new Error(`${name} not in ${list.map((c) => c.name).join(', ')}`);
  return found;
}

describe('npm run admin -- import slack', () => {
  it('imports people, channels, conversations, messages with threads, reactions, edits, files and mentions; a second run creates nothing', async () => {
    const store = await freshStore();
    let server = await startTestServer({ store });
    const alice = await buildUser(server, {
      email: 'alice@ruche.test',
      firstName: 'Alice',
      lastName: 'Martin',
      displayName: 'Alice',
    });
    await server.close();
    const file = path.join(work, 'slack.zip');
    await buildSlackExport(file, { existingEmail: 'Alice@Ruche.test' });

    const first = await admin(store, 'import', 'slack', file);
    expect(first.stdout).toContain('Export Slack lu : 4 personne(s), 4 conversation(s)');
    expect(first.stdout).toContain(
      'Personnes : 3 créée(s) (en attente de leur première connexion), 1 retrouvée(s) par leur adresse',
    );
    expect(first.stdout).toContain('Conversations : 4 créée(s)');
    expect(first.stdout).toContain('Messages : 10 importé(s), 0 déjà importé(s).');
    expect(first.stdout).toContain('Réactions : 5 importée(s).');
    expect(first.stdout).toContain('Fichiers : 1 importé(s)');
    expect(first.stdout).toContain('1 × message : événement du canal (channel_join)');
    expect(first.stdout).toContain('1 × fichier : fichier absent de l’export');
    // A custom emoji Ruche lacks keeps its name, shown as text (:perroquet_qui_danse:).
    expect(first.stdout).not.toContain('× réaction');
    // Not a terminal: no progress bar in the output.
    expect(first.stdout).not.toContain('[');

    server = await startTestServer({ store });
    try {
      const before = await counts(server);
      await server.close();
      const second = await admin(store, 'import', 'slack', file);
      expect(second.stdout).toContain('Messages : 0 importé(s), 10 déjà importé(s).');
      expect(second.stdout).toContain('Personnes : 0 créée(s)');
      expect(second.stdout).toContain('Conversations : 0 créée(s)');
      server = await startTestServer({ store });
      expect(await counts(server)).toEqual(before);

      const { sql } = server.database;
      // People: Alice matched by her address (whatever its case), the others made, unclaimed.
      const people = await sql<
        {
          email: string | null;
          display_name: string | null;
          first_name: string | null;
          password_hash: string | null;
          status: string;
        }[]
      >`select email, display_name, first_name, password_hash, status from users order by email nulls last`;
      expect(people.map((p) => p.email)).toEqual([
        'alice@ruche.test',
        'bruno@exemple.fr',
        'chloe@exemple.fr',
        null,
      ]);
      expect(people[1]).toMatchObject({
        display_name: 'Bruno',
        first_name: 'Bruno',
        password_hash: null,
        status: 'offline',
      });
      expect(people[2]?.display_name).toBe('Chloé Durand');
      expect(people[3]?.display_name).toBe('Intégration');

      const aliceClient = await signIn(server.url, 'alice@ruche.test', alice.password);
      const general = await channelNamed(aliceClient, 'general-slack');
      expect(general.type).toBe('channel');
      expect(general.description).toBe('Le canal de tous');
      // The history arrives read.
      expect(general.unreadCount).toBe(0);
      expect((await channelNamed(aliceClient, 'secret')).type).toBe('group');
      expect((await channelNamed(aliceClient, 'Alice Martin, Bruno, Chloé Durand')).type).toBe(
        'group',
      );
      const list = (await aliceClient.get<Channel[]>('/api/channels')).body;
      const direct = list.find((c) => c.type === 'direct');
      expect(direct?.unreadCount).toBe(0);

      const page = (await aliceClient.get<MessagePage>(`/api/channels/${general.id}/messages`))
        .body;
      const top = page.messages.filter((m) => !m.parentMessageId);
      expect(top.map((m) => m.content)).toEqual([
        'Bonjour **tout le monde** ! Voir [le site](https://exemple.fr/a_b) et #secret, *merci* ~~pas ça~~ @Bruno & @here',
        'Le compte rendu',
        'Une photo',
        'Déploiement terminé',
        'Deuxième jour',
      ]);
      const rootMessage = top[0]!;
      expect(rootMessage.userId).toBe(alice.user.id);
      expect(rootMessage.createdAt).toBe(new Date(T0 * 1000).toISOString());
      expect(rootMessage.edited).toBe(true);
      expect(rootMessage.mentions).toHaveLength(1);
      const bruno = people[1]!;
      const [brunoRow] = await sql<
        { id: string }[]
      >`select id from users where email = ${bruno.email}`;
      expect(rootMessage.mentions).toEqual([brunoRow!.id]);
      expect(
        rootMessage.reactions
          .map((r) => ({ emoji: r.emoji, count: r.count }))
          .sort((a, b) => a.emoji.localeCompare(b.emoji)),
      ).toEqual(
        [
          { emoji: '👍', count: 2 },
          { emoji: '👍🏻', count: 1 },
          { emoji: ':ruche:', count: 1 },
          { emoji: ':perroquet_qui_danse:', count: 1 },
        ].sort((a, b) => a.emoji.localeCompare(b.emoji)),
      );

      const thread = (
        await aliceClient.get<MessageThread>(`/api/messages/${rootMessage.id}/thread`)
      ).body;
      expect(thread.replies.map((m) => m.content)).toEqual([
        'Réponse dans le fil\n```\nconst x = a_b * c_d;\n```',
      ]);
      expect(thread.replies[0]?.userId).toBe(brunoRow!.id);

      const withFile = top[1]!;
      expect(withFile.attachments).toHaveLength(1);
      expect(withFile.attachments[0]).toMatchObject({
        name: 'compte-rendu.txt',
        size: Buffer.byteLength(FILE_TEXT),
      });
      const res = await fetch(new URL(withFile.attachments[0]!.url, server.url), {
        headers: { cookie: aliceClient.cookieHeader, origin: server.url },
      });
      expect(res.status).toBe(200);
      expect(await res.text()).toBe(FILE_TEXT);
      expect(top[2]!.attachments).toEqual([]);

      // Bruno claims his account by signing up with its address (no mail configured here):
      // the same account, with his conversations.
      const brunoClient = new TestClient(server.url);
      const signUp = await brunoClient.post<User>('/api/auth/register', {
        email: 'bruno@exemple.fr',
        password: 'un mot de passe très sûr',
        firstName: 'Bruno',
        lastName: 'Petit',
      });
      expect(signUp.status, JSON.stringify(signUp.body)).toBe(201);
      expect(signUp.body.id).toBe(brunoRow!.id);
      const brunoChannels = (await brunoClient.get<Channel[]>('/api/channels')).body;
      expect(brunoChannels.map((c) => c.name).sort()).toEqual(
        [
          'Alice Martin / Bruno',
          'Alice Martin, Bruno, Chloé Durand',
          'general-slack',
          'secret',
        ].sort(),
      );
      // Claimed once: the next sign-up with that address is an existing account's.
      const again = await new TestClient(server.url).post('/api/auth/register', {
        email: 'bruno@exemple.fr',
        password: 'un autre mot de passe sûr',
      });
      expect(again.status).toBe(409);
      // An unclaimed account cannot be signed in to.
      const chloe = await new TestClient(server.url).post('/api/auth/login', {
        email: 'chloe@exemple.fr',
        password: 'nimporte quoi du tout',
      });
      expect(chloe.status).toBe(401);
    } finally {
      await server.close();
    }
    // Two imports by the command line and three starts of a node: minutes on the embedded
    // store of a busy machine, not a measure of anything.
  }, 240_000);

  it('answers a wrong command or a file that is not an export with its usage or an error', async () => {
    const store = await freshStore();
    await expect(admin(store, 'import', 'teams', 'x.zip')).rejects.toMatchObject({ code: 2 });
    const notZip = path.join(work, 'pas-un-export.zip');
    await run('sh', ['-c', `echo bonjour > ${notZip}`]);
    const refused = admin(store, 'import', 'slack', notZip);
    await expect(refused).rejects.toMatchObject({ code: 1 });
    expect(await refused.catch((e: { stderr: string }) => e.stderr)).toContain(
      'Lecture de l’export impossible',
    );
    // Nobody administers this store yet: imported people must not take that from the first
    // person to sign up.
    const file = path.join(work, 'slack-sans-admin.zip');
    await buildSlackExport(file, { existingEmail: 'alice@ruche.test' });
    const noAdmin = admin(store, 'import', 'slack', file);
    await expect(noAdmin).rejects.toMatchObject({ code: 1 });
    expect(await noAdmin.catch((e: { stderr: string }) => e.stderr)).toContain(
      'Aucun administrateur dans cet espace',
    );
  }, 120_000);
});

describe('import mattermost', () => {
  it('imports a bulk export zip with its attachment, and the JSONL alone without it', async () => {
    const server = await startTestServer({ store: await freshStore() });
    try {
      const alice = await buildUser(server, { email: 'alice@ruche.test', displayName: 'Alice' });
      const zip = path.join(work, 'mattermost.zip');
      await buildMattermostExport(zip, { existingEmail: 'alice@ruche.test', zip: true });
      const report = await importInto(server, 'mattermost', zip);
      expect(report.users).toEqual({ matched: 1, created: 2, already: 0 });
      expect(report.channels).toEqual({ created: 4, reused: 0, already: 0 });
      expect(report.messages).toEqual({ imported: 6, already: 0 });
      expect(report.reactions).toBe(3);
      expect(report.files.imported).toBe(1);
      expect([...report.skipped.keys()]).toEqual(
        expect.arrayContaining([
          'réaction : émoji personnalisé (l’image n’est pas importée)',
          'fichier : pièce jointe absente de l’archive (export sans --attachments)',
        ]),
      );
      const town = await channelNamed(alice.client, 'Place du village');
      expect(town).toMatchObject({ type: 'channel', description: 'Tout le monde', unreadCount: 0 });
      expect((await channelNamed(alice.client, 'Privé')).type).toBe('group');
      const list = (await alice.client.get<Channel[]>('/api/channels')).body;
      expect(list.filter((c) => c.type === 'direct')).toHaveLength(1);
      expect(
        list
          .filter((c) => c.type === 'group')
          .map((c) => c.name)
          .sort(),
      ).toEqual(['Privé', 'alice, Bruno Petit, Chloé'].map((n) => n).sort());
      const page = (await alice.client.get<MessagePage>(`/api/channels/${town.id}/messages`)).body;
      const first = page.messages.find((m) => m.content.startsWith('Bonjour'))!;
      expect(first.content).toBe('Bonjour @Bruno Petit, **gras** et [lien](https://exemple.fr).');
      expect(first.userId).toBe(alice.user.id);
      expect(first.edited).toBe(true);
      expect(first.createdAt).toBe(new Date(T0 * 1000).toISOString());
      expect(first.mentions).toHaveLength(1);
      expect(first.reactions.map((r) => r.emoji).sort()).toEqual([':ruche:', '❤️', '👍'].sort());
      expect(first.attachments.map((a) => a.name)).toEqual(['compte-rendu.txt']);
      const thread = (await alice.client.get<MessageThread>(`/api/messages/${first.id}/thread`))
        .body;
      expect(thread.replies.map((m) => m.content)).toEqual(['Réponse dans le fil']);

      // The same export as JSONL alone: everything is there already; nothing twice.
      const before = await counts(server);
      const jsonl = path.join(work, 'export.jsonl');
      await buildMattermostExport(jsonl, { existingEmail: 'alice@ruche.test', zip: false });
      const again = await importInto(server, 'mattermost', jsonl);
      expect(again.messages).toEqual({ imported: 0, already: 6 });
      expect(again.users).toEqual({ matched: 0, created: 0, already: 3 });
      expect(await counts(server)).toEqual(before);
    } finally {
      await server.close();
    }
  });
  it('reads a JSONL’s attachments beside it, under data/, and nothing outside its folder', async () => {
    const server = await startTestServer({ store: await freshStore() });
    try {
      await buildUser(server, { email: 'alice@ruche.test' });
      const dir = path.join(work, 'beside');
      await mkdir(path.join(dir, 'export', 'data', 'equipe'), { recursive: true });
      await writeFile(path.join(dir, 'export', 'data', 'equipe', 'compte-rendu.txt'), FILE_TEXT);
      await writeFile(path.join(dir, 'secret.txt'), 'hors de l’export');
      const jsonl = path.join(dir, 'export', 'export.jsonl');
      await buildMattermostExport(jsonl, { existingEmail: 'alice@ruche.test', zip: false });
      const outside = {
        type: 'post',
        post: {
          team: 'equipe',
          channel: 'town-square',
          user: 'bruno',
          message: 'Hors du dossier',
          create_at: T0 * 1000 + 50_000,
          attachments: [{ path: '../secret.txt' }, { path: '../../beside/secret.txt' }],
        },
      };
      await appendFile(jsonl, `${JSON.stringify(outside)}\n`);
      const report = await importInto(server, 'mattermost', jsonl);
      expect(report.files.imported).toBe(1);
      expect(
        report.skipped.get(
          'fichier : pièce jointe absente à côté de l’export (export sans --attachments)',
        ),
      ).toBe(3);
      const [stored] = await server.database.sql<{ original_name: string }[]>`
        select original_name from files`;
      expect(stored?.original_name).toBe('compte-rendu.txt');
    } finally {
      await server.close();
    }
  });
});

describe('an import beside people already talking in Ruche', () => {
  it('puts a direct conversation into the direct channel the two already have, and leaves it read', async () => {
    const server = await startTestServer({ store: await freshStore() });
    try {
      const alice = await buildUser(server, { email: 'alice@ruche.test', displayName: 'Alice' });
      const bruno = await buildUser(server, { email: 'bruno@exemple.fr', displayName: 'Bruno' });
      const opened = await alice.client.post<Channel>('/api/channels/direct', {
        recipientId: bruno.user.id,
      });
      expect(opened.status).toBeLessThan(300);
      const file = path.join(work, 'slack-reuse.zip');
      await buildSlackExport(file, { existingEmail: 'alice@ruche.test' });
      const report = await importInto(server, 'slack', file);
      expect(report.users).toMatchObject({ matched: 2, created: 2 });
      expect(report.channels).toEqual({ created: 3, reused: 1, already: 0 });
      const direct = (await bruno.client.get<Channel[]>('/api/channels')).body.filter(
        (c) => c.type === 'direct',
      );
      expect(direct.map((c) => c.id)).toEqual([opened.body.id]);
      expect(direct[0]?.unreadCount).toBe(0);
      const page = (await bruno.client.get<MessagePage>(`/api/channels/${opened.body.id}/messages`))
        .body;
      expect(page.messages.map((m) => [m.userId, m.content])).toEqual([
        [alice.user.id, 'Salut Bruno'],
        [bruno.user.id, 'Salut Alice'],
      ]);
    } finally {
      await server.close();
    }
  });
});

describe('an interrupted import', () => {
  it('finishes when run again, without a message twice, in their original order', async () => {
    const server = await startTestServer({ store: await freshStore() });
    try {
      await buildUser(server, { email: 'alice@ruche.test' });
      const file = path.join(work, 'slack-big.zip');
      const extra = BATCH_SIZE * 2 + 50;
      await buildSlackExport(file, { existingEmail: 'alice@ruche.test', extra, extraChannels: 1 });
      await expect(importInto(server, 'slack', file, 1)).rejects.toBeInstanceOf(ImportInterrupted);
      const { sql } = server.database;
      const [partial] = await sql<{ n: string }[]>`select count(*) as n from messages`;
      expect(Number(partial!.n)).toBeGreaterThan(0);
      expect(Number(partial!.n)).toBeLessThan(extra);

      const report = await importInto(server, 'slack', file);
      expect(report.messages.already).toBe(Number(partial!.n));
      expect(report.messages.imported + report.messages.already).toBe(extra + 10);
      const [total] = await sql<{ n: string; keys: string }[]>`
        select count(*) as n, count(distinct external_id) as keys from import_map where kind = 'message'`;
      expect(Number(total!.n)).toBe(extra + 10);
      const [bench] = await sql<{ n: string }[]>`
        select count(*) as n from messages m join channels c on c.id = m.channel_id where c.name = 'bench-0'`;
      expect(Number(bench!.n)).toBe(extra);
      // Seqs follow the original times, across the two runs.
      const disorder = await sql`
        select 1 from messages a join messages b on a.channel_id = b.channel_id and a.seq < b.seq
        where a.created_at > b.created_at limit 1`;
      expect(disorder).toHaveLength(0);
    } finally {
      await server.close();
    }
  });
});
