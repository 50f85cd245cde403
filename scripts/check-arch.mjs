// npm run check:arch: the import boundaries of docs/architecture.md ("Boundaries"), from
// .dependency-cruiser.cjs, over the server, shared/ and the web app. Reads the sources only:
// no database, no build; `npm test` runs it once, beside the typecheck and the lint.
import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { transform } from 'esbuild';

const run = promisify(execFile);
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const cli = path.join(root, 'node_modules/dependency-cruiser/bin/dependency-cruise.mjs');
const config = path.join(root, '.dependency-cruiser.cjs');
const { FEATURE_USES } = createRequire(import.meta.url)(config);

/** Runs dependency-cruiser's CLI with the repository's rules; answers its JSON result. */
async function cruise(cwd, targets) {
  const args = [cli, '--config', config, '--output-type', 'json', ...targets];
  const { stdout } = await run(process.execPath, args, { cwd, maxBuffer: 64 * 1024 * 1024 });
  const result = JSON.parse(stdout);
  // A cruise that read nothing (no parser for the files) would pass every rule.
  if (result.summary.totalCruised <= 20) {
    throw new Error(`only ${result.summary.totalCruised} modules read in ${targets.join(' ')}`);
  }
  return result;
}

const violationsOf = (result) =>
  result.summary.violations.map((v) => {
    const via = v.cycle?.length ? ` (cycle: ${v.cycle.map((c) => c.name ?? c).join(' → ')})` : '';
    return `${v.rule.name}: ${v.from} → ${v.to}${via}`;
  });

async function* walk(dir) {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(full);
    else yield full;
  }
}

// `import type … from 'x'` and `export type … from 'x'`: erased by the transform, kept here
// as `import 'x'` so that a type reaching past a feature's index.ts counts like a value.
const TYPE_ONLY = /\b(?:import|export)\s+type\s+[^;'"]*?\bfrom\s*(['"])([^'"]+)\1/g;

/**
 * The web app's files, JSX and types stripped, in a scratch tree: dependency-cruiser's swc
 * parser reads TypeScript but not TSX. Value imports are kept (verbatimModuleSyntax), type-only
 * ones become bare imports, and the `@/` alias becomes a relative path, so the graph is the
 * source's.
 */
async function webScratchTree(out) {
  const src = path.join(root, 'web/src');
  for await (const file of walk(src)) {
    if (!/\.tsx?$/.test(file)) continue;
    const code = await readFile(file, 'utf8');
    const typeOnly = [...code.matchAll(TYPE_ONLY)].map((m) => `import ${m[1]}${m[2]}${m[1]};`);
    const { code: js } = await transform(code, {
      loader: file.endsWith('x') ? 'tsx' : 'ts',
      jsx: 'automatic',
      tsconfigRaw: { compilerOptions: { verbatimModuleSyntax: true } },
    });
    const fromDir = path.dirname(file);
    const aliased = `${js}\n${typeOnly.join('\n')}\n`.replace(
      /(from\s*|import\s*\(?\s*)(["'])@\/([^"']+)\2/g,
      (_m, pre, q, spec) => {
        const target = path.relative(fromDir, path.join(src, spec));
        return `${pre}${q}${target.startsWith('.') ? target : `./${target}`}${q}`;
      },
    );
    const dest = path.join(out, path.relative(root, file));
    await mkdir(path.dirname(dest), { recursive: true });
    await writeFile(dest, aliased);
  }
  await writeFile(path.join(out, 'tsconfig.json'), '{}');
}

/** Cycles among folders (strongly connected components of more than one), sorted. */
function folderCycles(edges) {
  const index = new Map();
  const low = new Map();
  const stack = [];
  const cycles = [];
  const visit = (node) => {
    index.set(node, index.size);
    low.set(node, index.get(node));
    stack.push(node);
    for (const next of edges.get(node) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node), low.get(next)));
      } else if (stack.includes(next)) low.set(node, Math.min(low.get(node), index.get(next)));
    }
    if (low.get(node) !== index.get(node)) return;
    const component = [];
    let member;
    do {
      member = stack.pop();
      component.push(member);
    } while (member !== node);
    if (component.length > 1) cycles.push(component.sort().join(' ↔ '));
  };
  for (const node of edges.keys()) if (!index.has(node)) visit(node);
  return cycles;
}

/** The server's folders as one graph: auth/ and each features/<f>/ (tests aside). */
const serverFolderOf = (file) =>
  file.match(/^server\/src\/(auth)\//)?.[1] ?? file.match(/^server\/src\/features\/([^/]+)\//)?.[1];

/**
 * The web's feature folders as one graph (tests aside; a screen loaded on demand counts: a
 * cycle through import() is still two features that cannot be understood apart).
 */
const webFolderOf = (file) => file.match(/^web\/src\/features\/([^/]+)\//)?.[1];

function folderEdges(result, folderOf) {
  const edges = new Map();
  for (const module of result.modules) {
    const from = folderOf(module.source);
    if (!from || /\.test\.tsx?$/.test(module.source)) continue;
    for (const dependency of module.dependencies) {
      const to = folderOf(dependency.resolved);
      if (!to || to === from) continue;
      if (!edges.has(from)) edges.set(from, new Set());
      edges.get(from).add(to);
    }
  }
  return edges;
}

const started = Date.now();
const failures = [];

const listed = new Map(Object.entries(FEATURE_USES).map(([f, uses]) => [f, new Set(uses)]));
for (const cycle of folderCycles(listed)) failures.push(`FEATURE_USES has a cycle: ${cycle}`);

const server = await cruise(root, ['server/src', 'shared']);
failures.push(...violationsOf(server));
for (const cycle of folderCycles(folderEdges(server, serverFolderOf))) {
  failures.push(`no-circular (folders): ${cycle}`);
}

const scratch = await mkdtemp(path.join(tmpdir(), 'ruche-arch-'));
try {
  await webScratchTree(scratch);
  const web = await cruise(scratch, ['web/src']);
  failures.push(...violationsOf(web));
  for (const cycle of folderCycles(folderEdges(web, webFolderOf))) {
    failures.push(`no-circular (web features): ${cycle}`);
  }
} finally {
  await rm(scratch, { recursive: true, force: true });
}

const seconds = ((Date.now() - started) / 1000).toFixed(1);
if (failures.length > 0) {
  console.error(`✖ ${failures.length} import(s) past a boundary (docs/architecture.md):`);
  for (const failure of failures) console.error(`  ${failure}`);
  process.exit(1);
}
console.log(`✔ import boundaries hold: server, shared and web (${seconds} s)`);
