/**
 * A hub on fake sockets (the in-memory socket pair of docs/architecture.md) with the chat features'
 * real realtime registrations — channel topics, join_channel, typing, presence and
 * send_message — over an in-memory world of memberships and statuses. The realtime tests
 * drive it; the store behind each feature is a fake.
 */
import type { UserStatus } from '#shared/limits';
import type { ServerEvent } from '#shared/protocol';
import { parseServerFrame } from '#shared/protocol/read-frame';
import { registerChannelRealtime } from '../src/features/channels/realtime';
import { channelTopic } from '../src/features/channels/topics';
import { registerSendFrame, type SocketSend } from '../src/features/messages/realtime';
import { TypingBoard } from '../src/features/typing/board';
import { registerTypingRealtime } from '../src/features/typing/realtime';
import { TypingThrottle } from '../src/features/typing/throttle';
import { registerPresenceFrame } from '../src/features/users/realtime';
import { MemoryBroker, MemoryBus, MemoryPresenceStore } from '../src/realtime/broker-memory';
import type { Connection, RawSocket } from '../src/realtime/connection';
import { Hub, type HubOptions } from '../src/realtime/hub';

export class FakeSocket implements RawSocket {
  readonly writes: string[] = [];
  bufferedAmount = 0;
  closedWith: number | null = null;
  terminated = false;
  pings = 0;
  send(data: string | Buffer): void {
    this.writes.push(data.toString());
  }
  close(code?: number): void {
    this.closedWith = code ?? 1000;
  }
  terminate(): void {
    this.terminated = true;
  }
  ping(): void {
    this.pings++;
  }
  get events(): ServerEvent[] {
    return this.writes.flatMap((w) => parseServerFrame(w));
  }
  /** Event types, presence left out (users coming online interleave with everything). */
  types(): string[] {
    return this.events.map((e) => e.type).filter((t) => t !== 'presence_update');
  }
}

/** A socket whose writes take 0.5 ms of the event loop, as a real one under load. */
export class SlowSocket extends FakeSocket {
  override send(data: string | Buffer): void {
    const until = performance.now() + 0.5;
    while (performance.now() < until) {}
    super.send(data);
  }
}

export interface World {
  members: Map<string, Set<string>>;
  statuses: Map<string, UserStatus>;
  /** What users chose in their profile; online when absent. */
  chosen?: Map<string, UserStatus>;
}

export const world = (members: Record<string, string[]>): World => ({
  members: new Map(Object.entries(members).map(([c, u]) => [c, new Set(u)])),
  statuses: new Map(),
});

const quiet = { info: () => {}, warn: () => {}, error: () => {} };
const sendHandlers = new WeakMap<Hub, SocketSend>();

export interface WorldOptions extends Partial<HubOptions> {
  /** Replaces the world's answer for a user's channels (e.g. to hold a load back). */
  loadChannelIds?: (userId: string) => Promise<string[]>;
}

export function buildWorldHub(w: World, bus = new MemoryBus(), extra: WorldOptions = {}): Hub {
  const { loadChannelIds, ...options } = extra;
  const broker = new MemoryBroker(bus);
  const channelsOf = async (userId: string) =>
    [...w.members].filter(([, users]) => users.has(userId)).map(([id]) => id);
  const hub = new Hub({
    broker,
    presenceStore: new MemoryPresenceStore(broker.nodeId, bus),
    log: quiet,
    // The frame rate limit has its own test (abuse-limits.test.ts); floods here test the rest.
    framesPerSecond: 1_000_000,
    saveStatus: async (userId, status) => void w.statuses.set(userId, status),
    loadStatuses: async (ids) => new Map(ids.map((id) => [id, w.statuses.get(id) ?? 'offline'])),
    loadChosenStatus: async (id) => w.chosen?.get(id) ?? 'online',
    resetStatuses: async () => w.statuses.clear(),
    heartbeatMs: 60_000,
    // Offline at once when the last socket closes, unless a test gives the grace.
    offlineGraceMs: 0,
    ...options,
  });
  registerChannelRealtime(
    hub,
    {
      listChannelIds: loadChannelIds ?? channelsOf,
      isMember: async (channelId, userId) => w.members.get(channelId)?.has(userId) ?? false,
      coMembers: async (userId, others) => {
        const mine = [...w.members.values()].filter((users) => users.has(userId));
        return new Set(others.filter((other) => mine.some((users) => users.has(other))));
      },
      membersAmong: async (channelId, userId, others) => {
        const users = w.members.get(channelId);
        return new Set(users?.has(userId) ? others.filter((other) => users.has(other)) : []);
      },
    },
    // The read marker is the store's: the real one is tested over real sockets.
    async () => undefined,
  );
  registerTypingRealtime(hub, new TypingBoard(), new TypingThrottle());
  registerPresenceFrame(hub);
  registerSendFrame(
    hub,
    (input) => {
      const handler = sendHandlers.get(hub);
      if (!handler) throw new Error('no send handler');
      return handler(input);
    },
    quiet,
  );
  return hub;
}

export const profile = (userId: string) => ({
  userId,
  firstName: userId,
  lastName: null,
  displayName: null,
  email: null,
});

/** A signed-in user's socket, as /ws opens it after the upgrade checks. */
export const openSocket = (hub: Hub, socket: RawSocket, sessionId: string, userId: string) =>
  hub.open(socket, { kind: 'user', userId, sessionId, profile: profile(userId) });

/** How the messages feature stores a socket's sends, in this world. */
export const onSend = (hub: Hub, handler: SocketSend) => void sendHandlers.set(hub, handler);

// What the channels feature calls after its commits.
export const toChannel = (hub: Hub, id: string, event: ServerEvent) =>
  hub.toTopic(channelTopic(id), event);
export const memberAdded = (hub: Hub, id: string, userId: string) =>
  hub.follow(channelTopic(id), userId);
export const memberRemoved = (hub: Hub, id: string, userId: string) =>
  hub.unfollow(channelTopic(id), userId);
export const channelDeleted = (hub: Hub, id: string) => hub.dropTopic(channelTopic(id));
export const channelConnections = (hub: Hub, id: string) =>
  hub.index.connectionsOf(channelTopic(id));
export const listensTo = (conn: Connection, id: string) => conn.has(channelTopic(id));
