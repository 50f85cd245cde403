import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type AdminHealthCheck,
  type AdminInstance,
  type AdminUser,
  type AdminUserPage,
  LAST_ADMIN_MESSAGE,
} from '#shared/admin';
import type { AuditPage } from '#shared/audit';
import type { ApiErrorBody } from '#shared/auth';
import type { Message } from '#shared/messages';
import type { ServerEvent } from '#shared/protocol';
import { addMember, buildChannel, sendMessage } from '../../../test/chat-factories';
import { TestClient } from '../../../test/client';
import { type Actor, buildUser } from '../../../test/factories';
import { freePort, startTestServer, type TestServer } from '../../../test/server';
import { linkIn, startSmtpServer, type TestSmtpServer } from '../../../test/smtp-server';
import { isEvent, TestSocket } from '../../../test/test-socket';
import { users } from '../../auth/schema';
import { createSession, sessionCookieName } from '../../auth/sessions';

type Reply = AdminUser & ApiErrorBody;

/** Issue 48 item 1: the users part of the administration console. */
describe('users administration', () => {
  let server: TestServer;
  let admin: Actor;
  let member: Actor;

  beforeAll(async () => {
    server = await startTestServer();
    // The first account of a workspace is its administrator.
    admin = await buildUser(server, { firstName: 'Adèle', lastName: 'Admin' });
    member = await buildUser(server, { firstName: 'Marc', lastName: 'Membre' });
  });
  afterAll(async () => {
    await server?.close();
  });

  const act = (who: Actor, method: string, path: string, body?: unknown) =>
    who.client.request<Reply>(method, path, body);
  const auditOf = async (action: string) =>
    (await admin.client.get<AuditPage>(`/api/admin/audit?action=${action}`)).body.entries;

  it('answers 403 to a member and 401 to nobody on every admin route', async () => {
    const id = admin.user.id;
    const routes: Array<[string, string, unknown?]> = [
      ['GET', '/api/admin/users'],
      ['GET', '/api/admin/users?q=adele'],
      ['POST', `/api/admin/users/${id}/deactivate`, {}],
      ['POST', `/api/admin/users/${id}/reactivate`, {}],
      ['PUT', `/api/admin/users/${id}/admin`, { isAdmin: false }],
      ['POST', `/api/admin/users/${id}/password-reset`, {}],
      ['GET', '/api/admin/health'],
      ['GET', '/api/admin/instance'],
      ['PUT', '/api/admin/instance', { name: 'Ruche de Marc' }],
      ['GET', '/api/admin/audit'],
      ['GET', '/api/admin/invites'],
      ['GET', '/api/admin/storage'],
    ];
    const nobody = new TestClient(server.url);
    for (const [method, path, body] of routes) {
      const res = await act(member, method, path, body);
      expect(res.status, `${method} ${path}`).toBe(403);
      expect(res.body.message).toBe('Réservé aux administrateurs de l’espace de travail');
      expect((await nobody.request(method, path, body)).status, `${method} ${path}`).toBe(401);
    }
    // Nothing changed.
    const me = await admin.client.get<{ id: string }>('/api/auth/user');
    expect(me.status).toBe(200);
  });

  it('lists and searches every account with its role, status, activity and storage', async () => {
    const all = await admin.client.get<AdminUserPage>('/api/admin/users');
    expect(all.status).toBe(200);
    const ids = all.body.users.map((u) => u.id);
    expect(ids).toEqual(expect.arrayContaining([admin.user.id, member.user.id]));
    const found = await admin.client.get<AdminUserPage>('/api/admin/users?q=marc%20MEMBRE');
    expect(found.body.users).toHaveLength(1);
    expect(found.body.users[0]).toMatchObject({
      id: member.user.id,
      name: 'Marc',
      email: member.user.email,
      isAdmin: false,
      deactivatedAt: null,
      storageUsed: 0,
    });
    expect(found.body.users[0]?.lastActivityAt).toEqual(expect.any(String));
    // Accents aside: « adele » finds Adèle.
    const adele = await admin.client.get<AdminUserPage>('/api/admin/users?q=adele');
    expect(adele.body.users.map((u) => u.id)).toEqual([admin.user.id]);
    expect(adele.body.users[0]?.isAdmin).toBe(true);
  });

  it('pages by cursor without skipping or repeating anyone', async () => {
    for (let i = 0; i < 3; i++) await buildUser(server, { firstName: `Pagine${i}` });
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const query: string = `q=pagine&limit=2${cursor ? `&cursor=${cursor}` : ''}`;
      const res = await admin.client.get<AdminUserPage>(`/api/admin/users?${query}`);
      expect(res.status).toBe(200);
      seen.push(...res.body.users.map((u) => u.name ?? ''));
      cursor = res.body.nextCursor;
    } while (cursor);
    expect(seen).toEqual(['Pagine0', 'Pagine1', 'Pagine2']);
    for (const query of ['cursor=nimporte', 'limit=0', 'limit=abc']) {
      const res = await admin.client.get<ApiErrorBody>(`/api/admin/users?${query}`);
      expect(res.status, query).toBe(400);
    }
  });

  it('deactivates an account: its sessions end, it cannot sign in, its messages stay marked', async () => {
    const leaving = await buildUser(server, { firstName: 'Léa', lastName: 'Départ' });
    const channel = await buildChannel(admin);
    await addMember(channel, admin, leaving);
    const said = await sendMessage(leaving, channel.id, 'Au revoir tout le monde');
    // Another person's open tab, in no channel with the account: it still shows its name
    // somewhere (the directory, an old conversation), so it hears of the change.
    const watcher = await TestSocket.open(server, member.client);

    const res = await act(admin, 'POST', `/api/admin/users/${leaving.user.id}/deactivate`);
    expect(res.status).toBe(200);
    expect(res.body.deactivatedAt).toEqual(expect.any(String));
    const deactivated = await watcher.next<Extract<ServerEvent, { type: 'user_changed' }>>(
      (e) => e.type === 'user_changed' && e.user.id === leaving.user.id,
    );
    expect(deactivated.user).toMatchObject({ firstName: 'Léa', deactivated: true });
    expect(deactivated.user).not.toHaveProperty('passwordHash');

    // The open session is worth nothing at once.
    expect((await leaving.client.get('/api/auth/user')).status).toBe(401);
    // Signing in again is refused, with the reason.
    const again = await new TestClient(server.url).post<ApiErrorBody>('/api/auth/login', {
      email: leaving.user.email,
      password: leaving.password,
    });
    expect(again.status).toBe(403);
    expect(again.body.message).toBe('Ce compte a été désactivé par un administrateur');

    // Its message stays, its author marked deactivated.
    const history = await admin.client.get<Message[] | { messages: Message[] }>(
      `/api/channels/${channel.id}/messages`,
    );
    const list = Array.isArray(history.body) ? history.body : history.body.messages;
    const kept = list.find((m) => m.id === said.id);
    expect(kept?.content).toBe('Au revoir tout le monde');
    expect(kept?.user).toMatchObject({ id: leaving.user.id, deactivated: true });

    // Recorded, with who, whom and from where.
    const [entry] = await auditOf('user.deactivated');
    expect(entry).toMatchObject({
      actor: { id: admin.user.id },
      target: { type: 'user', id: leaving.user.id, label: 'Léa' },
    });
    expect(entry?.address).toMatch(/127\.0\.0\.1/);

    // A second deactivation changes nothing and records nothing more.
    expect(
      (await act(admin, 'POST', `/api/admin/users/${leaving.user.id}/deactivate`)).status,
    ).toBe(200);
    expect(await auditOf('user.deactivated')).toHaveLength(1);
    await watcher.sync();
    expect(watcher.events.filter((e) => e.type === 'user_changed')).toHaveLength(1);

    // Reactivated, the account signs in again, and open tabs drop « (désactivé) ».
    const back = await act(admin, 'POST', `/api/admin/users/${leaving.user.id}/reactivate`);
    expect(back.status).toBe(200);
    expect(back.body.deactivatedAt).toBeNull();
    const reactivated = await watcher.next<Extract<ServerEvent, { type: 'user_changed' }>>(
      (e) => e.type === 'user_changed' && e.user.id === leaving.user.id,
    );
    expect(reactivated.user).not.toHaveProperty('deactivated');
    watcher.ws.terminate();
    const signIn = await new TestClient(server.url).post('/api/auth/login', {
      email: leaving.user.email,
      password: leaving.password,
    });
    expect(signIn.status).toBe(200);
    expect((await auditOf('user.reactivated')).map((e) => e.target?.id)).toContain(leaving.user.id);
  });

  it('makes and removes administrators, never the last active one (409)', async () => {
    const second = await buildUser(server, { firstName: 'Sam', lastName: 'Second' });
    // The account's own open tab and the administrator's console hear of it.
    const ownTab = await TestSocket.open(server, second.client);
    const adminTab = await TestSocket.open(server, admin.client);
    const grant = await act(admin, 'PUT', `/api/admin/users/${second.user.id}/admin`, {
      isAdmin: true,
    });
    expect(grant.status).toBe(200);
    expect(grant.body.isAdmin).toBe(true);
    expect((await second.client.get('/api/admin/users')).status).toBe(200);
    expect((await auditOf('user.admin_granted'))[0]?.target?.id).toBe(second.user.id);
    for (const socket of [ownTab, adminTab]) {
      await socket.next(isEvent('admin_user_changed', { userId: second.user.id }));
    }
    await Promise.all([ownTab.close(), adminTab.close()]);

    const revoke = await act(second, 'PUT', `/api/admin/users/${second.user.id}/admin`, {
      isAdmin: false,
    });
    expect(revoke.status).toBe(200);
    expect((await second.client.get('/api/admin/users')).status).toBe(403);
    expect((await auditOf('user.admin_revoked'))[0]?.target?.id).toBe(second.user.id);

    // Adèle is now the only active administrator.
    const last = await act(admin, 'PUT', `/api/admin/users/${admin.user.id}/admin`, {
      isAdmin: false,
    });
    expect(last.status).toBe(409);
    expect(last.body.message).toBe(LAST_ADMIN_MESSAGE);
    const self = await act(admin, 'POST', `/api/admin/users/${admin.user.id}/deactivate`);
    expect(self.status).toBe(409);
    expect((await admin.client.get('/api/admin/users')).status).toBe(200);
  });

  it('refuses an unknown account (404) and a bad body (400) in French', async () => {
    for (const id of [randomUUID(), 'pas-un-id']) {
      const res = await act(admin, 'POST', `/api/admin/users/${id}/deactivate`);
      expect(res.status).toBe(404);
      expect(res.body.message).toBe('Compte introuvable');
    }
    const bad = await act(admin, 'PUT', `/api/admin/users/${member.user.id}/admin`, {
      isAdmin: 'oui',
    });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBeTruthy();
    // Without SMTP, no reset can be sent.
    const reset = await act(admin, 'POST', `/api/admin/users/${member.user.id}/password-reset`);
    expect(reset.status).toBe(409);
    expect(reset.body.message).toMatch(/SMTP_URL/);
  });

  it('shows the instance and the health of what it depends on', async () => {
    const health = await admin.client.get<AdminHealthCheck[]>('/api/admin/health');
    expect(health.status).toBe(200);
    expect(health.body.map((c) => c.name)).toEqual(['store', 'redis', 's3', 'janus', 'smtp']);
    expect(health.body.find((c) => c.name === 'store')?.state).toBe('ok');
    expect(health.body.find((c) => c.name === 'smtp')?.state).toBe('not_configured');
    const instance = await admin.client.get<AdminInstance>('/api/admin/instance');
    expect(instance.status).toBe(200);
    expect(instance.body).toMatchObject({
      signup: 'open',
      mediaMode: 'mesh',
      mail: false,
      auditRetentionDays: 365,
    });
  });
});

