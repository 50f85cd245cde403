/**
 * compose.yaml cannot be run here (no Docker): this reads it as YAML, the way `docker
 * compose` would, with a .env from `npm run admin -- gen-env`, and fails when the app
 * services disagree on a setting, when a node would refuse to start (ops/cluster.ts,
 * loadConfig), or when a service the deployment needs is missing (docs/operations.md,
 * "compose.yaml").
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { loadConfig } from '../config';
import { clusterProblems } from './cluster';
import { generateEnv } from './gen-env';

const root = path.resolve(import.meta.dirname, '../../..');

interface Service {
  image?: string;
  build?: unknown;
  command?: string | string[];
  environment?: Record<string, string | number | boolean | null> | string[];
  env_file?: unknown;
  healthcheck?: { test?: string | string[] };
  depends_on?: string[] | Record<string, { condition?: string }>;
  volumes?: (string | { source?: string; target?: string })[];
  ports?: (string | number | Record<string, unknown>)[];
  stop_grace_period?: string;
}

interface Compose {
  services: Record<string, Service>;
  volumes?: Record<string, unknown>;
}

let compose: Compose;
let caddyfile: string;
/** The .env an operator makes with gen-env. */
let dotenv: Record<string, string>;

beforeAll(async () => {
  compose = parse(await readFile(path.join(root, 'compose.yaml'), 'utf8'), {
    merge: true,
  }) as Compose;
  caddyfile = await readFile(path.join(root, 'deploy/Caddyfile'), 'utf8');
  dotenv = Object.fromEntries(
    generateEnv('https://ruche.exemple.fr')
      .split('\n')
      .filter((line) => line && !line.startsWith('#'))
      .map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]),
  );
  // The one value gen-env cannot know: the operator fills it in.
  expect(dotenv.PUBLIC_IP).toBe('');
  dotenv.PUBLIC_IP = '203.0.113.7';
});

/** Compose's interpolation: ${VAR}, ${VAR:?error}, ${VAR:-default}, $$. */
function interpolate(text: string, vars: Record<string, string>, missing: string[]): string {
  return text.replace(
    /\$\$|\$\{([A-Za-z_][A-Za-z0-9_]*)(?:(:?[?-])((?:[^{}]|\{[^}]*\})*))?\}/g,
    (whole, name: string | undefined, op: string | undefined, arg: string | undefined) => {
      if (whole === '$$') return '$';
      const value = vars[name as string];
      if (value !== undefined && value !== '') return value;
      if (op?.endsWith('-')) return interpolate(arg ?? '', vars, missing);
      if (op?.endsWith('?')) missing.push(name as string);
      return '';
    },
  );
}

/** A service's environment as the container gets it. */
function environmentOf(service: Service, vars = dotenv): Record<string, string> {
  const raw = service.environment ?? {};
  const pairs = Array.isArray(raw)
    ? raw.map((entry) => [entry.slice(0, entry.indexOf('=')), entry.slice(entry.indexOf('=') + 1)])
    : Object.entries(raw).map(([k, v]) => [k, v === null ? '' : String(v)]);
  const missing: string[] = [];
  const env = Object.fromEntries(
    pairs.map(([k, v]) => [k, interpolate(v as string, vars, missing)]),
  );
  expect(missing, 'variables the .env from gen-env does not give').toEqual([]);
  return env;
}

/** The Ruche nodes: services built from this repository's Dockerfile. */
const appServices = () =>
  Object.entries(compose.services).filter(([, s]) => {
    const context =
      typeof s.build === 'string' ? s.build : (s.build as { context?: string })?.context;
    return context === '.' || context === './';
  });

const serviceWithImage = (pattern: RegExp) =>
  Object.entries(compose.services).find(([, s]) => pattern.test(s.image ?? ''));

const dependsOn = (service: Service): Record<string, { condition?: string }> =>
  Array.isArray(service.depends_on)
    ? Object.fromEntries(service.depends_on.map((name) => [name, {}]))
    : (service.depends_on ?? {});

