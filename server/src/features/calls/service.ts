import { randomUUID } from 'node:crypto';
import type { CallEndReason } from '#shared/calls';
import { MessageCreateSchema } from '#shared/messages';
import type { CallEvent, CallUser } from '#shared/protocol/calls';
import { findUserById } from '../../auth/users';
import type { Realtime } from '../../realtime/realtime';
import { listMemberIds } from '../channels/membership';
import { findChannelType } from '../channels/queries';
import type { Deps } from '../deps';
import { sendMessage } from '../messages/send';
import { CALL_NOTES, CallBook, type CallNote, type CallRecord } from './book';

/** The lines posted in the direct channel when a call ends (docs/calls.md). */
export const MISSED_CALL_LINE = 'Appel manqué';
export const callLine = (durationMs: number) => `Appel vidéo · ${formatDuration(durationMs)}`;

/** 42 s, 2 min 05 s, 1 h 02 min. */
export function formatDuration(ms: number): string {
  const total = Math.max(0, Math.round(ms / 1000));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  if (h > 0) return `${h} h ${String(m).padStart(2, '0')} min`;
  if (m > 0) return `${m} min ${String(s).padStart(2, '0')} s`;
  return `${s} s`;
}

const userOf = (row: {
  id: string;
  firstName: string | null;
  lastName: string | null;
  displayName: string | null;
  email: string | null;
}): CallUser => ({
  userId: row.id,
  firstName: row.firstName,
  lastName: row.lastName,
  displayName: row.displayName,
  email: row.email,
});

export interface CallTimes {
  ringTimeoutMs: number;
  reconnectGraceMs: number;
}

/**
 * The calls of docs/calls.md: the book of calls shared by every node, the decisions taken
 * on the node that handles a frame, and the timers of the calls this node rang.
 */
export class CallService {
  readonly book = new CallBook();
  readonly nodeId = randomUUID();
  private timer: NodeJS.Timeout | undefined;
  private lastGraceCheck = 0;
  /** callId:userId → since when that participant has had no socket anywhere. */
  private readonly absentSince = new Map<string, number>();

  constructor(
    private readonly deps: Deps,
    private readonly times: CallTimes,
  ) {
    deps.realtime.onShared<CallNote>(CALL_NOTES, (note) => {
      if (note.op === 'hello') {
        if (note.node !== this.nodeId) void this.shareBook();
        return;
      }
      this.book.apply(note);
    });
  }

  /** Tell a node that just started every call this one holds (it ignores those it knows). */
  private async shareBook(): Promise<void> {
    for (const call of this.book.all()) {
      await this.realtime
        .share<CallNote>(CALL_NOTES, { op: 'ring', call: { ...call } })
        .catch((err: unknown) => this.deps.log.warn({ err }, 'calls: sharing the book failed'));
    }
  }

  get realtime(): Realtime {
    return this.deps.realtime;
  }

  start(): void {
    const every = Math.max(
      50,
      Math.min(
        1000,
        Math.floor(Math.min(this.times.ringTimeoutMs, this.times.reconnectGraceMs) / 5),
      ),
    );
    // Once the broker is up: the other nodes send the calls going on.
    const hello = setTimeout(() => {
      this.realtime
        .share<CallNote>(CALL_NOTES, { op: 'hello', node: this.nodeId })
        .catch((err: unknown) => this.deps.log.warn({ err }, 'calls: hello failed'));
    }, 500);
    hello.unref();
    this.timer = setInterval(() => {
      this.tick().catch((err: unknown) => this.deps.log.warn({ err }, 'calls: timer failed'));
    }, every);
    this.timer.unref();
  }

  stop(): void {
    clearInterval(this.timer);
  }

  /** Whether both users are the two members of this direct channel. */
  async isDirectPair(channelId: string, a: string, b: string): Promise<boolean> {
    if (a === b) return false;
    const [type, members] = await Promise.all([
      findChannelType(this.deps.db, channelId),
      listMemberIds(this.deps.db, channelId),
    ]);
    return type === 'direct' && members.includes(a) && members.includes(b);
  }

  async findUser(userId: string): Promise<CallUser | undefined> {
    const row = await findUserById(this.deps.db, userId);
    return row && userOf(row);
  }

