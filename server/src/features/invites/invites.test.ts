import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiErrorBody } from '#shared/auth';
import type { Channel } from '#shared/channels';
import { type ChannelInvite, INVITE_CODE_ALPHABET, type InvitePreview } from '#shared/invites';
import { buildChannel } from '../../../test/chat-factories';
import { type Actor, buildUser } from '../../../test/factories';
import { startTestServer, type TestServer } from '../../../test/server';

const INVALID = "Ce code d'invitation n'est pas valide ou a expiré";

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
    expect(first.body).toMatchObject({ isActive: true, usesCount: 0, maxUses: null });
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
    expect(past.body.message).toBe("La date d'expiration est déjà passée");
    const zero = await createInvite(alice, channel.id, { maxUses: 0 });
    expect(zero.status).toBe(400);
    expect(zero.body.errors?.maxUses).toEqual([
      "Le nombre maximal d'utilisations doit être au moins 1",
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
    expect(res.body.message).toBe("Une conversation directe n'accepte pas d'invitation");
  });
});

describe('joining with a code', () => {
  it('previews, joins a group, and counts the use', async () => {
    const bob = await buildUser(server);
    const channel = await buildChannel(alice, { name: 'Projet secret', type: 'group' });
    const { inviteCode } = (await createInvite(alice, channel.id)).body;

    // SPEC §4: the UI upper-cases, a pasted link may not.
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
