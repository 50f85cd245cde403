import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

/**
 * Every environment variable Ruche reads, parsed once. None is required: with nothing set,
 * the server runs the embedded store under ./data on port 3000 (DESIGN §6).
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
  SESSION_SECRET: z.string().min(32).optional(),
  SESSION_TTL_DAYS: z.coerce.number().positive().default(30),
  OIDC_ISSUER: z.string().url().optional(),
  OIDC_CLIENT_ID: z.string().optional(),
  OIDC_CLIENT_SECRET: z.string().optional(),
  OIDC_SCOPES: z.string().default('openid email profile'),
  LOCAL_AUTH: z.enum(['auto', 'on', 'off']).default('auto'),
  GOOGLE_CLIENT_ID: z.string().optional(),
  GOOGLE_CLIENT_SECRET: z.string().optional(),
  MICROSOFT_CLIENT_ID: z.string().optional(),
  MICROSOFT_CLIENT_SECRET: z.string().optional(),
  ICE_SERVERS: z.string().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  AUTH_RATE_LIMIT: z.coerce.number().int().positive().default(10),
  TRUST_PROXY: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
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
  publicUrl: string | undefined;
  /** Origins trusted besides our own (ALLOWED_ORIGINS). */
  allowedOrigins: string[];
  sessionSecret: string;
  sessionTtlMs: number;
  oidc: { issuer: string; clientId: string; clientSecret: string; scopes: string } | undefined;
  localAuth: boolean;
  logLevel: Env['LOG_LEVEL'];
  authRateLimit: number;
  trustProxy: boolean;
  iceServers: string | undefined;
}

/** SESSION_SECRET, or one generated on first start and kept in DATA_DIR (DESIGN §6). */
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
  const oidc =
    e.OIDC_ISSUER && e.OIDC_CLIENT_ID
      ? {
          issuer: e.OIDC_ISSUER,
          clientId: e.OIDC_CLIENT_ID,
          clientSecret: e.OIDC_CLIENT_SECRET ?? '',
          scopes: e.OIDC_SCOPES,
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
    publicUrl: e.PUBLIC_URL?.replace(/\/$/, ''),
    allowedOrigins: e.ALLOWED_ORIGINS,
    sessionSecret: loadSecret(dataDir, e.SESSION_SECRET),
    sessionTtlMs: e.SESSION_TTL_DAYS * 24 * 3600 * 1000,
    oidc,
    // Local accounts are the default; with OIDC configured they are off unless LOCAL_AUTH=on.
    localAuth: e.LOCAL_AUTH === 'on' || (e.LOCAL_AUTH === 'auto' && !oidc),
    logLevel: e.LOG_LEVEL,
    authRateLimit: e.AUTH_RATE_LIMIT,
    trustProxy: e.TRUST_PROXY,
    iceServers: e.ICE_SERVERS,
  };
}
