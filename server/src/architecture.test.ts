/**
 * The import boundaries (docs/architecture.md), as tests: the rules are
 * the dependency-cruiser configuration at the repository root, and the realtime layer's
 * vocabulary is checked here. A new import across a boundary fails the suite.
 */
import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { transform } from 'esbuild';
import { afterAll, describe, expect, it } from 'vitest';

const run = promisify(execFile);
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const cli = path.join(root, 'node_modules/dependency-cruiser/bin/dependency-cruise.mjs');
const config = path.join(root, '.dependency-cruiser.cjs');

interface Violation {
  from: string;
  to: string;
  rule: { name: string };
}

/** Runs dependency-cruiser's CLI with the repository's rules; returns what they forbid. */
async function cruise(cwd: string, targets: string[]): Promise<string[]> {
  const args = [cli, '--config', config, '--output-type', 'json', ...targets];
  const { stdout } = await run(process.execPath, args, { cwd, maxBuffer: 64 * 1024 * 1024 });
  const result = JSON.parse(stdout) as {
    summary: { violations: Violation[]; totalCruised: number };
  };
  // A cruise that read nothing (no parser for the files) would pass every rule.
  expect(result.summary.totalCruised).toBeGreaterThan(20);
  return result.summary.violations.map((v) => `${v.rule.name}: ${v.from} → ${v.to}`);
}

async function* walk(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(full);
    else yield full;
  }
}

const temps: string[] = [];
afterAll(async () => {
  for (const dir of temps) await rm(dir, { recursive: true, force: true });
});

/**
 * The web app's files, JSX and types stripped, in a scratch tree: dependency-cruiser's swc
 * parser reads TypeScript but not TSX. Every value import is kept (verbatimModuleSyntax),
 * and the `@/` alias becomes a relative path, so the graph is the source's.
 */
async function webScratchTree(): Promise<string> {
  const out = await mkdtemp(path.join(tmpdir(), 'ruche-arch-'));
  temps.push(out);
  const src = path.join(root, 'web/src');
  for await (const file of walk(src)) {
    if (!/\.tsx?$/.test(file)) continue;
    const rel = path.relative(root, file);
    const code = await readFile(file, 'utf8');
    const { code: js } = await transform(code, {
      loader: file.endsWith('x') ? 'tsx' : 'ts',
      jsx: 'automatic',
      tsconfigRaw: { compilerOptions: { verbatimModuleSyntax: true } },
    });
    const fromDir = path.dirname(file);
    const aliased = js.replace(
      /(from\s*|import\s*\(?\s*)(["'])@\/([^"']+)\2/g,
      (_m, pre, q, spec) => {
        const target = path.relative(fromDir, path.join(src, spec));
        return `${pre}${q}${target.startsWith('.') ? target : `./${target}`}${q}`;
      },
    );
    const dest = path.join(out, rel);
    await mkdir(path.dirname(dest), { recursive: true });
    await writeFile(dest, aliased);
  }
  await writeFile(path.join(out, 'tsconfig.json'), '{}');
  return out;
}

// A cruise starts a process and parses every file: more than the default 30 s under a full run.
const CRUISE_TIMEOUT = 180_000;

describe('import boundaries', () => {
  it(
    'server and shared: realtime and the infrastructure name no feature, and no feature reads another’s tables',
    async () => {
      expect(await cruise(root, ['server/src', 'shared'])).toEqual([]);
    },
    CRUISE_TIMEOUT,
  );

  it(
    'web: a feature is used only through its index.ts; lib/ and components/ name no feature',
    async () => {
      const tree = await webScratchTree();
      const violations = await cruise(tree, ['web/src']);
      expect(violations).toEqual([]);
    },
    CRUISE_TIMEOUT,
  );
});

/**
 * Words of the features' vocabulary. The realtime layer deals in topics, frames and
 * identities; `user` and `session` are identities, not features.
 */
const FEATURE_WORDS =
  /\b(channels?|channel_?id|typing|invites?|mentions?|boards?|friends?|calendar|voice|video|notifications?|search|send_message|new_message|message_(ack|rejected|updated|deleted))\b/i;
/** Redis names its pub/sub queues channels: the word means that there, and only there. */
const ALLOWED = new Map([['broker-redis.ts', /\bchannel\b|_channel\b/gi]]);

describe('the realtime layer', () => {
  it('names no feature (outside its tests)', async () => {
    const dir = path.join(root, 'server/src/realtime');
    const found: string[] = [];
    for (const name of await readdir(dir)) {
      if (!name.endsWith('.ts') || name.endsWith('.test.ts')) continue;
      const allowed = ALLOWED.get(name);
      const lines = (await readFile(path.join(dir, name), 'utf8')).split('\n');
      lines.forEach((line, i) => {
        const text = allowed ? line.replace(allowed, '') : line;
        const match = FEATURE_WORDS.exec(text);
        if (match) found.push(`${name}:${i + 1}: ${match[0]}`);
      });
    }
    expect(found).toEqual([]);
  });
});
