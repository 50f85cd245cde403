import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiErrorBody } from '#shared/auth';
import { CHANNEL_ARCHIVED, type Channel } from '#shared/channels';
import {
  type ChannelPins,
  type ChannelSavedIds,
  PIN_FORBIDDEN,
  PINS_FULL,
  PINS_PER_CHANNEL_MAX,
  type PinnedMessage,
  SAVED_PAGE_SIZE,
  type SavedMessage,
  type SavedPage,
  UNPIN_FORBIDDEN,
} from '#shared/pins';
import { addMember, buildChannel, sendMessage } from '../../../test/chat-factories';
import { type Actor, buildUser } from '../../../test/factories';
import { startTestServer, type TestServer } from '../../../test/server';
import { isEvent, socketOpener } from '../../../test/test-socket';
import { users } from '../../auth/schema';
import { setAdmin } from '../../auth/users';

let server: TestServer;
let admin: Actor;
let alice: Actor;
let bob: Actor;
let carol: Actor;
let stranger: Actor;
let channel: Channel;
const open = socketOpener(() => server);

beforeAll(async () => {
  server = await startTestServer();
  // Made first: the first account of a store administers the workspace anyway.
  admin = await buildUser(server, { displayName: 'Admin' });
  await setAdmin(server.database.db, admin.user.id, true);
  [alice, bob, carol, stranger] = await Promise.all([
    buildUser(server, { displayName: 'Alice' }),
    buildUser(server, { displayName: 'Bob' }),
    buildUser(server, { displayName: 'Carol' }),
    buildUser(server, { displayName: 'Stranger' }),
  ]);
  channel = await buildChannel(alice, { type: 'group' });
  await addMember(channel, alice, bob);
  await addMember(channel, alice, carol);
});
afterAll(() => server?.close());

type Reply = ApiErrorBody;

