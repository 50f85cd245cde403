import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminInstance } from '#shared/admin';
import type { AuditPage } from '#shared/audit';
import type { ApiErrorBody, AuthProviders, WorkspaceInvite } from '#shared/auth';
import { TestClient } from '../../test/client';
import { buildUser } from '../../test/factories';
import { startTestServer, type TestServer } from '../../test/server';

const signUp = (server: TestServer, email: string, extra: Record<string, string> = {}) =>
  new TestClient(server.url).post<ApiErrorBody>('/api/auth/register', {
    email,
    password: 'ruche-phrase-secrète',
    ...extra,
  });

describe('SIGNUP=domains', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({
      env: { SIGNUP: 'domains', SIGNUP_DOMAINS: 'agence.fr, @ruche.test' },
    });
  });
  afterAll(() => server?.close());

  it('lets the first account in from anywhere, as the administrator; then only the domains', async () => {
    const first = await buildUser(server, { email: 'fondatrice@ailleurs.org' });
    const me = await first.client.get<AuthProviders>('/api/auth/providers');
    expect(me.body).toMatchObject({ signup: 'domains', isAdmin: true });

    const outsider = await signUp(server, 'quelqu-un@ailleurs.org');
    expect(outsider.status).toBe(403);
    expect(outsider.body.message).toBe(
      'Les inscriptions sont réservées aux adresses de : agence.fr, ruche.test',
    );
    expect((await signUp(server, 'marie@agence.fr')).status).toBe(201);
    const second = await buildUser(server, { email: 'paul@ruche.test' });
    expect((await second.client.get<AuthProviders>('/api/auth/providers')).body.isAdmin).toBe(
      false,
    );
  });
});

describe('SIGNUP=invite', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ env: { SIGNUP: 'invite' } });
  });
  afterAll(() => server?.close());

  it('needs an administrator’s link, used at most as often as it says, until revoked', async () => {
    const admin = await buildUser(server, { email: 'admin@ruche.test' });
    const closed = await signUp(server, 'sans-lien@ruche.test');
    expect(closed.status).toBe(403);
    expect(closed.body.message).toMatch(/^Les inscriptions se font sur invitation/);

    const created = await admin.client.post<WorkspaceInvite>('/api/admin/invites', { maxUses: 2 });
    expect(created.status).toBe(201);
    const url = new URL(created.body.url!);
    expect(url.pathname).toBe('/login');
    const token = url.searchParams.get('invitation')!;
    expect(token.length).toBeGreaterThanOrEqual(32);

    expect((await signUp(server, 'un@ruche.test', { inviteToken: 'faux' })).status).toBe(403);
    const member = await signUp(server, 'deux@ruche.test', { inviteToken: token });
    expect(member.status).toBe(201);
    expect((await signUp(server, 'trois@ruche.test', { inviteToken: token })).status).toBe(201);
    const spent = await signUp(server, 'quatre@ruche.test', { inviteToken: token });
    expect(spent.status).toBe(403);
    expect(spent.body.message).toBe(
      'Ce lien d’inscription n’est plus valable : demandez-en un nouveau',
    );

    const second = await admin.client.post<WorkspaceInvite>('/api/admin/invites', {});
    const list = await admin.client.get<WorkspaceInvite[]>('/api/admin/invites');
    // The spent link is no longer listed; links are never shown again after creation.
    expect(list.body.map((i) => i.id)).toEqual([second.body.id]);
    expect(list.body[0]).not.toHaveProperty('url');
    expect((await admin.client.delete(`/api/admin/invites/${second.body.id}`)).status).toBe(204);
    const revokedToken = new URL(second.body.url!).searchParams.get('invitation')!;
    expect((await signUp(server, 'cinq@ruche.test', { inviteToken: revokedToken })).status).toBe(
      403,
    );
  });

  it('keeps the administration to administrators', async () => {
    const member = new TestClient(server.url);
    await member.post('/api/auth/login', {
      email: 'deux@ruche.test',
      password: 'ruche-phrase-secrète',
    });
    expect((await member.post('/api/admin/invites', {})).status).toBe(403);
    expect((await member.get('/api/admin/invites')).status).toBe(403);
    expect((await new TestClient(server.url).get('/api/admin/invites')).status).toBe(401);
    expect((await member.delete('/api/admin/invites/not-a-uuid')).status).toBe(403);
  });
});