  /** Keep a new call on every node and ring; false when it lost a race (a user is busy now). */
  async ring(call: CallRecord): Promise<boolean> {
    await this.realtime.share<CallNote>(CALL_NOTES, { op: 'ring', call });
    if (this.book.get(call.callId) !== call) return false;
    await this.toUser(call.callee.userId, {
      type: 'video-offer',
      callId: call.callId,
      channelId: call.channelId,
      fromUser: call.caller,
      offer: call.offer,
      toTabId: null,
    });
    return true;
  }

  /** The callee's tab takes the call; false when another tab answered first. */
  async accept(call: CallRecord, tabId: string): Promise<boolean> {
    await this.realtime.share<CallNote>(CALL_NOTES, {
      op: 'accept',
      callId: call.callId,
      tabId,
      at: Date.now(),
    });
    if (call.calleeTabId !== tabId) return false;
    await this.toUser(call.callee.userId, {
      type: 'video-call-accepted',
      callId: call.callId,
      channelId: call.channelId,
      tabId,
    });
    return true;
  }

  /**
   * End the call everywhere: forgotten on every node, `video-end-call` to every tab of both
   * users, then the line in the direct channel (posted as the caller, idempotent by
   * `call:<callId>`, so that a second end from another node posts nothing more).
   */
  async end(call: CallRecord, reason: CallEndReason): Promise<void> {
    if (this.book.get(call.callId) !== call) return;
    const durationMs = call.acceptedAt === null ? null : Math.max(0, Date.now() - call.acceptedAt);
    await this.realtime.share<CallNote>(CALL_NOTES, { op: 'end', callId: call.callId });
    for (const user of [call.caller, call.callee])
      this.absentSince.delete(`${call.callId}:${user.userId}`);
    const event: CallEvent = {
      type: 'video-end-call',
      callId: call.callId,
      channelId: call.channelId,
      reason,
      durationMs,
    };
    await this.realtime.toUsers([call.caller.userId, call.callee.userId], event);
    await this.postLine(call.channelId, call.caller.userId, call.callId, durationMs);
  }

  async postLine(channelId: string, callerId: string, callId: string, durationMs: number | null) {
    const content = durationMs === null ? MISSED_CALL_LINE : callLine(durationMs);
    const data = MessageCreateSchema.parse({ content, clientId: `call:${callId}` });
    try {
      await sendMessage(this.deps, { id: callerId }, channelId, data);
    } catch (err) {
      this.deps.log.warn({ err, callId }, 'calls: the end-of-call line was not posted');
    }
  }

  /** A participant's tab is there: every node notes it, for the home node's grace check. */
  seen(callId: string, userId: string): Promise<void> {
    return this.realtime.share<CallNote>(CALL_NOTES, {
      op: 'seen',
      callId,
      userId,
      at: Date.now(),
    });
  }

  toUser(userId: string, event: CallEvent): Promise<void> {
    return this.realtime.toUsers([userId], event);
  }

  /** The timers of the calls this node rang: the ring timeout, then the reconnect grace. */
  async tick(now = Date.now()): Promise<void> {
    const mine = this.book.homeCalls(this.nodeId);
    for (const call of mine) {
      if (call.state === 'ringing' && now - call.ringAt >= this.times.ringTimeoutMs) {
        await this.end(call, 'missed');
      }
    }
    const checkEvery = Math.min(2000, this.times.reconnectGraceMs / 4);
    if (now - this.lastGraceCheck < checkEvery) return;
    this.lastGraceCheck = now;
    const live = this.book.homeCalls(this.nodeId);
    if (live.length === 0) return;
    const ids = [...new Set(live.flatMap((c) => [c.caller.userId, c.callee.userId]))];
    const presence = await this.realtime.presenceOf(ids);
    for (const key of this.absentSince.keys()) {
      if (!this.book.get(key.slice(0, key.indexOf(':')))) this.absentSince.delete(key);
    }
    for (const call of live) {
      for (const user of [call.caller, call.callee]) {
        const key = `${call.callId}:${user.userId}`;
        // Connected (presence), or heard from lately: a user who appears offline is still there.
        const heard =
          now - this.book.seenAt(call.callId, user.userId) < this.times.reconnectGraceMs;
        if (heard || (presence.get(user.userId) ?? 'offline') !== 'offline') {
          this.absentSince.delete(key);
          continue;
        }
        const since = this.absentSince.get(key) ?? now;
        this.absentSince.set(key, since);
        if (now - since >= this.times.reconnectGraceMs) {
          await this.end(call, 'lost');
          break;
        }
      }
    }
  }
}
