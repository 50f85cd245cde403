import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Channel } from '#shared/channels';
import type { User } from '#shared/users';
import { TestClient } from '../../test/client';
import { buildMattermostExport } from '../../test/import-exports';
import type { OidcTestProvider } from '../../test/oidc-provider';
import { startServerWithOidc } from '../../test/oidc-server';
import { freePort, startTestServer, type TestServer } from '../../test/server';
import { linkIn, startSmtpServer, type TestSmtpServer } from '../../test/smtp-server';
import { createFileStorage } from '../features/files/storage';
import { readExport } from './cli';
import { writeImport } from './write';

// An imported person without an account here gets one nobody can sign in to (auth/claim.ts):
// proving the address — by mail, or through the provider — hands it to them with its history.
let work: string;
beforeAll(async () => {
  work = await mkdtemp(path.join(tmpdir(), 'ruche-claim-test-'));
});
afterAll(async () => {
  if (work) await rm(work, { recursive: true, force: true });
});

async function importMattermost(server: TestServer): Promise<Map<string, string>> {
  // The workspace's administrator, who runs the import (write.ts refuses without one).
  await server.database.sql`insert into users (email, is_admin) values ('admin@ruche.test', true)`;
  const file = path.join(work, `export-${Math.random().toString(36).slice(2)}.jsonl`);
  await buildMattermostExport(file, { existingEmail: 'alice@ruche.test', zip: false });
  const data = await readExport('mattermost', file);
  try {
    await writeImport(data, {
      db: server.database.db,
      config: server.config,
      storage: createFileStorage(server.config),
    });
  } finally {
    await data.close();
  }
  const rows = await server.database.sql<{ id: string; email: string }[]>`
    select id, email from users where email is not null`;
  return new Map(rows.map((r) => [r.email, r.id]));
}

describe('claiming an imported account, with mail', () => {
  let smtp: TestSmtpServer;
  let server: TestServer;
  beforeAll(async () => {
    smtp = await startSmtpServer();
    const port = await freePort();
    server = await startTestServer({
      port,
      env: { PUBLIC_URL: `http://127.0.0.1:${port}`, SMTP_URL: smtp.url },
    });
  });
  afterAll(async () => {
    await server?.close();
    await smtp?.close();
  });

  it('a sign-up with its address mails a link that sets the password; a reset does the same', async () => {
    const ids = await importMattermost(server);
    const brunoId = ids.get('bruno@exemple.fr')!;
    expect(brunoId).toBeTruthy();

    // Signing up answers as for any address, and mails the owner a link, not an account.
    const signUp = await new TestClient(server.url).post('/api/auth/register', {
      email: 'bruno@exemple.fr',
      password: 'le mot de passe de quelqu’un d’autre',
    });
    expect(signUp.status).toBe(202);
    const login = (email: string, password: string) =>
      new TestClient(server.url).post<User>('/api/auth/login', { email, password });
    expect((await login('bruno@exemple.fr', 'le mot de passe de quelqu’un d’autre')).status).toBe(
      401,
    );
    const token = linkIn(await smtp.nextMailTo('bruno@exemple.fr'), server.url).searchParams.get(
      'reset',
    )!;
    const set = await new TestClient(server.url).post('/api/auth/password-reset/confirm', {
      token,
      newPassword: 'ma phrase secrète de Bruno',
    });
    expect(set.status).toBe(204);
    const bruno = await login('bruno@exemple.fr', 'ma phrase secrète de Bruno');
    expect(bruno.status).toBe(200);
    expect(bruno.body.id).toBe(brunoId);

    // Chloé asks for a reset herself.
    const asked = await new TestClient(server.url).post('/api/auth/password-reset', {
      email: 'chloe@exemple.fr',
    });
    expect(asked.status).toBe(202);
    const chloeToken = linkIn(
      await smtp.nextMailTo('chloe@exemple.fr'),
      server.url,
    ).searchParams.get('reset')!;
    expect(
      (
        await new TestClient(server.url).post('/api/auth/password-reset/confirm', {
          token: chloeToken,
          newPassword: 'la phrase secrète de Chloé',
        })
      ).status,
    ).toBe(204);
    const chloe = new TestClient(server.url);
    const signedIn = await chloe.post<User>('/api/auth/login', {
      email: 'chloe@exemple.fr',
      password: 'la phrase secrète de Chloé',
    });
    expect(signedIn.body.id).toBe(ids.get('chloe@exemple.fr'));
    expect((await chloe.get<Channel[]>('/api/channels')).body.map((c) => c.name).sort()).toEqual(
      ['Place du village', 'alice, Bruno Petit, Chloé'].sort(),
    );
  });
});

describe('claiming an imported account through OpenID Connect', () => {
  let provider: OidcTestProvider;
  let server: TestServer;
  beforeAll(async () => {
    ({ provider, server } = await startServerWithOidc());
  });
  afterAll(async () => {
    await server?.close();
    await provider?.close();
  });

  it('a first sign-in with the verified address is the imported account; an unverified one is not', async () => {
    const ids = await importMattermost(server);
    provider.accounts.set('chloe-sub', { email: 'chloe@exemple.fr', email_verified: true });
    provider.accounts.set('bruno-sub', { email: 'bruno@exemple.fr', email_verified: false });
    const signIn = async (sub: string) => {
      const browser = new TestClient(server.url);
      const login = await browser.get('/api/login');
      const back = await provider.authorize(login.headers.get('location')!, sub);
      await browser.get(back.pathname + back.search);
      return browser.get<User>('/api/auth/user');
    };
    const chloe = await signIn('chloe-sub');
    expect(chloe.status).toBe(200);
    expect(chloe.body.id).toBe(ids.get('chloe@exemple.fr'));
    const bruno = await signIn('bruno-sub');
    expect(bruno.body?.id).not.toBe(ids.get('bruno@exemple.fr'));
  });
});