describe('a password reset sent by an administrator', () => {
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

  /** A signed-in account made in the store (sign-ups wait for a mailed link here). */
  async function account(isAdmin: boolean) {
    const email = `compte-${randomUUID().slice(0, 8)}@ruche.test`;
    const [row] = await server.database.db
      .insert(users)
      .values({ email, firstName: isAdmin ? 'Admin' : 'Membre', isAdmin })
      .returning({ id: users.id });
    if (!row) throw new Error('no row');
    const { token } = await createSession(server.database.db, server.config, row.id);
    const client = new TestClient(server.url);
    client.cookies.set(sessionCookieName(server.config), token);
    return { id: row.id, email, client };
  }

  it('mails the usual reset link, and records it', async () => {
    const boss = await account(true);
    const person = await account(false);
    const res = await boss.client.post<ApiErrorBody>(
      `/api/admin/users/${person.id}/password-reset`,
    );
    expect(res.status).toBe(202);
    const mail = await smtp.nextMailTo(person.email);
    expect(linkIn(mail, server.url).searchParams.get('reset')).toBeTruthy();
    const log = await boss.client.get<AuditPage>('/api/admin/audit?action=password_reset.sent');
    expect(log.body.entries[0]).toMatchObject({
      actor: { id: boss.id },
      target: { type: 'user', id: person.id },
    });
    // A member cannot.
    expect((await person.client.post(`/api/admin/users/${boss.id}/password-reset`)).status).toBe(
      403,
    );
  });
});
