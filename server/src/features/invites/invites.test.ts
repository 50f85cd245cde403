import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiErrorBody } from '#shared/auth';
import type { Channel } from '#shared/channels';
import { type ChannelInvite, INVITE_CODE_ALPHABET, type InvitePreview } from '#shared/invites';
import { buildChannel } from '../../../test/chat-factories';
import { type Actor, buildUser } from '../../../test/factories';
import { startTestServer, type TestServer } from '../../../test/server';

const INVALID = 'Ce code d’invitation n’est pas valide ou a expiré';

let server: TestServer;
let alice: Actor;
beforeAll(async () => {
  server = await startTestServer();
  alice = await buildUser(server, { displayName: 'Alice' });
});
afterAll(() => server?.close());

const createInvite = (who: Actor, channelId: string, body?: unknown) =>
  who.client.post<ChannelInvite & ApiErrorBody>(`/api/channels/${channelId}/invites`, body);
const preview = (who: Actor, code: string) =>
  who.client.get<InvitePreview & ApiErrorBody>(`/api/channel-invites/${code}`);
const join = (who: Actor, code: string) =>
  who.client.post<Channel & ApiErrorBody>(`/api/channel-invites/${code}/join`);
const usesOf = async (channelId: string) =>
  (await alice.client.get<ChannelInvite[]>(`/api/channels/${channelId}/invites`)).body[0]
    ?.usesCount;

describe('POST /api/channels/:id/invites', () => {
  it('creates one 8-character code, then keeps returning the active one', async () => {
    const channel = await buildChannel(alice, { type: 'group' });
    const first = await createInvite(alice, channel.id);
    expect(first.status).toBe(201);
    expect(first.body.inviteCode).toMatch(new RegExp(`^[${INVITE_CODE_ALPHABET}]{8}$`));
    expect(first.body).toMatchObject({ isActive: true, usesCount: 0, maxUses: 100 });
    const days = (Date.parse(first.body.expiresAt!) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.9);
    expect(days).toBeLessThanOrEqual(7);

    const again = await createInvite(alice, channel.id);
    expect(again.status).toBe(200);
    expect(again.body.id).toBe(first.body.id);
    const list = await alice.client.get<ChannelInvite[]>(`/api/channels/${channel.id}/invites`);
    expect(list.body.map((i) => i.inviteCode)).toEqual([first.body.inviteCode]);
  });

  it('keeps one active invite under concurrent creation', async () => {
    const channel = await buildChannel(alice);
    const results = await Promise.all(
      Array.from({ length: 5 }, () => createInvite(alice, channel.id)),
    );
    expect(new Set(results.map((r) => r.body.id)).size).toBe(1);
  });

  it('replaces the active invite when limits are given, and validates them', async () => {
    const channel = await buildChannel(alice);
    const first = await createInvite(alice, channel.id);
    const limited = await createInvite(alice, channel.id, { maxUses: 3, expiresAt: null });
    expect(limited.status).toBe(201);
    expect(limited.body).toMatchObject({ maxUses: 3, expiresAt: null });
    expect(limited.body.id).not.toBe(first.body.id);
    expect((await preview(alice, first.body.inviteCode)).status).toBe(404);

    const past = await createInvite(alice, channel.id, { expiresAt: '2000-01-01T00:00:00Z' });
    expect(past.status).toBe(400);
    expect(past.body.message).toBe('La date d’expiration est déjà passée');
    const zero = await createInvite(alice, channel.id, { maxUses: 0 });
    expect(zero.status).toBe(400);
    expect(zero.body.errors?.maxUses).toEqual([
      'Le nombre maximal d’utilisations doit être au moins 1',
    ]);
  });

  it('answers 404 to non-members and 403 in a direct conversation', async () => {
    const stranger = await buildUser(server);
    const channel = await buildChannel(alice, { type: 'group' });
    expect((await createInvite(stranger, channel.id)).status).toBe(404);
    expect((await stranger.client.get(`/api/channels/${channel.id}/invites`)).status).toBe(404);
    const dm = await alice.client.post<Channel>('/api/channels/direct', {
      userId: stranger.user.id,
    });
    const res = await createInvite(alice, dm.body.id);
    expect(res.status).toBe(403);
    expect(res.body.message).toBe('Une conversation directe n’accepte pas d’invitation');
  });
});

