import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditPage } from '#shared/audit';
import type { ApiErrorBody } from '#shared/auth';
import { TestClient } from '../../../test/client';
import { type Actor, buildUser } from '../../../test/factories';
import { startTestServer, type TestServer } from '../../../test/server';
import { auditLog } from './schema';
import { purgeAudit, recordAudit } from './service';

/** Issue 48 item 2: the audit log, its filters and pages, new devices, the purge. */
describe('audit log', () => {
  let server: TestServer;
  let admin: Actor;
  let member: Actor;

  beforeAll(async () => {
    server = await startTestServer();
    admin = await buildUser(server, { firstName: 'Adèle', lastName: 'Admin' });
    member = await buildUser(server, { firstName: 'Marc', lastName: 'Membre' });
  });
  afterAll(async () => {
    await server?.close();
  });

  const audit = (query = '', who: Actor = admin) =>
    who.client.get<AuditPage & ApiErrorBody>(`/api/admin/audit${query}`);

  it('is for administrators only: 401 signed out, 403 for a member', async () => {
    expect((await new TestClient(server.url).get('/api/admin/audit')).status).toBe(401);
    const res = await audit('', member);
    expect(res.status).toBe(403);
    expect(res.body.message).toMatch(/administrateurs/);
  });

  it('records a sign-up link made and revoked, with its actor and address', async () => {
    const made = await admin.client.post<{ id: string }>('/api/admin/invites', {
      expiresInDays: 7,
      maxUses: 3,
    });
    expect(made.status).toBe(201);
    expect((await admin.client.delete(`/api/admin/invites/${made.body.id}`)).status).toBe(204);
    const page = await audit('?action=signup_link.created');
    expect(page.status).toBe(200);
    const entry = page.body.entries.find((e) => e.target?.id === made.body.id);
    expect(entry).toMatchObject({
      action: 'signup_link.created',
      actor: { id: admin.user.id, name: 'Adèle' },
      target: { type: 'signup_link', id: made.body.id },
    });
    expect(entry?.address).toMatch(/127\.0\.0\.1/);
    const revoked = await audit('?action=signup_link.revoked');
    expect(revoked.body.entries.map((e) => e.target?.id)).toContain(made.body.id);
  });

  it('pages newest first by cursor and filters by actor and action', async () => {
    const { db } = server.database;
    for (let i = 0; i < 5; i++) {
      await recordAudit(db, {
        action: 'settings.changed',
        actorId: member.user.id,
        target: { type: 'instance', id: 'instance', label: `réglage ${i}` },
        address: '192.0.2.1',
      });
    }
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const query: string = `?actor=${member.user.id}&action=settings.changed&limit=2${cursor ? `&cursor=${cursor}` : ''}`;
      const res = await audit(query);
      expect(res.status).toBe(200);
      expect(res.body.entries.length).toBeLessThanOrEqual(2);
      for (const e of res.body.entries) {
        expect(e.actor?.id).toBe(member.user.id);
        seen.push(e.target?.label ?? '');
      }
      cursor = res.body.nextCursor;
    } while (cursor);
    expect(seen).toEqual(['réglage 4', 'réglage 3', 'réglage 2', 'réglage 1', 'réglage 0']);
    // Another actor's filter does not show them.
    const other = await audit(`?actor=${admin.user.id}&action=settings.changed`);
    expect(other.body.entries).toEqual([]);
  });

  it('pages through entries of one millisecond without skipping any (the store keeps microseconds)', async () => {
    const { db } = server.database;
    const base = new Date(Math.floor(Date.now() / 1000) * 1000 - 3_600_000 + 123).toISOString();
    for (let i = 0; i < 5; i++) {
      await recordAudit(db, {
        action: 'retention.changed',
        actorId: member.user.id,
        target: { type: 'instance', id: 'instance', label: `même milliseconde ${i}` },
      });
      await db
        .update(auditLog)
        .set({
          createdAt: sql`${base}::timestamptz + (${i} + 1) * interval '1 microsecond'`,
        })
        .where(sql`${auditLog.targetLabel} = ${`même milliseconde ${i}`}`);
    }
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const query: string = `?actor=${member.user.id}&action=retention.changed&limit=2${cursor ? `&cursor=${cursor}` : ''}`;
      const res = await audit(query);
      expect(res.status).toBe(200);
      for (const e of res.body.entries) seen.push(e.target?.label ?? '');
      cursor = res.body.nextCursor;
    } while (cursor);
    expect(seen).toEqual([4, 3, 2, 1, 0].map((i) => `même milliseconde ${i}`));
  });

  it('refuses a bad cursor, actor or action with a French 400', async () => {
    for (const query of ['?cursor=nimporte', '?actor=pas-un-id', '?action=inventee', '?limit=0']) {
      const res = await audit(query);
      expect(res.status, query).toBe(400);
      expect(res.body.message).toBeTruthy();
    }
  });

  it('records a sign-in from a device the account never used, once', async () => {
    const person = await buildUser(server, { firstName: 'Nadia' });
    const signInFrom = async (userAgent: string) => {
      const client = new TestClient(server.url);
      const res = await client.post(
        '/api/auth/login',
        { email: person.user.email, password: person.password },
        { 'user-agent': userAgent },
      );
      expect(res.status).toBe(200);
    };
    const newDevices = async () =>
      (await audit(`?actor=${person.user.id}&action=session.new_device`)).body.entries;
    await signInFrom('Navigateur-Test/1.0');
    await expect.poll(async () => (await newDevices()).length).toBe(1);
    const [entry] = await newDevices();
    expect(entry?.details).toMatchObject({ userAgent: 'Navigateur-Test/1.0' });
    await signInFrom('Navigateur-Test/1.0');
    await signInFrom('Autre-Navigateur/2.0');
    await expect.poll(async () => (await newDevices()).length).toBe(2);
  });

  it('purges entries older than the retention, with the clock moved forward', async () => {
    const { db } = server.database;
    await recordAudit(db, { action: 'retention.changed', actorId: admin.user.id });
    const count = async () => (await db.select({ id: auditLog.id }).from(auditLog)).length;
    const before = await count();
    expect(before).toBeGreaterThan(0);
    // 364 days later nothing is due; 366 days later everything is.
    const day = 24 * 60 * 60 * 1000;
    expect(await purgeAudit(db, 365, new Date(Date.now() + 364 * day))).toBe(0);
    expect(await count()).toBe(before);
    expect(await purgeAudit(db, 365, new Date(Date.now() + 366 * day))).toBe(before);
    expect(await count()).toBe(0);
  });
});
