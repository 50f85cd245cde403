import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isIPv6 } from 'node:net';
import path from 'node:path';
import { z } from 'zod';
import { InstanceNameSchema } from '#shared/admin';
import { CALL_RECONNECT_GRACE_MS, CALL_RING_TIMEOUT_MS } from '#shared/calls';
import { CHANNEL_NAME_MAX } from '#shared/limits';
import { type CallsConfig, callsConfig } from './features/calls/config';
import { type TrustProxy, TrustProxySchema } from './lib/trust-proxy';
import { PRESENCE_OFFLINE_GRACE_MS } from './realtime/presence';

/** argon2id's parameters (the `argon2` package's names). */
export interface PasswordHashCost {
  /** KiB. */
  memoryCost: number;
  timeCost: number;
  parallelism: number;
}

/**
 * argon2's own defaults, 64 MiB, t=3, p=4 (docs/security.md): about 200 ms of CPU a hash on
 * the 2-core CI machine.
 */
export const PASSWORD_HASH_COST: PasswordHashCost = {
  memoryCost: 65_536,
  timeCost: 3,
  parallelism: 4,
};

const BYTE_UNITS: Record<string, number> = {
  '': 1,
  k: 2 ** 10,
  m: 2 ** 20,
  g: 2 ** 30,
  t: 2 ** 40,
};

/** A size in bytes, or with a binary unit: 1073741824, 1G, 1 Go, 500M, 500 MiB (0: no limit). */
const byteSize = (fallback: string) =>
  z
    .string()
    .trim()
    .default(fallback)
    .transform((text, ctx) => {
      const match = /^(\d+(?:[.,]\d+)?)\s*([kmgt]?)(?:i?[bo])?$/i.exec(text);
      const unit = BYTE_UNITS[match?.[2]?.toLowerCase() ?? ''];
      if (!match?.[1] || unit === undefined) {
        ctx.addIssue({ code: 'custom', message: 'une taille : 1073741824, 1G, 500M ou 0' });
        return z.NEVER;
      }
      return Math.floor(Number(match[1].replace(',', '.')) * unit);
    });

/**
 * Every environment variable Ruche reads, parsed once. None is required: with nothing set,
 * the server runs the embedded store under ./data on port 3000 (README.md, Configuration).
 */
const EnvSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().url().optional(),
  REDIS_URL: z.string().url().optional(),
  /** Prefix of every Redis key and pub/sub channel: several deployments (or test runs) can share one Redis. */
  REDIS_PREFIX: z.string().min(1).max(100).default('ruche'),
  /** A signed-in user whose sockets send nothing for this long is shown away. */
  PRESENCE_AWAY_MS: z.coerce
    .number()
    .int()
    .positive()
    .default(5 * 60 * 1000),
  /**
   * A user whose last socket closed stays shown as before for this long: a page reloading or
   * a phone changing networks reconnects within it without going offline and back (0: none).
   */
  PRESENCE_OFFLINE_GRACE_MS: z.coerce.number().int().min(0).default(PRESENCE_OFFLINE_GRACE_MS),
  PUBLIC_URL: z.string().url().optional(),
  /**
   * Other origins whose pages may write with the session cookie and open /ws, comma
   * separated: the Capacitor shell's (capacitor://localhost on iOS, https://localhost on
   * Android). Exact origins: scheme://host[:port], no path.
   */
  ALLOWED_ORIGINS: z
    .string()
    .default('')
    .transform((v) =>
      v
        .split(',')
        .map((o) => o.trim().toLowerCase())
        .filter(Boolean),
    )
    .refine((list) => list.every((o) => /^[a-z][a-z0-9+.-]*:\/\/[^/\s?#]+$/.test(o)), {
      message:
        'ALLOWED_ORIGINS : des origines exactes (schéma://hôte[:port]) séparées par des virgules',
    }),
  /**
   * The mobile app's links (docs/mobile.md, "Links"): its Android package and the SHA-256
   * fingerprints of its signing certificates (/.well-known/assetlinks.json), and its iOS app
   * ids, TEAMID.bundle (/.well-known/apple-app-site-association). Comma separated.
   */
  ANDROID_APP_PACKAGE: z
    .string()
    .regex(/^[A-Za-z][\w]*(\.[A-Za-z][\w]*)+$/, 'ANDROID_APP_PACKAGE : un nom de paquet Android')
    .optional(),
  ANDROID_CERT_SHA256: z
    .string()
    .default('')
    .transform((v) =>
      v
        .split(',')
        .map((f) => f.trim().toUpperCase())
        .filter(Boolean),
    )
    .refine((list) => list.every((f) => /^([0-9A-F]{2}:){31}[0-9A-F]{2}$/.test(f)), {
      message:
        'ANDROID_CERT_SHA256 : des empreintes SHA-256 (AA:BB:…, 32 octets) séparées par des virgules',
    }),
  IOS_APP_IDS: z
    .string()
    .default('')
    .transform((v) =>
      v
        .split(',')
        .map((id) => id.trim())
        .filter(Boolean),
    )
    .refine((list) => list.every((id) => /^[A-Z0-9]{10}\.[A-Za-z0-9.-]+$/.test(id)), {
      message:
        'IOS_APP_IDS : des identifiants ÉQUIPE.bundle (ABCDE12345.fr.ruche.app) séparés par des virgules',
    }),
  SESSION_SECRET: z.string().min(32).optional(),
  SESSION_TTL_DAYS: z.coerce.number().positive().default(30),
  /** Absolute lifetime: a session ends this long after sign-in, in use or not. */
  SESSION_MAX_DAYS: z.coerce.number().positive().default(90),
  OIDC_ISSUER: z.string().url().optional(),
  OIDC_CLIENT_ID: z.string().optional(),
  OIDC_CLIENT_SECRET: z.string().optional(),
  OIDC_SCOPES: z.string().default('openid email profile'),
  LOCAL_AUTH: z.enum(['auto', 'on', 'off']).default('auto'),
  /** Who may create an account: anyone, addresses of SIGNUP_DOMAINS, or holders of an invite link. */
  SIGNUP: z.enum(['open', 'domains', 'invite']).default('open'),
  /** Who may notify a whole channel with @channel, @here, @everyone (docs/product.md). */
  CHANNEL_WIDE_MENTIONS: z.enum(['everyone', 'admins']).default('everyone'),
  /** Who manages user groups: administrators only, or also each group's members. */
  USER_GROUPS_MANAGED_BY: z.enum(['admins', 'members']).default('members'),
  SIGNUP_DOMAINS: z
    .string()
    .default('')
    .transform((v) =>
      v
        .split(',')
        .map((d) => d.trim().toLowerCase().replace(/^@/, ''))
        .filter(Boolean),
    ),
  /** nodemailer transport URL (smtp://user:pass@host:587, smtps://…): address checks and password resets by mail. */
  SMTP_URL: z.string().url().optional(),
  SMTP_FROM: z.string().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  AUTH_RATE_LIMIT: z.coerce.number().int().positive().default(10),
  /** Video-room look-ups and joins by code per address per minute (docs/calls.md). */
  ROOM_RATE_LIMIT: z.coerce.number().int().positive().default(30),
  /** Client frames a socket may send per second (bursts of twice that). */
  WS_FRAMES_PER_SECOND: z.coerce.number().int().positive().default(30),
  /** Sockets one account may hold on one node. */
  MAX_SOCKETS_PER_USER: z.coerce.number().int().positive().default(20),
  /** Sockets one guest's room token may hold (docs/realtime.md, "Admission"). */
  MAX_SOCKETS_PER_GUEST: z.coerce.number().int().positive().default(5),
  /** Messages one account may send per second (bursts of six times that). */
  SEND_RATE_PER_SECOND: z.coerce.number().positive().default(5),
  /** Mean event-loop delay (ms, over the last second) past which API requests get 503; 0: off. */
  OVERLOAD_EVENT_LOOP_MS: z.coerce.number().int().nonnegative().default(200),
  /** How long a request's query may wait for a store connection before its 503 (ms). */
  STORE_WAIT_MS: z.coerce.number().int().positive().default(1000),
  /** Socket upgrades let in per second (bursts of twice that); the others get 503. */
  WS_ADMIT_PER_SECOND: z.coerce.number().int().positive().default(100),
  /** …of which one address (IPv6: its /64) may take this many per second (bursts of twice that). */
  WS_ADMIT_PER_ADDRESS_PER_SECOND: z.coerce.number().int().positive().default(25),
  HSTS_INCLUDE_SUBDOMAINS: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
  TRUST_PROXY: TrustProxySchema,
  /**
   * GET /metrics (Prometheus): off, on for loopback peers only, or on for requests bearing
   * METRICS_TOKEN (docs/operations.md).
   */
  METRICS: z.enum(['off', 'loopback', 'token']).default('off'),
  METRICS_TOKEN: z.string().optional(),
  /** Files (docs/files.md): uploads one user may start per minute. */
  FILES_UPLOADS_PER_MINUTE: z.coerce.number().int().positive().default(60),
  /** docs/files.md, "Quotas": what one account's files may take, and all of them (0: no limit). */
  FILES_QUOTA_PER_USER: byteSize('1G'),
  FILES_QUOTA_TOTAL: byteSize('0'),
  /** docs/files.md, "Drafts": a composer's upload never sent is purged after this long. */
  FILES_DRAFT_TTL_MS: z.coerce
    .number()
    .int()
    .positive()
    .default(24 * 60 * 60 * 1000),
  /** How often a node looks for drafts to purge (0: never). */
  FILES_DRAFT_PURGE_INTERVAL_MS: z.coerce
    .number()
    .int()
    .nonnegative()
    .default(10 * 60 * 1000),
  /** The instance's name until an administrator chooses one in the console (docs/product.md §2.27). */
  INSTANCE_NAME: InstanceNameSchema.optional(),
  /** The audit log (issue 48): entries are kept this many days, then purged. */
  AUDIT_RETENTION_DAYS: z.coerce.number().int().positive().default(365),
  /** How often a node looks for audit entries to purge (0: never). */
  AUDIT_PURGE_INTERVAL_MS: z.coerce
    .number()
    .int()
    .nonnegative()
    .default(60 * 60 * 1000),
  /**
   * docs/privacy.md: an erased account's messages stay, signed « Utilisateur supprimé »
   * (anonymize), or go with it (delete).
   */
  ACCOUNT_DELETION_MESSAGES: z.enum(['anonymize', 'delete']).default('anonymize'),
  /** How often a node runs the privacy jobs: exports, due erasures, retention (0: never). */
  PRIVACY_JOB_INTERVAL_MS: z.coerce
    .number()
    .int()
    .nonnegative()
    .default(60 * 1000),
  /** S3-compatible object storage for files; local disk under DATA_DIR/files when unset. */
  S3_ENDPOINT: z.string().url().optional(),
  S3_BUCKET: z.string().min(1).optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_FORCE_PATH_STYLE: z
    .enum(['true', 'false'])
    .default('true')
    .transform((v) => v === 'true'),
  /** Calendar sync (docs/calendar.md): OAuth clients and provider addresses, overridable for tests. */
  GOOGLE_CLIENT_ID: z.string().optional(),
  GOOGLE_CLIENT_SECRET: z.string().optional(),
  GOOGLE_OAUTH_URL: z.string().url().default('https://accounts.google.com/o/oauth2/v2/auth'),
  GOOGLE_TOKEN_URL: z.string().url().default('https://oauth2.googleapis.com/token'),
  GOOGLE_CALENDAR_API_URL: z.string().url().default('https://www.googleapis.com/calendar/v3'),
  MICROSOFT_CLIENT_ID: z.string().optional(),
  MICROSOFT_CLIENT_SECRET: z.string().optional(),
  MICROSOFT_OAUTH_URL: z
    .string()
    .url()
    .default('https://login.microsoftonline.com/common/oauth2/v2.0/authorize'),
  MICROSOFT_TOKEN_URL: z
    .string()
    .url()
    .default('https://login.microsoftonline.com/common/oauth2/v2.0/token'),
  MICROSOFT_GRAPH_URL: z.string().url().default('https://graph.microsoft.com/v1.0'),
  /** 32 bytes, base64 or hex: encrypts calendar OAuth tokens at rest (generated into DATA_DIR when absent). */
  CALENDAR_TOKEN_KEY: z.string().optional(),
  /** Background sync of active connections, every this many ms (0: off). */
  CALENDAR_SYNC_INTERVAL_MS: z.coerce
    .number()
    .int()
    .min(0)
    .default(15 * 60 * 1000),
  /** Due reminders and scheduled messages are looked for every this many ms (0: off; docs/product.md). */
  REMINDERS_POLL_MS: z.coerce.number().int().min(0).default(15_000),
  /** Whom to send the e-mail of what they missed is looked at every this many ms (0: off; docs/product.md). */
  DIGEST_POLL_MS: z.coerce.number().int().min(0).default(60_000),
  /** Whose « Ma journée » e-mail is due is looked at every this many ms (0: off; docs/product.md). */
  MY_DAY_POLL_MS: z.coerce.number().int().min(0).default(60_000),
  /**
   * The right to disconnect's policy until an administrator saves one (docs/product.md, « Droit
   * à la déconnexion »): held outside working hours (true), or not. The tests start it off.
   */
  DISCONNECT_DEFAULT_ENABLED: z
    .enum(['true', 'false'])
    .default('true')
    .transform((v) => v === 'true'),
  /** How long SIGTERM waits for open requests and sockets before closing them anyway. */
  DRAIN_TIMEOUT_MS: z.coerce.number().int().min(0).max(600_000).default(25_000),
  /** 1:1 calls (docs/calls.md): ICE servers as JSON, TURN REST secret and URLs, ring and grace times. */
  ICE_SERVERS: z.string().optional(),
  /** Janus Gateway's WebSocket API (docs/calls.md), e.g. ws://127.0.0.1:8188; unset: peer mesh. */
  JANUS_URL: z
    .string()
    .regex(/^wss?:\/\//, 'une adresse ws:// ou wss://')
    .optional(),
  TURN_SECRET: z.string().min(16).optional(),
  TURN_URLS: z.string().default(''),
  TURN_TTL_SECONDS: z.coerce.number().int().min(60).max(86_400).default(3600),
  /** `relay`: every peer connection goes through TURN only (docs/calls.md); default `all`. */
  ICE_TRANSPORT_POLICY: z.enum(['all', 'relay']).default('all'),
  CALL_RING_TIMEOUT_MS: z.coerce.number().int().positive().default(CALL_RING_TIMEOUT_MS),
  CALL_RECONNECT_GRACE_MS: z.coerce.number().int().positive().default(CALL_RECONNECT_GRACE_MS),
  /** Web Push (docs/notifications.md): without them, a key pair is made once in DATA_DIR. */
  VAPID_PUBLIC_KEY: z.string().min(1).optional(),
  VAPID_PRIVATE_KEY: z.string().min(1).optional(),
  VAPID_SUBJECT: z.string().min(1).optional(),
  /**
   * Push services besides the browsers' public ones (docs/notifications.md, "Where pushes may
   * go"), comma separated: exact hosts, or `*.domaine` for its subdomains (UnifiedPush, ntfy).
   */
  PUSH_ALLOWED_HOSTS: z
    .string()
    .default('')
    .transform((v) =>
      v
        .split(',')
        .map((h) => h.trim().toLowerCase())
        .filter(Boolean),
    )
    .refine(
      // A port only when named: `push.lan:8443`, `[fd00::7]:8443`; else 443 (push-endpoint.ts).
      (list) =>
        list.every((h) => {
          const v6 = /^\[(.+)\](:\d{1,5})?$/.exec(h);
          if (v6) return isIPv6(v6[1]!);
          return /^(\*\.)?[a-z0-9-]+(\.[a-z0-9-]+)*(:\d{1,5})?$/.test(h) || isIPv6(h);
        }),
      {
        message:
          'PUSH_ALLOWED_HOSTS : des noms d’hôte (push.exemple.fr, *.exemple.fr, push.lan:8443 pour un autre port que 443) séparés par des virgules, sans schéma',
      },
    ),
  /** A push service on the LAN: its loopback, RFC 1918, ULA or CGNAT address is then allowed. */
  PUSH_ALLOW_PRIVATE_NETWORKS: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
  /** Link previews (docs/product.md, « Aperçus de liens »): `off` for the whole instance. */
  LINK_PREVIEWS: z
    .enum(['on', 'off'], { error: 'LINK_PREVIEWS : on ou off' })
    .default('on')
    .transform((v) => v === 'on'),
  /** The channel every new account joins (docs/product.md §10.16); empty: none. */
  DEFAULT_CHANNEL: z.string().trim().max(CHANNEL_NAME_MAX).default('général'),
  /** A client must have sent a request's headers within this (slow-header clients). */
  HTTP_HEADERS_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(10_000),
  /** …and the whole request, body included (a 10 MB upload on a slow link), within this. */
  HTTP_REQUEST_TIMEOUT_MS: z.coerce.number().int().min(100).max(3_600_000).default(120_000),
});

