import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiErrorBody } from '#shared/auth';
import type { Channel } from '#shared/channels';
import type { Message } from '#shared/messages';
import { buildChannel, sendMessage } from '../../../test/chat-factories';
import { TestClient } from '../../../test/client';
import { type Actor, buildUser } from '../../../test/factories';
import { startTestServer, type TestServer } from '../../../test/server';

/** docs/product.md §10.2: every channel-scoped call by a non-member is a 404, never a 403. */
let server: TestServer;
let owner: Actor;
let stranger: Actor;
let channel: Channel;
let message: Message;
beforeAll(async () => {
  server = await startTestServer();
  // The first account administers the workspace, which moderates every channel: neither of these.
  await buildUser(server);
  [owner, stranger] = await Promise.all([buildUser(server), buildUser(server)]);
  channel = await buildChannel(owner, { type: 'group' });
  message = await sendMessage(owner, channel.id, 'privé');
});
afterAll(() => server?.close());

/** Method, path with :id (channel), :message and :owner placeholders, optional body. */
type Call = [
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  path: string,
  body?: Record<string, unknown>,
];
const calls: Call[] = [
  ['GET', '/api/channels/:id'],
  ['DELETE', '/api/channels/:id'],
  ['GET', '/api/channels/:id/members'],
  ['DELETE', '/api/channels/:id/members/:owner'],
  ['POST', '/api/channels/:id/join'],
  ['POST', '/api/channels/:id/read'],
  ['GET', '/api/channels/:id/messages'],
  ['GET', '/api/channels/:id/messages?after=0'],
  ['GET', '/api/channels/:id/messages?around=:message'],
  ['POST', '/api/channels/:id/messages', { content: 'intrus' }],
  ['POST', '/api/channels/:id/messages', { content: '@x', mentions: [] }],
  ['POST', '/api/channels/:id/messages', { content: 'r', parentMessageId: ':message' }],
  ['GET', '/api/channels/:id/typing'],
  ['POST', '/api/channels/:id/typing', { isTyping: true }],
  ['GET', '/api/channels/:id/invites'],
  ['POST', '/api/channels/:id/invites'],
  ['GET', '/api/messages/:message/thread'],
  ['PATCH', '/api/messages/:message', { content: 'piraté' }],
  ['DELETE', '/api/messages/:message'],
  ['POST', '/api/messages/:message/reactions', { emoji: '👀' }],
];

/** Fill in the ids, which exist only once beforeAll has run. */
function resolve(text: string): string {
  return text
    .replace(':id', channel.id)
    .replace(':message', message.id)
    .replace(':owner', owner.user.id);
}
const resolveBody = (body?: Record<string, unknown>) =>
  body && JSON.parse(resolve(JSON.stringify(body)));

describe('a non-member', () => {
  it.each(calls)('gets 404 on %s %s %j', async (method, path, body) => {
    const res = await stranger.client.request<ApiErrorBody>(
      method,
      resolve(path),
      resolveBody(body),
    );
    expect(res.status).toBe(404);
    expect(res.body.message).toMatch(/^(Canal|Message) introuvable$/);
  });

  it('left nothing changed behind', async () => {
    const page = await owner.client.get<{ messages: Message[] }>(
      `/api/channels/${channel.id}/messages`,
    );
    expect(page.body.messages).toEqual([
      expect.objectContaining({ id: message.id, content: 'privé', reactions: [] }),
    ]);
  });
});

describe('a signed-out visitor', () => {
  it.each(calls)('gets 401 on %s %s %j', async (method, path, body) => {
    const res = await new TestClient(server.url).request(method, resolve(path), resolveBody(body));
    expect(res.status).toBe(401);
  });
});