describe('the console’s sign-up policy', () => {
  let server: TestServer;
  let admin: Awaited<ReturnType<typeof buildUser>>;
  beforeAll(async () => {
    server = await startTestServer();
    admin = await buildUser(server, { email: 'admin@ruche.test' });
  });
  afterAll(() => server?.close());

  it('replaces SIGNUP for every sign-up from then on, recorded in the audit log', async () => {
    const before = await admin.client.get<AdminInstance>('/api/admin/instance');
    expect(before.body).toMatchObject({ signup: 'open', signupSource: 'environment' });

    const saved = await admin.client.put<AdminInstance>('/api/admin/signup-policy', {
      policy: 'domains',
      domains: ['Agence.fr', '@ruche.test', 'agence.fr'],
    });
    expect(saved.status).toBe(200);
    expect(saved.body).toEqual({
      signup: 'domains',
      signupDomains: ['agence.fr', 'ruche.test'],
      signupSource: 'console',
    });
    const outsider = await signUp(server, 'quelqu-un@ailleurs.org');
    expect(outsider.status).toBe(403);
    expect(outsider.body.message).toBe(
      'Les inscriptions sont réservées aux adresses de : agence.fr, ruche.test',
    );
    expect((await signUp(server, 'marie@agence.fr')).status).toBe(201);
    const anonymous = await new TestClient(server.url).get<AuthProviders>('/api/auth/providers');
    expect(anonymous.body.signup).toBe('domains');

    await admin.client.put('/api/admin/signup-policy', { policy: 'invite' });
    expect((await signUp(server, 'paul@agence.fr')).status).toBe(403);
    const instance = await admin.client.get<AdminInstance>('/api/admin/instance');
    expect(instance.body).toMatchObject({
      signup: 'invite',
      signupDomains: [],
      signupSource: 'console',
    });

    const audit = await admin.client.get<AuditPage>(
      '/api/admin/audit?action=signup_policy.changed',
    );
    expect(audit.body.entries.map((e) => e.details)).toEqual([
      { from: 'domains', to: 'invite' },
      { from: 'open', to: 'domains', domains: ['agence.fr', 'ruche.test'] },
    ]);
    expect(audit.body.entries[0]?.actor?.id).toBe(admin.user.id);
  });

  it('refuses a policy it cannot apply, and anyone but an administrator', async () => {
    expect((await admin.client.put('/api/admin/signup-policy', { policy: 'open' })).status).toBe(
      200,
    );
    const noDomain = await admin.client.put<ApiErrorBody>('/api/admin/signup-policy', {
      policy: 'domains',
      domains: [],
    });
    expect(noDomain.status).toBe(400);
    expect(noDomain.body.message).toBe(
      'Indiquez au moins un domaine pour réserver les inscriptions à des domaines',
    );
    const badDomain = await admin.client.put<ApiErrorBody>('/api/admin/signup-policy', {
      policy: 'domains',
      domains: ['pas un domaine'],
    });
    expect(badDomain.status).toBe(400);
    expect(badDomain.body.message).toBe('Domaine invalide : pas un domaine');
    const unknown = await admin.client.put('/api/admin/signup-policy', { policy: 'tous' });
    expect(unknown.status).toBe(400);

    const member = await buildUser(server);
    expect((await member.client.put('/api/admin/signup-policy', { policy: 'open' })).status).toBe(
      403,
    );
    expect(
      (await new TestClient(server.url).put('/api/admin/signup-policy', { policy: 'open' })).status,
    ).toBe(401);
  });
});
