/**
 * The realtime wire contract (DESIGN §5): JSON frames `{ type, ...payload }` on /ws.
 * Names from SPEC §7 are kept; extensions are listed after them.
 */
import type { UserStatus } from './limits';

// ── client → server ─────────────────────────────────────────────────────────────────────
export type ClientFrame =
  | { type: 'auth'; userId: string }
  | { type: 'join_channel'; channelId: string }
  | { type: 'typing'; channelId: string; isTyping: boolean }
  | { type: 'presence'; status: UserStatus }
  | { type: 'ping' };

// ── server → client ─────────────────────────────────────────────────────────────────────
export type ServerEvent =
  | { type: 'auth_ok'; userId: string }
  | { type: 'error'; message: string }
  | { type: 'pong' }
  | { type: 'presence_update'; userId: string; status: UserStatus };
