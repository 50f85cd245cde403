import type { CallUser, CallView, Sdp } from '#shared/protocol/calls';

/** A call as every node holds it (docs/calls.md, "State"). */
export interface CallRecord {
  callId: string;
  channelId: string;
  caller: CallUser;
  callee: CallUser;
  callerTabId: string;
  calleeTabId: string | null;
  offer: Sdp;
  state: 'ringing' | 'active';
  /** Epoch ms, from the clock of the node that handled the frame. */
  ringAt: number;
  acceptedAt: number | null;
  /** The node that rang it: it alone runs the call's timers (ring timeout, grace). */
  homeNode: string;
}

/** What nodes tell each other about calls, through the broker (`realtime.share`). */
export type CallNote =
  | { op: 'ring'; call: CallRecord }
  | { op: 'accept'; callId: string; tabId: string; at: number }
  | { op: 'end'; callId: string }
  /** A participant's tab said it is there (`video-call-resume`, sent every few seconds). */
  | { op: 'seen'; callId: string; userId: string; at: number }
  /** A node started: the others share again the calls they hold, so that it knows them too. */
  | { op: 'hello'; node: string };

export const CALL_NOTES = 'calls';

/** How long a node remembers that a call ended (CallBook): far past any note's delivery. */
export const ENDED_KEPT_MS = 10 * 60_000;

/**
 * Every call going on, in this node's memory, the same on every node: each node applies the
 * notes all nodes share (its own before the sharing call returns). A user is in at most one
 * call. Never the store: a call lives seconds to hours, and its only lasting trace is the
 * line posted in the direct channel when it ends.
 */
export class CallBook {
  private readonly calls = new Map<string, CallRecord>();
  private readonly byUser = new Map<string, string>();
  /** `callId:userId` → when a tab of that participant last said it is there. */
  private readonly seen = new Map<string, number>();
  /**
   * Calls ended, by id → when, kept ENDED_KEPT_MS: a ring shared again for a node that started
   * (`hello`) can reach a node after the call's end, and must not bring the call back.
   */
  private readonly ended = new Map<string, number>();

  constructor(private readonly now: () => number = Date.now) {}

  apply(note: CallNote): void {
    if (note.op === 'ring') {
      const { call } = note;
      if (this.ended.has(call.callId)) return;
      // A user is in one call: a ring that lost a race (two nodes at once) is not kept.
      if (this.callOf(call.caller.userId) || this.callOf(call.callee.userId)) return;
      this.calls.set(call.callId, call);
      this.byUser.set(call.caller.userId, call.callId);
      this.byUser.set(call.callee.userId, call.callId);
    } else if (note.op === 'accept') {
      const call = this.calls.get(note.callId);
      // The first answer applied wins; a later one from another tab changes nothing.
      if (call?.state !== 'ringing') return;
      call.state = 'active';
      call.calleeTabId = note.tabId;
      call.acceptedAt = note.at;
    } else if (note.op === 'seen') {
      if (this.calls.has(note.callId)) this.seen.set(`${note.callId}:${note.userId}`, note.at);
    } else if (note.op === 'end') {
      this.forgetEnded();
      this.ended.set(note.callId, this.now());
      const call = this.calls.get(note.callId);
      if (!call) return;
      this.calls.delete(call.callId);
      for (const user of [call.caller, call.callee])
        this.seen.delete(`${call.callId}:${user.userId}`);
      for (const user of [call.caller, call.callee]) {
        if (this.byUser.get(user.userId) === call.callId) this.byUser.delete(user.userId);
      }
    }
  }

  /** The ends older than ENDED_KEPT_MS: no ring of theirs is still on its way. */
  private forgetEnded(): void {
    const before = this.now() - ENDED_KEPT_MS;
    // In the order they ended: the oldest first.
    for (const [callId, at] of this.ended) {
      if (at > before) break;
      this.ended.delete(callId);
    }
  }

  /** When a tab of this participant last said it is there (0: never). */
  seenAt(callId: string, userId: string): number {
    return this.seen.get(`${callId}:${userId}`) ?? 0;
  }

  get(callId: string): CallRecord | undefined {
    return this.calls.get(callId);
  }

  /** The call the user is in (ringing or answered), if any. */
  callOf(userId: string): CallRecord | undefined {
    const callId = this.byUser.get(userId);
    return callId === undefined ? undefined : this.calls.get(callId);
  }

  /** Calls rung from this node, for its timers. */
  homeCalls(nodeId: string): CallRecord[] {
    return [...this.calls.values()].filter((c) => c.homeNode === nodeId);
  }

  all(): CallRecord[] {
    return [...this.calls.values()];
  }

  get size(): number {
    return this.calls.size;
  }
}

/** Whether the user takes part in the call, and from which side. */
export function sideOf(call: CallRecord, userId: string): 'caller' | 'callee' | undefined {
  if (call.caller.userId === userId) return 'caller';
  if (call.callee.userId === userId) return 'callee';
  return undefined;
}

export function viewOf(call: CallRecord): CallView {
  return {
    callId: call.callId,
    channelId: call.channelId,
    state: call.state,
    caller: call.caller,
    callee: call.callee,
    callerTabId: call.callerTabId,
    calleeTabId: call.calleeTabId,
    offer: call.state === 'ringing' ? call.offer : null,
    ringAt: new Date(call.ringAt).toISOString(),
    acceptedAt: call.acceptedAt === null ? null : new Date(call.acceptedAt).toISOString(),
  };
}