export type Env = z.infer<typeof EnvSchema>;

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  redisUrl: string | undefined;
  redisPrefix: string;
  presenceAwayMs: number;
  presenceOfflineGraceMs: number;
  publicUrl: string | undefined;
  /** Origins trusted besides our own (ALLOWED_ORIGINS). */
  allowedOrigins: string[];
  /** The mobile app's links (server/src/app-links.ts); each part absent when not configured. */
  appLinks: {
    android: { package: string; fingerprints: string[] } | undefined;
    iosAppIds: string[];
  };
  sessionSecret: string;
  sessionTtlMs: number;
  sessionMaxMs: number;
  oidc:
    | {
        issuer: string;
        clientId: string;
        clientSecret: string;
        scopes: string;
        /** PUBLIC_URL: the provider's redirect URI is built from it, never from a request. */
        publicUrl: string;
      }
    | undefined;
  localAuth: boolean;
  /**
   * argon2id's cost for local accounts' passwords (auth/passwords.ts): always
   * PASSWORD_HASH_COST, no variable lowers it. Only the test harness builds a Config with a
   * cheaper one (server/test/server.ts).
   */
  passwordHashCost: PasswordHashCost;
  signup: { policy: Env['SIGNUP']; domains: string[] };
  /** docs/product.md, "@channel, @here, @everyone" and "Groupes d’utilisateurs". */
  mentions: {
    channelWide: Env['CHANNEL_WIDE_MENTIONS'];
    groupsManagedBy: Env['USER_GROUPS_MANAGED_BY'];
  };
  smtp: { url: string; from: string; publicUrl: string } | undefined;
  logLevel: Env['LOG_LEVEL'];
  authRateLimit: number;
  roomRateLimit: number;
  wsFramesPerSecond: number;
  maxSocketsPerUser: number;
  maxSocketsPerGuest: number;
  sendRatePerSecond: number;
  /** Load shedding (lib/overload.ts). */
  overload: {
    eventLoopMs: number;
    storeWaitMs: number;
    wsAdmitPerSecond: number;
    wsAdmitPerAddressPerSecond: number;
  };
  /** lib/trust-proxy.ts: which hops' X-Forwarded-For is believed. */
  trustProxy: TrustProxy;
  hstsIncludeSubdomains: boolean;
  /** Who may read GET /metrics; undefined when it is off. */
  metrics: { access: 'loopback' } | { access: 'token'; token: string } | undefined;
  drainTimeoutMs: number;
  /** docs/calendar.md: the providers (undefined when their client id is not set) and the token key. */
  calendar: {
    google: CalendarProviderConfig | undefined;
    outlook: CalendarProviderConfig | undefined;
    tokenKey: Buffer;
    syncIntervalMs: number;
  };
  /** How often a node looks for due reminders and scheduled messages (0: never). */
  remindersPollMs: number;
  /** How often a node looks for people to send the e-mail of what they missed (0: never). */
  digestPollMs: number;
  /** How often a node looks for « Ma journée » e-mails due (0: never). */
  myDayPollMs: number;
  calls: CallsConfig;
  /** Voice channels and video rooms through Janus (docs/calls.md); undefined: the peer mesh. */
  janusUrl: string | undefined;
  /** Web Push keys given by the environment (both or neither) and the contact subject. */
  vapid: { publicKey: string | undefined; privateKey: string | undefined; subject: string };
  /** Whether notifications are held outside working hours before an administrator decides. */
  disconnectDefaultEnabled: boolean;
  /** Where Web Push may go (features/notifications/push-endpoint.ts). */
  push: { allowedHosts: string[]; allowPrivateNetworks: boolean };
  /**
   * Link previews (features/link-previews). `network` is never read from the environment:
   * tests alone set it (server/test/link-preview-site.ts), to give the fetcher their resolver
   * and where a checked public address is served on this machine; the public-address check
   * itself cannot be turned off.
   */
  linkPreviews: { enabled: boolean; network?: LinkPreviewNetwork | undefined };
  /** The channel every new account joins, or null. */
  defaultChannel: string | null;
  /** INSTANCE_NAME: the name shown until the console sets one (features/admin/instance.ts). */
  instanceName: string | undefined;
  /** docs/operations.md "Timeouts": how long a slow client may hold a connection. */
  http: { headersTimeoutMs: number; requestTimeoutMs: number };
  /** Files: the per-user upload limit, and the S3 bucket when one is configured. */
  files: {
    uploadsPerMinute: number;
    s3: S3Config | undefined;
    /** docs/files.md, "Quotas": bytes per account and for the instance; null: no limit. */
    quotaPerUser: number | null;
    quotaTotal: number | null;
    /** docs/files.md, "Drafts": unsent uploads live this long; purged every interval (0: off). */
    draftTtlMs: number;
    draftPurgeIntervalMs: number;
  };
  /** The audit log: days an entry is kept; how often a node purges (0: off). */
  audit: { retentionDays: number; purgeIntervalMs: number };
  /** docs/privacy.md: what erasure does with messages; how often the privacy jobs run (0: off). */
  privacy: { deletionMessages: 'anonymize' | 'delete'; jobIntervalMs: number };
}