describe('pins', () => {
  it('lets the author, the channel’s owner and the workspace’s administrators pin; others 403, strangers 404', async () => {
    const m = await sendMessage(bob, channel.id, 'à épingler');
    const carolSocket = await open(carol);

    // Carol is a member, neither its author nor an administrator of the channel.
    const refused = await carol.client.post<Reply>(`/api/messages/${m.id}/pin`);
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(PIN_FORBIDDEN);
    for (const res of [
      await stranger.client.post<Reply>(`/api/messages/${m.id}/pin`),
      await stranger.client.delete<Reply>(`/api/messages/${m.id}/pin`),
      await stranger.client.get<Reply>(`/api/channels/${channel.id}/pins`),
      await carol.client.post<Reply>('/api/messages/pas-un-id/pin'),
    ]) {
      expect(res.status).toBe(404);
      expect(res.body.message).toMatch(/introuvable/);
    }

    const pinned = await bob.client.post<PinnedMessage>(`/api/messages/${m.id}/pin`);
    expect(pinned.status).toBe(201);
    expect(pinned.body).toMatchObject({ message: { id: m.id }, pinnedBy: { id: bob.user.id } });
    const event = await carolSocket.next(isEvent('message_pinned', { channelId: channel.id }));
    expect(event).toMatchObject({ pin: { message: { id: m.id, content: 'à épingler' } } });
    // Pinning again changes nothing and says so.
    const again = await bob.client.post<PinnedMessage>(`/api/messages/${m.id}/pin`);
    expect(again.status).toBe(200);
    expect(again.body.pinnedAt).toBe(pinned.body.pinnedAt);

    const list = await carol.client.get<ChannelPins>(`/api/channels/${channel.id}/pins`);
    expect(list.status).toBe(200);
    expect(list.body.pins.map((p) => p.message.id)).toEqual([m.id]);

    const unpinRefused = await carol.client.delete<Reply>(`/api/messages/${m.id}/pin`);
    expect(unpinRefused.status).toBe(403);
    expect(unpinRefused.body.message).toBe(UNPIN_FORBIDDEN);
    // The channel's owner unpins someone else's message.
    expect((await alice.client.delete(`/api/messages/${m.id}/pin`)).status).toBe(204);
    await carolSocket.next(isEvent('message_unpinned', { channelId: channel.id, messageId: m.id }));
    expect((await alice.client.delete(`/api/messages/${m.id}/pin`)).status).toBe(204);
    const empty = await carol.client.get<ChannelPins>(`/api/channels/${channel.id}/pins`);
    expect(empty.body.pins).toEqual([]);

    // A workspace administrator who is no member sees nothing; once a member, may pin.
    const c = await sendMessage(carol, channel.id, 'de Carol');
    expect((await admin.client.post(`/api/messages/${c.id}/pin`)).status).toBe(404);
    await addMember(channel, alice, admin);
    expect((await admin.client.post(`/api/messages/${c.id}/pin`)).status).toBe(201);
    expect((await alice.client.delete(`/api/messages/${c.id}/pin`)).status).toBe(204);
  });

  it('newest pin first, and a deleted message leaves the list', async () => {
    const first = await sendMessage(bob, channel.id, 'premier');
    const second = await sendMessage(bob, channel.id, 'second');
    await bob.client.post(`/api/messages/${first.id}/pin`);
    await bob.client.post(`/api/messages/${second.id}/pin`);
    const list = await carol.client.get<ChannelPins>(`/api/channels/${channel.id}/pins`);
    expect(list.body.pins.map((p) => p.message.id)).toEqual([second.id, first.id]);
    await bob.client.delete(`/api/messages/${second.id}`);
    const after = await carol.client.get<ChannelPins>(`/api/channels/${channel.id}/pins`);
    expect(after.body.pins.map((p) => p.message.id)).toEqual([first.id]);
    expect((await bob.client.post(`/api/messages/${second.id}/pin`)).status).toBe(404);
    await bob.client.delete(`/api/messages/${first.id}/pin`);
  });

  it(`keeps at most ${PINS_PER_CHANNEL_MAX} pins in a channel (409)`, async () => {
    const full = await buildChannel(alice);
    // The messages are written straight to the store: sending 100 would meet the send limit.
    const rows = [
      ...(await server.database.db.execute<{ id: string }>(sql`
        insert into messages (channel_id, user_id, content, seq)
        select ${full.id}::uuid, ${alice.user.id}::uuid, 'n° ' || i, 1000 + i
        from generate_series(0, ${PINS_PER_CHANNEL_MAX}) as i
        order by i
        returning id`)),
    ];
    for (const row of rows.slice(0, PINS_PER_CHANNEL_MAX)) {
      expect((await alice.client.post(`/api/messages/${row.id}/pin`)).status).toBe(201);
    }
    const last = rows.at(-1)?.id;
    const refused = await alice.client.post<Reply>(`/api/messages/${last}/pin`);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(PINS_FULL);
    const list = await alice.client.get<ChannelPins>(`/api/channels/${full.id}/pins`);
    expect(list.body.pins).toHaveLength(PINS_PER_CHANNEL_MAX);
  });

  it('leaves the pins of an archived channel as they are (409); saving still works', async () => {
    const archived = await buildChannel(alice, { type: 'group' });
    await addMember(archived, alice, bob);
    const kept = await sendMessage(bob, archived.id, 'épinglé avant');
    const later = await sendMessage(bob, archived.id, 'pas encore');
    expect((await bob.client.post(`/api/messages/${kept.id}/pin`)).status).toBe(201);
    expect((await alice.client.post(`/api/channels/${archived.id}/archive`)).status).toBe(200);
    for (const res of [
      await bob.client.post<Reply>(`/api/messages/${later.id}/pin`),
      await alice.client.delete<Reply>(`/api/messages/${kept.id}/pin`),
    ]) {
      expect(res.status).toBe(409);
      expect(res.body.message).toBe(CHANNEL_ARCHIVED);
    }
    const list = await bob.client.get<ChannelPins>(`/api/channels/${archived.id}/pins`);
    expect(list.body.pins.map((p) => p.message.id)).toEqual([kept.id]);
    expect((await bob.client.post(`/api/messages/${later.id}/save`)).status).toBe(201);
  });

  it('asks for a session (401)', async () => {
    const m = await sendMessage(bob, channel.id, 'anonyme');
    const res = await fetch(`${server.url}/api/messages/${m.id}/pin`, { method: 'POST' });
    expect(res.status).toBe(401);
  });
});

