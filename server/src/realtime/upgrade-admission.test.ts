import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { CLOSE_TRY_LATER } from '#shared/protocol';
import { ROOM_TOKEN_HEADER, type RoomJoinResult, type VideoRoom } from '#shared/video-rooms';
import { TestClient } from '../../test/client';
import { buildUser } from '../../test/factories';
import { startTestServer, type TestServer } from '../../test/server';

// docs/realtime.md, "Admission": who is not anybody costs the members nothing. An upgrade
// is authenticated before it is admitted; admission is shared out by address; a guest's
// token holds a few sockets, like an account holds MAX_SOCKETS_PER_USER.

/** How an upgrade ended: refused over HTTP (its status), or opened (then how it closed). */
type Outcome = { refused: number } | { opened: 'ready' | number };

/** One upgrade with these headers, from `localAddress` (any 127.x address reaches the server). */
function upgrade(
  server: TestServer,
  headers: Record<string, string>,
  localAddress = '127.0.0.1',
): Promise<Outcome> {
  const ws = new WebSocket(`${server.url.replace('http', 'ws')}/ws`, {
    headers: { origin: server.url, ...headers },
    localAddress,
  });
  return new Promise((resolve, reject) => {
    ws.once('unexpected-response', (_req, res) => {
      resolve({ refused: res.statusCode ?? 0 });
      ws.terminate();
    });
    ws.once('error', reject);
    ws.once('open', () => {
      // Admitted: the first event (ready) arrives; sent away: it closes with CLOSE_TRY_LATER.
      ws.once('message', () => {
        resolve({ opened: 'ready' });
        ws.terminate();
      });
      ws.once('close', (code) => resolve({ opened: code }));
    });
  });
}

/** A socket kept open until the test closes it; rejects unless it is admitted. */
async function keepOpen(server: TestServer, headers: Record<string, string>): Promise<WebSocket> {
  const ws = new WebSocket(`${server.url.replace('http', 'ws')}/ws`, {
    headers: { origin: server.url, ...headers },
  });
  await new Promise((resolve, reject) => {
    ws.once('message', resolve);
    ws.once('unexpected-response', (_req, res) => reject(new Error(`refused: ${res.statusCode}`)));
    ws.once('close', (code) => reject(new Error(`closed: ${code}`)));
    ws.once('error', reject);
  });
  return ws;
}

describe('an upgrade without a session', () => {
  let server: TestServer;
  beforeAll(async () => {
    // An admission budget of two at once: a flood that spent it would show at once.
    server = await startTestServer({
      env: { WS_ADMIT_PER_SECOND: '1', MAX_SOCKETS_PER_GUEST: '5' },
    });
  });
  afterAll(() => server?.close());

  it('is refused at the upgrade with HTTP 401, spends no admission, and a member still gets in at once', async () => {
    const alice = await buildUser(server);
    const anonymous = await Promise.all(Array.from({ length: 12 }, () => upgrade(server, {})));
    expect(anonymous).toEqual(Array(12).fill({ refused: 401 }));
    // A cookie or a room token that names nobody: the same 401 once looked up.
    expect(await upgrade(server, { cookie: 'ruche_session=inconnu' })).toEqual({ refused: 401 });
    expect(await upgrade(server, { [ROOM_TOKEN_HEADER]: 'faux-jeton' })).toEqual({ refused: 401 });
    // The member's reconnect is admitted on its first try.
    expect(await upgrade(server, { cookie: alice.client.cookieHeader })).toEqual({
      opened: 'ready',
    });
  });

  it("holds at most MAX_SOCKETS_PER_GUEST sockets on a guest's token: the next is refused with 429", async () => {
    const host = await buildUser(server);
    const room = await host.client.post<VideoRoom>('/api/video-rooms', { name: 'Point' });
    const join = await new TestClient(server.url).post<RoomJoinResult>(
      `/api/video-rooms/${room.body.id}/join`,
      { guestName: 'Invité' },
    );
    const guest = { [ROOM_TOKEN_HEADER]: join.body.token ?? '' };
    // Sequential: each is let in by the admission budget (1 a second) before the next.
    const open: WebSocket[] = [];
    for (let i = 0; i < 5; i++) {
      await new Promise((r) => setTimeout(r, 1000));
      open.push(await keepOpen(server, guest));
    }
    await new Promise((r) => setTimeout(r, 1000));
    expect(await upgrade(server, guest)).toEqual({ refused: 429 });
    // One closed: its place is free again.
    open.shift()?.terminate();
    await new Promise((r) => setTimeout(r, 1000));
    open.push(await keepOpen(server, guest));
    for (const ws of open) ws.terminate();
  }, 20_000);
});

describe('admission by address', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({
      env: { WS_ADMIT_PER_SECOND: '1000', WS_ADMIT_PER_ADDRESS_PER_SECOND: '1' },
    });
  });
  afterAll(() => server?.close());

  it('sends an address past its share away (4503) while another address still gets in', async () => {
    const users = await Promise.all(Array.from({ length: 4 }, () => buildUser(server)));
    const [a, b, c, d] = users.map((u) => ({ cookie: u.client.cookieHeader }));
    // 127.0.0.3's share is a burst of two: its third socket is sent away with a retry hint.
    const crowded = await Promise.all([a, b, c].map((h) => upgrade(server, h!, '127.0.0.3')));
    expect(crowded.filter((o) => 'opened' in o && o.opened === 'ready')).toHaveLength(2);
    expect(crowded).toContainEqual({ opened: CLOSE_TRY_LATER });
    // The global budget is far from spent: another address is let in at once.
    expect(await upgrade(server, d!, '127.0.0.4')).toEqual({ opened: 'ready' });
  });
});