/** What a test gives the link previews' fetcher (features/link-previews/safe-fetch.ts). */
export interface LinkPreviewNetwork {
  resolve: (hostname: string) => Promise<Array<{ address: string; family: number }>>;
  route?: (address: string, port: number) => { address: string; port: number };
}

export interface S3Config {
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  forcePathStyle: boolean;
}

/** S3_ENDPOINT and S3_BUCKET turn S3 on; then both keys are required too. */
function s3Of(e: Env): S3Config | undefined | string {
  if (!e.S3_ENDPOINT && !e.S3_BUCKET) return undefined;
  if (!e.S3_ENDPOINT || !e.S3_BUCKET || !e.S3_ACCESS_KEY_ID || !e.S3_SECRET_ACCESS_KEY) {
    return 'S3_ENDPOINT, S3_BUCKET, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY : requis ensemble';
  }
  return {
    endpoint: e.S3_ENDPOINT,
    bucket: e.S3_BUCKET,
    region: e.S3_REGION,
    accessKeyId: e.S3_ACCESS_KEY_ID,
    secretAccessKey: e.S3_SECRET_ACCESS_KEY,
    forcePathStyle: e.S3_FORCE_PATH_STYLE,
  };
}

export interface CalendarProviderConfig {
  clientId: string;
  clientSecret: string;
  authorizeUrl: string;
  tokenUrl: string;
  apiUrl: string;
}