describe('saved messages', () => {
  it('are one’s own: saved, listed, unsaved, heard on one’s own sockets only', async () => {
    const m = await sendMessage(bob, channel.id, 'à garder');
    const [carolSocket, bobSocket] = await Promise.all([open(carol), open(bob)]);

    for (const res of [
      await stranger.client.post<Reply>(`/api/messages/${m.id}/save`),
      await stranger.client.delete<Reply>(`/api/messages/${m.id}/save`),
      await stranger.client.get<Reply>(`/api/channels/${channel.id}/saved`),
    ]) {
      expect(res.status).toBe(404);
    }

    const saved = await carol.client.post<SavedMessage>(`/api/messages/${m.id}/save`);
    expect(saved.status).toBe(201);
    expect(saved.body.message.id).toBe(m.id);
    const event = await carolSocket.next(isEvent('message_saved', { channelId: channel.id }));
    expect(event).toMatchObject({ saved: { message: { id: m.id } } });
    expect((await carol.client.post(`/api/messages/${m.id}/save`)).status).toBe(200);

    const ids = await carol.client.get<ChannelSavedIds>(`/api/channels/${channel.id}/saved`);
    expect(ids.body.messageIds).toEqual([m.id]);
    const page = await carol.client.get<SavedPage>('/api/saved');
    expect(page.body.items.map((i) => i.message.id)).toContain(m.id);
    // Bob saved nothing, and heard nothing of Carol's.
    const bobs = (await bob.client.get<SavedPage>('/api/saved')).body.items;
    expect(bobs.some((i) => i.message.id === m.id)).toBe(false);
    await bobSocket.sync();
    expect(bobSocket.events.some((e) => e.type === 'message_saved')).toBe(false);

    expect((await carol.client.delete(`/api/messages/${m.id}/save`)).status).toBe(204);
    await carolSocket.next(isEvent('message_unsaved', { messageId: m.id }));
    expect(
      (await carol.client.get<ChannelSavedIds>(`/api/channels/${channel.id}/saved`)).body
        .messageIds,
    ).toEqual([]);
  });

  it('pages newest saved first, across channels, and hides a channel one left', async () => {
    const reader = await buildUser(server, { displayName: 'Lectrice' });
    const other = await buildChannel(alice);
    await addMember(channel, alice, reader);
    await addMember(other, alice, reader);
    const ids: string[] = [];
    for (let i = 0; i < SAVED_PAGE_SIZE + 3; i++) {
      const where = i % 2 === 0 ? channel.id : other.id;
      const m = await sendMessage(alice, where, `message ${i}`);
      expect((await reader.client.post(`/api/messages/${m.id}/save`)).status).toBe(201);
      ids.push(m.id);
    }
    const first = await reader.client.get<SavedPage>('/api/saved');
    expect(first.body.items.map((i) => i.message.id)).toEqual(
      ids.slice().reverse().slice(0, SAVED_PAGE_SIZE),
    );
    expect(first.body.nextCursor).toBeTruthy();
    const second = await reader.client.get<SavedPage>(
      `/api/saved?cursor=${encodeURIComponent(first.body.nextCursor ?? '')}`,
    );
    expect(second.body.items.map((i) => i.message.id)).toEqual(ids.slice(0, 3).reverse());
    expect(second.body.nextCursor).toBeNull();
    const bad = await reader.client.get<Reply>('/api/saved?cursor=demain');
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/curseur/);

    // Left the other channel: what was saved there is no longer listed.
    expect((await reader.client.post(`/api/channels/${other.id}/leave`)).status).toBeLessThan(300);
    const afterLeaving = await reader.client.get<SavedPage>('/api/saved');
    expect(afterLeaving.body.items.every((i) => i.message.channelId === channel.id)).toBe(true);
    expect(afterLeaving.body.items).toHaveLength(Math.ceil((SAVED_PAGE_SIZE + 3) / 2));
  });

  it('a deleted message leaves one’s saved messages', async () => {
    const m = await sendMessage(bob, channel.id, 'bientôt supprimé');
    await carol.client.post(`/api/messages/${m.id}/save`);
    await bob.client.delete(`/api/messages/${m.id}`);
    const page = await carol.client.get<SavedPage>('/api/saved');
    expect(page.body.items.some((i) => i.message.id === m.id)).toBe(false);
    expect((await carol.client.post(`/api/messages/${m.id}/save`)).status).toBe(404);
  });

  it('is refused to nobody but strangers: a workspace administrator outside the channel gets 404', async () => {
    const [row] = await server.database.db
      .select({ isAdmin: users.isAdmin })
      .from(users)
      .where(eq(users.id, admin.user.id));
    expect(row?.isAdmin).toBe(true);
    const lonely = await buildChannel(bob);
    const m = await sendMessage(bob, lonely.id, 'entre moi et moi');
    expect((await admin.client.post(`/api/messages/${m.id}/save`)).status).toBe(404);
    expect((await admin.client.get(`/api/channels/${lonely.id}/pins`)).status).toBe(404);
  });
});
