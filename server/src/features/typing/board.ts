import { TYPING_TTL_MS, type TypingUser } from '#shared/messages';

interface Flag {
  user: TypingUser;
  /** When this node learnt of it (its own clock: nodes' clocks need not agree). */
  at: number;
}

/**
 * Who is typing in which channel, in this node's memory (docs/realtime.md, "Typing"). Every
 * node keeps the same board from the notes all nodes share through the broker, so that GET
 * /api/channels/{id}/typing answers from memory on any node and typing never touches the
 * store. A flag counts for TYPING_TTL_MS unless repeated (a client that vanished mid-word
 * stops counting). Expired flags are swept as new ones come, at most once per TTL: the board
 * never holds more than the flags set in the last two TTLs.
 */
export class TypingBoard {
  private readonly channels = new Map<string, Map<string, Flag>>();
  private sweptAt = 0;

  constructor(
    private readonly ttlMs = TYPING_TTL_MS,
    private readonly now: () => number = () => Date.now(),
  ) {}

  set(channelId: string, user: TypingUser, isTyping: boolean): void {
    const now = this.now();
    if (now - this.sweptAt >= this.ttlMs) this.sweep(now);
    if (!isTyping) {
      this.clear(channelId, user.userId);
      return;
    }
    let flags = this.channels.get(channelId);
    if (!flags) {
      flags = new Map();
      this.channels.set(channelId, flags);
    }
    // Deleted first so that the map's order stays the order of last updates: the list's.
    flags.delete(user.userId);
    flags.set(user.userId, { user, at: now });
  }

  /** Forget a user's flag in a channel (they stopped, or left it). */
  clear(channelId: string, userId: string): void {
    const flags = this.channels.get(channelId);
    if (!flags?.delete(userId)) return;
    if (flags.size === 0) this.channels.delete(channelId);
  }

  /** Who is typing in the channel now, oldest flag first, the viewer left out. */
  list(channelId: string, viewerId: string): TypingUser[] {
    const flags = this.channels.get(channelId);
    if (!flags) return [];
    const since = this.now() - this.ttlMs;
    const typing: TypingUser[] = [];
    for (const [userId, flag] of flags) {
      if (userId !== viewerId && flag.at > since) typing.push(flag.user);
    }
    return typing;
  }

  /** Flags held, expired ones not yet swept included. */
  get size(): number {
    let size = 0;
    for (const flags of this.channels.values()) size += flags.size;
    return size;
  }

  private sweep(now: number): void {
    this.sweptAt = now;
    const since = now - this.ttlMs;
    for (const [channelId, flags] of this.channels) {
      for (const [userId, flag] of flags) {
        if (flag.at <= since) flags.delete(userId);
      }
      if (flags.size === 0) this.channels.delete(channelId);
    }
  }
}