/** CALENDAR_TOKEN_KEY (32 bytes, base64 or hex), or one generated once and kept in DATA_DIR. */
function loadCalendarKey(dataDir: string, given: string | undefined): Buffer {
  const decode = (text: string) => {
    const key = /^[0-9a-f]{64}$/i.test(text)
      ? Buffer.from(text, 'hex')
      : Buffer.from(text, 'base64');
    if (key.length !== 32) {
      throw new Error(
        'Invalid configuration:\nCALENDAR_TOKEN_KEY: 32 octets en base64 ou en hexadécimal',
      );
    }
    return key;
  };
  if (given) return decode(given.trim());
  const file = path.join(dataDir, 'calendar-token-key');
  if (existsSync(file)) return decode(readFileSync(file, 'utf8').trim());
  mkdirSync(dataDir, { recursive: true });
  const key = randomBytes(32);
  writeFileSync(file, key.toString('base64'), { mode: 0o600 });
  return key;
}

/** METRICS and METRICS_TOKEN: a token is required with METRICS=token, and pointless without it. */
function metricsAccess(e: Env): Config['metrics'] | string {
  if (e.METRICS === 'token') {
    if (!e.METRICS_TOKEN || e.METRICS_TOKEN.length < 16) {
      return 'METRICS_TOKEN: requis avec METRICS=token (au moins 16 caractères)';
    }
    return { access: 'token', token: e.METRICS_TOKEN };
  }
  if (e.METRICS_TOKEN) return 'METRICS_TOKEN: sans effet sauf avec METRICS=token';
  return e.METRICS === 'loopback' ? { access: 'loopback' } : undefined;
}