describe('joining with a code', () => {
  it('previews, joins a group, and counts the use', async () => {
    const bob = await buildUser(server);
    const channel = await buildChannel(alice, { name: 'Projet secret', type: 'group' });
    const { inviteCode } = (await createInvite(alice, channel.id)).body;

    // docs/product.md §4: the UI upper-cases, a pasted link may not.
    const seen = await preview(bob, inviteCode.toLowerCase());
    expect(seen.status).toBe(200);
    expect(seen.body).toEqual({
      channelId: channel.id,
      channelName: 'Projet secret',
      invitedBy: 'Alice',
      isAlreadyMember: false,
    });

    const joined = await join(bob, inviteCode);
    expect(joined.status).toBe(200);
    expect(joined.body.id).toBe(channel.id);
    expect((await bob.client.get(`/api/channels/${channel.id}`)).status).toBe(200);
    expect((await preview(bob, inviteCode)).body.isAlreadyMember).toBe(true);
    expect(await usesOf(channel.id)).toBe(1);
  });

  it('does not consume a use when a member joins again', async () => {
    const bob = await buildUser(server);
    const channel = await buildChannel(alice);
    const { inviteCode } = (await createInvite(alice, channel.id)).body;
    await join(bob, inviteCode);
    const again = await join(bob, inviteCode);
    expect(again.status).toBe(200);
    expect(again.body.id).toBe(channel.id);
    expect((await join(alice, inviteCode)).status).toBe(200);
    expect(await usesOf(channel.id)).toBe(1);
  });

  it('refuses an expired code with a French 404', async () => {
    const bob = await buildUser(server);
    const channel = await buildChannel(alice);
    const { inviteCode } = (await createInvite(alice, channel.id)).body;
    await server.database.sql`update channel_invites set expires_at = now() - interval '1 minute'
      where invite_code = ${inviteCode}`;
    const seen = await preview(bob, inviteCode);
    expect(seen.status).toBe(404);
    expect(seen.body.message).toBe(INVALID);
    const res = await join(bob, inviteCode);
    expect(res.status).toBe(404);
    expect(res.body.message).toBe(INVALID);
    expect((await bob.client.get(`/api/channels/${channel.id}`)).status).toBe(404);
    // The stale invite is replaced on the next request.
    const fresh = await createInvite(alice, channel.id);
    expect(fresh.status).toBe(201);
    expect(fresh.body.inviteCode).not.toBe(inviteCode);
  });

  it('enforces maxUses, also under concurrent joins', async () => {
    const channel = await buildChannel(alice, { type: 'group' });
    const { inviteCode } = (await createInvite(alice, channel.id, { maxUses: 1 })).body;
    const [bob, carol, dave] = await Promise.all([
      buildUser(server),
      buildUser(server),
      buildUser(server),
    ]);
    expect((await join(bob, inviteCode)).status).toBe(200);
    const late = await join(carol, inviteCode);
    expect(late.status).toBe(404);
    expect(late.body.message).toBe(INVALID);

    const race = await buildChannel(alice, { type: 'group' });
    const raceCode = (await createInvite(alice, race.id, { maxUses: 1 })).body.inviteCode;
    const results = await Promise.all([join(carol, raceCode), join(dave, raceCode)]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 404]);
    expect(await usesOf(race.id)).toBeUndefined(); // used up: no longer listed as active
    const members = await alice.client.get<unknown[]>(`/api/channels/${race.id}/members`);
    expect(members.body).toHaveLength(2);
  });

  it('answers 404 for an unknown code, 401 when signed out', async () => {
    const bob = await buildUser(server);
    expect((await preview(bob, 'ZZZZZZZZ')).status).toBe(404);
    expect((await join(bob, 'ZZZZZZZZ')).status).toBe(404);
  });

  it('rate-limits look-ups per user (429)', async () => {
    const bob = await buildUser(server);
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++) statuses.push((await preview(bob, 'AAAAAAAA')).status);
    expect(statuses.slice(0, 30).every((s) => s === 404)).toBe(true);
    expect(statuses[30]).toBe(429);
    // Another user is not affected.
    expect((await preview(alice, 'AAAAAAAA')).status).toBe(404);
  });
});

