import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiErrorBody } from '#shared/auth';
import type { UserSearchPage } from '#shared/user-directory';
import type { User } from '#shared/users';
import { type Actor, buildUser } from '../../../test/factories';
import { startTestServer, type TestServer } from '../../../test/server';
import { users } from '../../auth/schema';

/**
 * Issue 45, item 5: the directory is searched on the server, accents and case aside, page by
 * page, past the 500 people GET /api/users stops at.
 */
describe('GET /api/users/search', () => {
  let server: TestServer;
  let alice: Actor;
  const tag = randomUUID().slice(0, 6);

  beforeAll(async () => {
    server = await startTestServer();
    alice = await buildUser(server, { firstName: 'Alice', lastName: 'Martin' });
    // 520 colleagues in the store at once (signing each up would take minutes of argon2).
    const rows = Array.from({ length: 520 }, (_, i) => ({
      email: `collegue-${String(i).padStart(3, '0')}-${tag}@ruche.test`,
      firstName: 'Zoé',
      lastName: `Collègue ${String(i).padStart(3, '0')}`,
      displayName: `Zoé Collègue ${String(i).padStart(3, '0')}`,
    }));
    rows.push({
      email: `helene-${tag}@ruche.test`,
      firstName: 'Hélène',
      lastName: 'Lefèvre-Œstrup',
      displayName: 'Hélène Lefèvre',
    });
    await server.database.db.insert(users).values(rows);
  });
  afterAll(async () => {
    await server?.close();
  });

  const search = (query: string) =>
    alice.client.get<UserSearchPage & ApiErrorBody>(`/api/users/search?${query}`);

  it('finds the person GET /api/users leaves out past 500, by name', async () => {
    const all = await alice.client.get<User[]>('/api/users');
    expect(all.body).toHaveLength(500);
    const last = await search(`q=${encodeURIComponent('collègue 519')}`);
    expect(last.status).toBe(200);
    expect(last.body.users.map((u) => u.displayName)).toEqual(['Zoé Collègue 519']);
    expect(last.body.nextCursor).toBeNull();
  });

  it('ignores accents and case, on either side, in every word', async () => {
    for (const q of [
      'helene',
      'HÉLÈNE',
      'hélene lefevre',
      'LEFÈVRE',
      `helene-${tag}`,
      'lefevre-o',
    ]) {
      const res = await search(`q=${encodeURIComponent(q)}`);
      expect(
        res.body.users.map((u) => u.firstName),
        q,
      ).toEqual(['Hélène']);
    }
    expect((await search('q=helene%20zo')).body.users).toEqual([]);
    // % and _ are letters to look for, not wildcards.
    expect((await search('q=%25')).body.users).toEqual([]);
    expect((await search('q=_')).body.users).toEqual([]);
  });

  it('pages through everyone, sorted by name, without gaps or doubles', async () => {
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const query: string = `q=collegue&limit=100${cursor ? `&cursor=${cursor}` : ''}`;
      const res = await search(query);
      expect(res.status).toBe(200);
      expect(res.body.users.length).toBeLessThanOrEqual(100);
      seen.push(...res.body.users.map((u) => u.displayName ?? ''));
      cursor = res.body.nextCursor;
      pages++;
    } while (cursor);
    expect(pages).toBe(6);
    expect(seen).toHaveLength(520);
    expect(new Set(seen).size).toBe(520);
    expect(seen).toEqual([...seen].sort());
    // The default page, and the caller never in it.
    const first = await search('');
    expect(first.body.users).toHaveLength(30);
    expect(first.body.users.map((u) => u.id)).not.toContain(alice.user.id);
  });

  it('refuses a bad cursor or page size with a French 400, and needs a session', async () => {
    for (const query of ['cursor=nimporte', 'limit=0', 'limit=101', 'limit=abc']) {
      const res = await search(query);
      expect(res.status, query).toBe(400);
      expect(res.body.message).toMatch(/[a-zé]/);
    }
    const cursor = Buffer.from(JSON.stringify(['a', 'pas-un-id'])).toString('base64url');
    expect((await search(`cursor=${cursor}`)).status).toBe(400);
    const anonymous = await fetch(new URL('/api/users/search?q=a', server.url));
    expect(anonymous.status).toBe(401);
  });
});
