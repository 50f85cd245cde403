import { TYPING_REPEAT_MS } from '#shared/messages';

/**
 * "Typing" is honoured at most once per TYPING_REPEAT_MS per user and channel, and "stopped"
 * only after an honoured start, whatever the client sends (docs/security.md, finding 6): each
 * one is a broker message, a flag on every node's board and a fan-out to the whole channel.
 */
export class TypingThrottle {
  private readonly state = new Map<string, { startedAt: number; typing: boolean }>();

  /** Whether to act on this flag now. */
  allow(userId: string, channelId: string, isTyping: boolean, now = Date.now()): boolean {
    const key = `${userId}:${channelId}`;
    const state = this.state.get(key);
    if (!isTyping) {
      if (!state?.typing) return false;
      state.typing = false;
      return true;
    }
    if (state && now - state.startedAt < TYPING_REPEAT_MS) return false;
    this.state.set(key, { startedAt: now, typing: true });
    if (this.state.size > 10_000) this.sweep(now);
    return true;
  }

  private sweep(now: number): void {
    for (const [key, { startedAt }] of this.state) {
      if (now - startedAt >= TYPING_REPEAT_MS) this.state.delete(key);
    }
  }
}