// docs/security.md, finding 5: a removal lasts, and invites are the managers' to shape.
describe('removal and the managers’ invites', () => {
  const REMOVED =
    'Vous avez été retiré de ce canal : demandez une nouvelle invitation à son propriétaire';
  const remove = (who: Actor, channelId: string, userId: string) =>
    who.client.delete(`/api/channels/${channelId}/members/${userId}`);
  const revoke = (who: Actor, channelId: string, inviteId: string) =>
    who.client.delete<ApiErrorBody>(`/api/channels/${channelId}/invites/${inviteId}`);

  it('a removed member cannot come back with the old code, only with a new one from the owner', async () => {
    const bob = await buildUser(server);
    const group = await buildChannel(alice, { type: 'group' });
    const old = (await createInvite(alice, group.id)).body;
    expect((await join(bob, old.inviteCode)).status).toBe(200);
    expect((await remove(alice, group.id, bob.user.id)).status).toBe(204);

    const again = await join(bob, old.inviteCode);
    expect(again.status).toBe(403);
    expect(again.body.message).toBe(REMOVED);
    expect((await bob.client.get(`/api/channels/${group.id}`)).status).toBe(404);

    // The owner revokes the old code and makes a new one: bob is welcome again.
    expect((await revoke(alice, group.id, old.id)).status).toBe(204);
    expect((await preview(bob, old.inviteCode)).status).toBe(404);
    const fresh = (await createInvite(alice, group.id)).body;
    expect(fresh.id).not.toBe(old.id);
    expect((await join(bob, fresh.inviteCode)).status).toBe(200);
  });

  it('a member who left may come back with the code; a member’s new code does not readmit the removed', async () => {
    const [bob, carol] = [await buildUser(server), await buildUser(server)];
    const group = await buildChannel(alice, { type: 'group' });
    const code = (await createInvite(alice, group.id)).body;
    await join(bob, code.inviteCode);
    await join(carol, code.inviteCode);
    expect((await bob.client.post(`/api/channels/${group.id}/leave`)).status).toBe(204);
    expect((await join(bob, code.inviteCode)).status).toBe(200);

    await remove(alice, group.id, carol.user.id);
    // Bob (a member) cannot replace the owner's invite nor revoke it…
    const replaced = await createInvite(bob, group.id, { maxUses: 1000, expiresAt: null });
    expect(replaced.status).toBe(403);
    expect((await revoke(bob, group.id, code.id)).status).toBe(403);
    expect((await createInvite(bob, group.id)).body.id).toBe(code.id);
    // …and once the owner revoked it, the code bob makes does not let carol back in.
    await revoke(alice, group.id, code.id);
    const bobs = (await createInvite(bob, group.id)).body;
    expect(bobs.createdById).toBe(bob.user.id);
    expect((await join(carol, bobs.inviteCode)).status).toBe(403);
  });

  it('every invite has an expiry and a use limit unless a manager says otherwise', async () => {
    const bob = await buildUser(server);
    const group = await buildChannel(alice, { type: 'group' });
    const code = (await createInvite(alice, group.id)).body;
    await join(bob, code.inviteCode);
    await revoke(alice, group.id, code.id);
    const bobs = (await createInvite(bob, group.id)).body;
    expect(bobs.maxUses).toBe(100);
    expect(bobs.expiresAt).not.toBeNull();
    const never = await createInvite(bob, group.id, { expiresAt: null });
    expect(never.status).toBe(403);
    const owners = await createInvite(alice, group.id, { expiresAt: null, maxUses: null });
    expect(owners.status).toBe(201);
    expect(owners.body).toMatchObject({ expiresAt: null, maxUses: null });
    expect((await revoke(alice, group.id, '00000000-0000-4000-8000-000000000000')).status).toBe(
      404,
    );
  });
});
