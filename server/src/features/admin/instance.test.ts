import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminInstance, InstanceInfo } from '#shared/admin';
import type { AuditPage } from '#shared/audit';
import type { ApiErrorBody } from '#shared/auth';
import { TestClient } from '../../../test/client';
import { type Actor, buildUser } from '../../../test/factories';
import { startTestServer, type TestServer } from '../../../test/server';
import { isEvent, socketOpener } from '../../../test/test-socket';

type Saved = Pick<AdminInstance, 'name' | 'nameSource'> & ApiErrorBody;

/** docs/product.md §2.27, « Instance »: the instance's name, set in the console. */
describe('the instance’s name', () => {
  let server: TestServer;
  let admin: Actor;
  let member: Actor;
  const open = socketOpener(() => server);

  beforeAll(async () => {
    server = await startTestServer();
    admin = await buildUser(server, { firstName: 'Adèle' });
    member = await buildUser(server, { firstName: 'Marc' });
  });
  afterAll(() => server?.close());

  const rename = (who: Actor, body: unknown) => who.client.put<Saved>('/api/admin/instance', body);
  const auditEntries = async () =>
    (await admin.client.get<AuditPage>('/api/admin/audit?action=settings.changed')).body.entries;

  it('is « Ruche » until an administrator names it; anyone signed in reads it', async () => {
    const read = await member.client.get<InstanceInfo>('/api/instance');
    expect(read.status).toBe(200);
    expect(read.body).toEqual({ name: 'Ruche' });
    expect((await new TestClient(server.url).get('/api/instance')).status).toBe(401);
    const console = await admin.client.get<AdminInstance>('/api/admin/instance');
    expect(console.body).toMatchObject({ name: 'Ruche', nameSource: 'default' });
  });

  it('takes the administrator’s name at once, tells every tab, and records it', async () => {
    const memberTab = await open(member);
    const saved = await rename(admin, { name: '  Atelier Dupont  ' });
    expect(saved.status).toBe(200);
    expect(saved.body).toEqual({ name: 'Atelier Dupont', nameSource: 'console' });
    await memberTab.next(isEvent('instance_changed', { name: 'Atelier Dupont' }));

    expect((await member.client.get<InstanceInfo>('/api/instance')).body).toEqual({
      name: 'Atelier Dupont',
    });
    expect((await admin.client.get<AdminInstance>('/api/admin/instance')).body).toMatchObject({
      name: 'Atelier Dupont',
      nameSource: 'console',
    });

    const [entry] = await auditEntries();
    expect(entry).toMatchObject({
      action: 'settings.changed',
      actor: { id: admin.user.id },
      target: { type: 'instance', id: 'name' },
      details: { setting: 'name', from: 'Ruche', to: 'Atelier Dupont' },
    });
    expect(entry?.address).toMatch(/127\.0\.0\.1/);

    // The same name again changes nothing: no entry, no event.
    expect((await rename(admin, { name: 'Atelier Dupont' })).status).toBe(200);
    expect(await auditEntries()).toHaveLength(1);
    const renamed = await rename(admin, { name: 'Atelier Dupont & fils' });
    expect(renamed.status).toBe(200);
    await memberTab.next(isEvent('instance_changed', { name: 'Atelier Dupont & fils' }));
    expect(memberTab.events.filter((e) => e.type === 'instance_changed')).toHaveLength(2);
    expect((await auditEntries()).map((e) => e.details)).toEqual([
      { setting: 'name', from: 'Atelier Dupont', to: 'Atelier Dupont & fils' },
      { setting: 'name', from: 'Ruche', to: 'Atelier Dupont' },
    ]);
  });

  it('refuses a name it cannot show, in French, and changes nothing', async () => {
    const cases: Array<[unknown, string]> = [
      [{}, 'Le nom de l’instance est requis'],
      [{ name: '' }, 'Le nom de l’instance est requis'],
      [{ name: '    ' }, 'Le nom de l’instance est requis'],
      [{ name: 42 }, 'Le nom de l’instance doit être un texte'],
      [{ name: 'x'.repeat(81) }, 'Le nom de l’instance ne peut pas dépasser 80 caractères'],
      [{ name: 'Ruche', theme: 'clair' }, 'Seul le nom de l’instance se modifie ici'],
    ];
    for (const [body, message] of cases) {
      const res = await rename(admin, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.message).toBe(message);
    }
    // 80 characters, after trimming, are enough.
    const longest = `  ${'é'.repeat(80)}  `;
    expect((await rename(admin, { name: longest })).body.name).toBe('é'.repeat(80));
    expect((await rename(admin, { name: 'Atelier Dupont & fils' })).status).toBe(200);
    expect((await member.client.get<InstanceInfo>('/api/instance')).body.name).toBe(
      'Atelier Dupont & fils',
    );
  });

  it('is an administrator’s to change: 403 for a member, 401 without a session', async () => {
    const refused = await rename(member, { name: 'Chez Marc' });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe('Réservé aux administrateurs de l’espace de travail');
    expect(
      (await new TestClient(server.url).put('/api/admin/instance', { name: 'Chez nous' })).status,
    ).toBe(401);
    expect((await member.client.get<InstanceInfo>('/api/instance')).body.name).toBe(
      'Atelier Dupont & fils',
    );
  });
});

describe('INSTANCE_NAME', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ env: { INSTANCE_NAME: ' Mairie de Lyon ' } });
  });
  afterAll(() => server?.close());

  it('names the instance until the console does', async () => {
    const admin = await buildUser(server);
    expect((await admin.client.get<InstanceInfo>('/api/instance')).body.name).toBe(
      'Mairie de Lyon',
    );
    expect((await admin.client.get<AdminInstance>('/api/admin/instance')).body).toMatchObject({
      name: 'Mairie de Lyon',
      nameSource: 'environment',
    });
    await admin.client.put('/api/admin/instance', { name: 'Ville de Lyon' });
    const [entry] = (await admin.client.get<AuditPage>('/api/admin/audit?action=settings.changed'))
      .body.entries;
    expect(entry?.details).toEqual({
      setting: 'name',
      from: 'Mairie de Lyon',
      to: 'Ville de Lyon',
    });
    expect((await admin.client.get<InstanceInfo>('/api/instance')).body.name).toBe('Ville de Lyon');
  });
});
