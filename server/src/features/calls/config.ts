import { z } from 'zod';
import type { IceServer } from '#shared/calls';

/** The calls feature's settings (docs/calls.md, docs/operations.md), parsed once by config.ts. */
export interface CallsConfig {
  /** ICE_SERVERS; none by default (host candidates, and the deployment's own TURN below). */
  iceServers: IceServer[];
  /** TURN_SECRET + TURN_URLS: short-lived credentials (coturn's REST scheme) for those URLs. */
  turn: { secret: string; urls: string[]; ttlSeconds: number } | undefined;
  /** ICE_TRANSPORT_POLICY: `relay` makes every peer connection go through TURN only. */
  iceTransportPolicy: 'all' | 'relay';
  ringTimeoutMs: number;
  reconnectGraceMs: number;
}

/**
 * No third-party server unless the administrator names one (docs/calls.md, "ICE servers and
 * TURN"): docs/product.md §7.3 named Google's public STUN servers, but every caller's address
 * would then go to Google. Without ICE_SERVERS, peers use their host candidates, and the
 * deployment's own coturn when TURN_SECRET and TURN_URLS are set.
 */
export const DEFAULT_ICE_SERVERS: IceServer[] = [];

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
  ICE_TRANSPORT_POLICY?: 'all' | 'relay' | undefined;
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
  const iceTransportPolicy = e.ICE_TRANSPORT_POLICY ?? 'all';
  const iceServers = parseIceServers(e.ICE_SERVERS);
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
  const anyTurn = iceServers.some((s) => [s.urls].flat().some((u) => /^turns?:/i.test(u)));
  if (iceTransportPolicy === 'relay' && !e.TURN_SECRET && !anyTurn) {
    throw new Error(
      'Invalid configuration:\nICE_TRANSPORT_POLICY: relay demande un serveur TURN (TURN_SECRET et TURN_URLS, ou ICE_SERVERS)',
    );
  }
  return {
    iceServers,
    turn: e.TURN_SECRET
      ? { secret: e.TURN_SECRET, urls, ttlSeconds: e.TURN_TTL_SECONDS }
      : undefined,
    iceTransportPolicy,
    ringTimeoutMs: e.CALL_RING_TIMEOUT_MS,
    reconnectGraceMs: e.CALL_RECONNECT_GRACE_MS,
  };
}
