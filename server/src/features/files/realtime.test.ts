import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiErrorBody } from '#shared/auth';
import type { ChannelFile } from '#shared/files';
import type { ServerEvent } from '#shared/protocol';
import { addMember, buildChannel } from '../../../test/chat-factories';
import { type Actor, buildUser } from '../../../test/factories';
import { startTestServer, type TestServer } from '../../../test/server';
import { isEvent, socketOpener } from '../../../test/test-socket';

let server: TestServer;
let alice: Actor;
let bob: Actor;
const UPLOADS_PER_MINUTE = 4;

beforeAll(async () => {
  server = await startTestServer({
    env: { FILES_UPLOADS_PER_MINUTE: String(UPLOADS_PER_MINUTE) },
  });
  alice = await buildUser(server, { firstName: 'Alice', lastName: 'Durand' });
  bob = await buildUser(server);
});
afterAll(() => server?.close());
const openSocket = socketOpener(() => server);

const upload = (who: Actor, channelId: string, text: string, description?: string) => {
  const form = new FormData();
  if (description) form.append('description', description);
  form.append('file', new Blob([text], { type: 'text/plain' }), `${text}.txt`);
  return who.client.post<ChannelFile & ApiErrorBody>(
    `/api/channels/${channelId}/files/upload`,
    form,
  );
};

describe('file events', () => {
  it('tell the channel’s members, with the object REST answers; nobody else', async () => {
    const channel = await buildChannel(alice, { type: 'group' });
    await addMember(channel, alice, bob);
    const stranger = await buildUser(server);
    const bobSocket = await openSocket(bob);
    const strangerSocket = await openSocket(stranger);

    const res = await upload(alice, channel.id, 'compte-rendu', 'Réunion de lundi');
    expect(res.status).toBe(201);
    const added = await bobSocket.next<Extract<ServerEvent, { type: 'file_added' }>>(
      isEvent('file_added', { channelId: channel.id }),
    );
    expect(added.file).toEqual(res.body);
    const listed = await bob.client.get<ChannelFile[]>(`/api/channels/${channel.id}/files`);
    expect(listed.body).toEqual([res.body]);

    expect((await alice.client.delete(`/api/files/${res.body.id}`)).status).toBe(204);
    const deleted = await bobSocket.next(isEvent('file_deleted', { channelId: channel.id }));
    expect(deleted).toEqual({ type: 'file_deleted', channelId: channel.id, fileId: res.body.id });

    await strangerSocket.sync();
    expect(strangerSocket.events.filter((e) => e.type.startsWith('file_'))).toEqual([]);
  });
});

describe('upload rate', () => {
  it('answers 429 past FILES_UPLOADS_PER_MINUTE uploads of one user, others unaffected', async () => {
    const uploader = await buildUser(server);
    const channel = await buildChannel(uploader);
    await addMember(channel, uploader, bob);
    for (let i = 0; i < UPLOADS_PER_MINUTE; i++) {
      expect((await upload(uploader, channel.id, `n${i}`)).status).toBe(201);
    }
    const refused = await upload(uploader, channel.id, 'encore');
    expect(refused.status).toBe(429);
    expect(refused.body.message).toMatch(/^Trop de tentatives/);
    expect((await upload(bob, channel.id, 'bob')).status).toBe(201);
  });
});