/** SESSION_SECRET, or one generated on first start and kept in DATA_DIR (README.md, Configuration). */
function loadSecret(dataDir: string, given: string | undefined): string {
  if (given) return given;
  const file = path.join(dataDir, 'session-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const dataDir = path.resolve(e.DATA_DIR);
  const publicUrl = e.PUBLIC_URL?.replace(/\/$/, '');
  if (e.OIDC_ISSUER && e.OIDC_CLIENT_ID && !publicUrl) {
    throw new Error(
      "Invalid configuration:\nPUBLIC_URL: requis avec OIDC_ISSUER (l'adresse publique de Ruche, d'où vient l'adresse de retour du fournisseur)",
    );
  }
  if (e.SMTP_URL && !publicUrl) {
    throw new Error(
      "Invalid configuration:\nPUBLIC_URL: requis avec SMTP_URL (les liens envoyés par e-mail pointent vers l'adresse publique de Ruche)",
    );
  }
  if (e.SIGNUP === 'domains' && e.SIGNUP_DOMAINS.length === 0) {
    throw new Error(
      'Invalid configuration:\nSIGNUP_DOMAINS: requis avec SIGNUP=domains (ex. exemple.fr,agence.fr)',
    );
  }
  const metrics = metricsAccess(e);
  if (typeof metrics === 'string') throw new Error(`Invalid configuration:\n${metrics}`);
  const s3 = s3Of(e);
  if (typeof s3 === 'string') throw new Error(`Invalid configuration:\n${s3}`);
  const oidc =
    e.OIDC_ISSUER && e.OIDC_CLIENT_ID && publicUrl
      ? {
          issuer: e.OIDC_ISSUER,
          clientId: e.OIDC_CLIENT_ID,
          clientSecret: e.OIDC_CLIENT_SECRET ?? '',
          scopes: e.OIDC_SCOPES,
          publicUrl,
        }
      : undefined;
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    redisUrl: e.REDIS_URL,
    redisPrefix: e.REDIS_PREFIX,
    presenceAwayMs: e.PRESENCE_AWAY_MS,
    presenceOfflineGraceMs: e.PRESENCE_OFFLINE_GRACE_MS,
    publicUrl,
    allowedOrigins: e.ALLOWED_ORIGINS,
    appLinks: {
      android:
        e.ANDROID_APP_PACKAGE && e.ANDROID_CERT_SHA256.length
          ? { package: e.ANDROID_APP_PACKAGE, fingerprints: e.ANDROID_CERT_SHA256 }
          : undefined,
      iosAppIds: e.IOS_APP_IDS,
    },
    sessionSecret: loadSecret(dataDir, e.SESSION_SECRET),
    sessionTtlMs: e.SESSION_TTL_DAYS * 24 * 3600 * 1000,
    sessionMaxMs: e.SESSION_MAX_DAYS * 24 * 3600 * 1000,
    oidc,
    // Local accounts are the default; with OIDC configured they are off unless LOCAL_AUTH=on.
    localAuth: e.LOCAL_AUTH === 'on' || (e.LOCAL_AUTH === 'auto' && !oidc),
    passwordHashCost: PASSWORD_HASH_COST,
    signup: { policy: e.SIGNUP, domains: e.SIGNUP_DOMAINS },
    mentions: {
      channelWide: e.CHANNEL_WIDE_MENTIONS,
      groupsManagedBy: e.USER_GROUPS_MANAGED_BY,
    },
    smtp:
      e.SMTP_URL && publicUrl
        ? {
            url: e.SMTP_URL,
            from: e.SMTP_FROM ?? `Ruche <no-reply@${new URL(publicUrl).hostname}>`,
            publicUrl,
          }
        : undefined,
    logLevel: e.LOG_LEVEL,
    authRateLimit: e.AUTH_RATE_LIMIT,
    roomRateLimit: e.ROOM_RATE_LIMIT,
    wsFramesPerSecond: e.WS_FRAMES_PER_SECOND,
    maxSocketsPerUser: e.MAX_SOCKETS_PER_USER,
    maxSocketsPerGuest: e.MAX_SOCKETS_PER_GUEST,
    sendRatePerSecond: e.SEND_RATE_PER_SECOND,
    overload: {
      eventLoopMs: e.OVERLOAD_EVENT_LOOP_MS,
      storeWaitMs: e.STORE_WAIT_MS,
      wsAdmitPerSecond: e.WS_ADMIT_PER_SECOND,
      wsAdmitPerAddressPerSecond: e.WS_ADMIT_PER_ADDRESS_PER_SECOND,
    },
    trustProxy: e.TRUST_PROXY,
    hstsIncludeSubdomains: e.HSTS_INCLUDE_SUBDOMAINS,
    metrics,
    drainTimeoutMs: e.DRAIN_TIMEOUT_MS,
    calls: callsConfig(e),
    remindersPollMs: e.REMINDERS_POLL_MS,
    digestPollMs: e.DIGEST_POLL_MS,
    myDayPollMs: e.MY_DAY_POLL_MS,
    disconnectDefaultEnabled: e.DISCONNECT_DEFAULT_ENABLED,
    janusUrl: e.JANUS_URL || undefined,
    vapid: {
      publicKey: e.VAPID_PUBLIC_KEY,
      privateKey: e.VAPID_PRIVATE_KEY,
      subject: e.VAPID_SUBJECT ?? (publicUrl ? publicUrl : 'mailto:ruche@localhost'),
    },
    push: {
      allowedHosts: e.PUSH_ALLOWED_HOSTS,
      allowPrivateNetworks: e.PUSH_ALLOW_PRIVATE_NETWORKS,
    },
    linkPreviews: { enabled: e.LINK_PREVIEWS },
    defaultChannel: e.DEFAULT_CHANNEL || null,
    instanceName: e.INSTANCE_NAME,
    http: {
      headersTimeoutMs: e.HTTP_HEADERS_TIMEOUT_MS,
      requestTimeoutMs: Math.max(e.HTTP_REQUEST_TIMEOUT_MS, e.HTTP_HEADERS_TIMEOUT_MS),
    },
    files: {
      uploadsPerMinute: e.FILES_UPLOADS_PER_MINUTE,
      s3,
      quotaPerUser: e.FILES_QUOTA_PER_USER || null,
      quotaTotal: e.FILES_QUOTA_TOTAL || null,
      draftTtlMs: e.FILES_DRAFT_TTL_MS,
      draftPurgeIntervalMs: e.FILES_DRAFT_PURGE_INTERVAL_MS,
    },
    audit: {
      retentionDays: e.AUDIT_RETENTION_DAYS,
      purgeIntervalMs: e.AUDIT_PURGE_INTERVAL_MS,
    },
    privacy: {
      deletionMessages: e.ACCOUNT_DELETION_MESSAGES,
      jobIntervalMs: e.PRIVACY_JOB_INTERVAL_MS,
    },
    calendar: {
      google: e.GOOGLE_CLIENT_ID
        ? {
            clientId: e.GOOGLE_CLIENT_ID,
            clientSecret: e.GOOGLE_CLIENT_SECRET ?? '',
            authorizeUrl: e.GOOGLE_OAUTH_URL,
            tokenUrl: e.GOOGLE_TOKEN_URL,
            apiUrl: e.GOOGLE_CALENDAR_API_URL.replace(/\/$/, ''),
          }
        : undefined,
      outlook: e.MICROSOFT_CLIENT_ID
        ? {
            clientId: e.MICROSOFT_CLIENT_ID,
            clientSecret: e.MICROSOFT_CLIENT_SECRET ?? '',
            authorizeUrl: e.MICROSOFT_OAUTH_URL,
            tokenUrl: e.MICROSOFT_TOKEN_URL,
            apiUrl: e.MICROSOFT_GRAPH_URL.replace(/\/$/, ''),
          }
        : undefined,
      tokenKey: loadCalendarKey(dataDir, e.CALENDAR_TOKEN_KEY),
      syncIntervalMs: e.CALENDAR_SYNC_INTERVAL_MS,
    },
  };
}
