import { z } from 'zod';
import type { IceServer } from '#shared/calls';

/** The calls feature's settings (docs/calls.md, docs/operations.md), parsed once by config.ts. */
export interface CallsConfig {
  /** ICE_SERVERS, or the public STUN server docs/product.md §7 asks for. */
  iceServers: IceServer[];
  /** TURN_SECRET + TURN_URLS: short-lived credentials (coturn's REST scheme) for those URLs. */
  turn: { secret: string; urls: string[]; ttlSeconds: number } | undefined;
  ringTimeoutMs: number;
  reconnectGraceMs: number;
}

/** docs/product.md §7.3: public STUN servers; voice uses two (so does everything else here, one list). */
export const DEFAULT_ICE_SERVERS: IceServer[] = [
  { urls: 'stun:stun.l.google.com:19302' },
  { urls: 'stun:stun1.l.google.com:19302' },
];

const IceUrl = z.string().regex(/^(stun|stuns|turn|turns):/i, 'une adresse stun:, turn: ou turns:');
const IceServersSchema = z.array(
  z.object({
    urls: z.union([IceUrl, z.array(IceUrl).min(1)]),
    username: z.string().optional(),
    credential: z.string().optional(),
  }),
);

interface CallsEnv {
  ICE_SERVERS?: string | undefined;
  TURN_SECRET?: string | undefined;
  TURN_URLS: string;
  TURN_TTL_SECONDS: number;
  CALL_RING_TIMEOUT_MS: number;
  CALL_RECONNECT_GRACE_MS: number;
}

function parseIceServers(raw: string | undefined): IceServer[] {
  if (raw === undefined || raw.trim() === '') return DEFAULT_ICE_SERVERS;
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    throw new Error(
      'Invalid configuration:\nICE_SERVERS: du JSON attendu (une liste de serveurs ICE)',
    );
  }
  const parsed = IceServersSchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new Error(
      `Invalid configuration:\nICE_SERVERS: ${issue?.path.join('.') ?? ''} ${issue?.message ?? ''}`,
    );
  }
  return parsed.data;
}

export function callsConfig(e: CallsEnv): CallsConfig {
  const urls = e.TURN_URLS.split(',')
    .map((u) => u.trim())
    .filter(Boolean);
  if (e.TURN_SECRET && urls.length === 0) {
    throw new Error(
      'Invalid configuration:\nTURN_URLS: requis avec TURN_SECRET (ex. turn:turn.exemple.fr:3478)',
    );
  }
  if (urls.some((u) => !IceUrl.safeParse(u).success)) {
    throw new Error(
      'Invalid configuration:\nTURN_URLS: des adresses turn: ou turns: séparées par des virgules',
    );
  }
  return {
    iceServers: parseIceServers(e.ICE_SERVERS),
    turn: e.TURN_SECRET
      ? { secret: e.TURN_SECRET, urls, ttlSeconds: e.TURN_TTL_SECONDS }
      : undefined,
    ringTimeoutMs: e.CALL_RING_TIMEOUT_MS,
    reconnectGraceMs: e.CALL_RECONNECT_GRACE_MS,
  };
}