describe('compose.yaml', () => {
  it('has every service a two-node deployment needs', () => {
    expect(appServices().length, 'two Ruche nodes or more').toBeGreaterThanOrEqual(2);
    for (const [what, pattern] of [
      ['PostgreSQL', /^postgres:/],
      ['Redis', /^redis:/],
      ['an S3 store (SeaweedFS)', /^chrislusf\/seaweedfs:/],
      ['the reverse proxy (Caddy)', /^caddy:/],
      ['Janus', /janus/i],
      ['coturn', /coturn/i],
    ] as const) {
      expect(serviceWithImage(pattern), what).toBeDefined();
    }
    // Images are pinned: a copied file starts the versions it was written for.
    for (const [name, service] of Object.entries(compose.services)) {
      if (service.image && service.build === undefined) {
        expect(service.image, name).toMatch(/:[\w.-]+$/);
        expect(service.image, name).not.toMatch(/:latest$/);
      }
    }
  });

  it('the app services agree on every setting, and share every secret from the one .env', () => {
    const nodes = appServices();
    const [first, ...others] = nodes.map(([name, s]) => [name, environmentOf(s)] as const);
    for (const [name, env] of others) {
      const keys = new Set([...Object.keys(first?.[1] ?? {}), ...Object.keys(env)]);
      const differ = [...keys].filter((k) => env[k] !== first?.[1][k]);
      expect(differ, `${name} and ${first?.[0]} disagree on`).toEqual([]);
    }
    for (const [name, service] of nodes) {
      expect(service.env_file, `${name}: a per-node env_file could differ`).toBeUndefined();
    }
  });

  it('each node would start: loadConfig accepts its environment and it is a sound cluster node', async () => {
    const [[, service]] = appServices() as [[string, Service]];
    const env = environmentOf(service);
    expect(clusterProblems(env)).toEqual([]);
    const dataDir = await mkdtemp(path.join(tmpdir(), 'ruche-compose-'));
    try {
      const config = loadConfig({ ...env, DATA_DIR: dataDir });
      expect(config.publicUrl).toBe('https://ruche.exemple.fr');
      expect(config.files.s3?.bucket).toBeTruthy();
      expect(config.calls.turn?.urls.length).toBeGreaterThan(0);
      expect(config.janusUrl).toMatch(/^wss?:\/\//);
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });

  it('the nodes reach the other services by their names in this file', () => {
    const [[, service]] = appServices() as [[string, Service]];
    const env = environmentOf(service);
    for (const key of ['DATABASE_URL', 'REDIS_URL', 'S3_ENDPOINT', 'JANUS_URL']) {
      const host = new URL(env[key] as string).hostname;
      expect(Object.keys(compose.services), `${key}'s host`).toContain(host);
    }
  });

  it('every variable it interpolates is one gen-env writes', async () => {
    const text = await readFile(path.join(root, 'compose.yaml'), 'utf8');
    const used = new Set(
      [...text.replace(/^\s*#.*$/gm, '').matchAll(/\$\{([A-Za-z_][A-Za-z0-9_]*)/g)].map(
        (m) => m[1],
      ),
    );
    const defaulted = new Set(
      [...text.matchAll(/\$\{([A-Za-z_][A-Za-z0-9_]*):-/g)].map((m) => m[1]),
    );
    const unknown = [...used].filter((v) => v && !(v in dotenv) && !defaulted.has(v));
    expect(unknown).toEqual([]);
  });

  it('nodes are healthy when ready (GET /readyz), the proxy waits for them and balances over them all', () => {
    const nodes = appServices();
    const [proxyName, proxy] = serviceWithImage(/^caddy:/) as [string, Service];
    for (const [name, service] of nodes) {
      expect(JSON.stringify(service.healthcheck?.test), name).toContain('/readyz');
      expect(dependsOn(proxy)[name]?.condition, `${proxyName} waits for ${name}`).toBe(
        'service_healthy',
      );
      // SIGTERM drains for up to 25 s (DRAIN_TIMEOUT_MS): SIGKILL must come later.
      expect(Number.parseInt(service.stop_grace_period ?? '10s', 10), name).toBeGreaterThan(25);
    }
    const upstreams = /^\s*reverse_proxy\s+([^{\n]+)\{/m.exec(caddyfile)?.[1]?.trim().split(/\s+/);
    expect(upstreams?.sort()).toEqual(nodes.map(([name]) => `${name}:3000`).sort());
    // The drain settings of docs/operations.md: active checks on /readyz, a refused
    // connection tried on the other node.
    expect(caddyfile).toMatch(/health_uri \/readyz/);
    expect(caddyfile).toMatch(/lb_try_duration \d+s/);
    expect(proxy.volumes?.map(String)).toContain('./deploy/Caddyfile:/etc/caddy/Caddyfile:ro');
  });

  it('keeps PostgreSQL and the files on named volumes', () => {
    const [, postgres] = serviceWithImage(/^postgres:/) as [string, Service];
    const [, s3] = serviceWithImage(/^chrislusf\/seaweedfs:/) as [string, Service];
    const named = Object.keys(compose.volumes ?? {});
    const volumeAt = (service: Service, target: string) =>
      service.volumes
        ?.map((v) => (typeof v === 'string' ? v.split(':') : [v.source, v.target]))
        .find(([, t]) => t === target)?.[0];
    expect(named).toContain(volumeAt(postgres, '/var/lib/postgresql/data'));
    expect(named).toContain(volumeAt(s3, '/data'));
  });
});
