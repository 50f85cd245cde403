/**
 * The docs the suite checks (docs/architecture.md): the map names every feature folder, the
 * README's "Ce qui fonctionne aujourd'hui" table has a row for each, nothing cites the product
 * specification that lives outside the repository (the rules are docs/product.md's), and every
 * npm script can run — the files it names exist, the `npm run` it calls are scripts. Reads
 * files only: no database, no server; it runs once, in the web project.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, lstatSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..');
const read = (file: string) => readFileSync(path.join(root, file), 'utf8');

const SIDES = ['server/src/features', 'web/src/features'] as const;
type Side = (typeof SIDES)[number];

/** A folder with a file somewhere inside: a move can leave an empty folder behind in a work tree. */
function holdsAFile(dir: string): boolean {
  return readdirSync(dir, { withFileTypes: true }).some((entry) =>
    entry.isDirectory() ? holdsAFile(path.join(dir, entry.name)) : true,
  );
}

/** The feature folders on disk, e.g. `channels`, `video-rooms`. */
function featureFolders(side: Side): string[] {
  const dir = path.join(root, side);
  return readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && holdsAFile(path.join(dir, entry.name)))
    .map((entry) => entry.name)
    .sort();
}

/**
 * The features the map names for one side: in the tree of docs/architecture.md, under the
 * side's root (`server/src/`, `web/src/`), the lines indented below its `features/<f>/` entry
 * that begin with folder names (`channels/`, or several on one line: `invites/ users/`).
 */
function mapFeatures(map: string, side: Side): string[] {
  const tree = /## The tree\s*\n```\n([\s\S]*?)\n```/.exec(map)?.[1];
  if (!tree) throw new Error('docs/architecture.md: no "## The tree" code block');
  const sideRoot = side.replace(/features$/, '');
  const names: string[] = [];
  let inSide = false;
  let inFeatures = false;
  for (const line of tree.split('\n')) {
    if (/^\S/.test(line)) {
      inSide = line.startsWith(sideRoot);
      inFeatures = false;
      continue;
    }
    if (!inSide) continue;
    if (/^ {2}\S/.test(line)) {
      inFeatures = line.startsWith('  features/<f>/');
      continue;
    }
    const folders = inFeatures ? /^ {4}((?:[a-z0-9-]+\/ ?)+)(?: {2,}|$)/.exec(line) : null;
    if (folders?.[1])
      names.push(
        ...folders[1]
          .trim()
          .split(' ')
          .map((n) => n.slice(0, -1)),
      );
  }
  return names.sort();
}

/** The README's table of what works today: each row's domain → what it says is available. */
function readmeRows(readme: string): Map<string, string> {
  const section = /## Ce qui fonctionne aujourd'hui\n([\s\S]*?)\n## /.exec(readme)?.[1];
  if (!section) throw new Error("README.md: no « Ce qui fonctionne aujourd'hui » section");
  const rows = new Map<string, string>();
  for (const line of section.split('\n')) {
    const cells = /^\|([^|]+)\|(.+)\|\s*$/.exec(line);
    if (!cells?.[1] || !cells[2] || /^-+$/.test(cells[1].trim())) continue;
    rows.set(cells[1].trim(), cells[2].trim());
  }
  rows.delete('Domaine');
  return rows;
}

/**
 * Each feature folder (server, web, or both) → the README row that tells a reader it exists,
 * and words of that row that name it. A new feature folder fails the test until it has its
 * entry here and its words in the README.
 */
const FEATURE_ROWS: Record<string, { row: string; says: string }> = {
  auth: { row: 'Comptes', says: 'inscription et connexion' },
  landing: { row: 'Comptes', says: "page d'accueil" },
  settings: { row: 'Réglages', says: "nom d'affichage" },
  channels: { row: 'Canaux', says: 'canaux publics' },
  invites: { row: 'Canaux', says: "codes et liens d'invitation" },
  switcher: { row: 'Canaux', says: 'sélecteur rapide' },
  messages: { row: 'Messages', says: 'markdown' },
  typing: { row: 'Messages', says: 'indicateur de saisie' },
  users: { row: 'Messages', says: 'présence' },
  files: { row: 'Fichiers', says: 'pièces jointes' },
  search: { row: 'Recherche', says: 'messages et fichiers' },
  notifications: { row: 'Notifications', says: 'cloche' },
  digest: { row: 'Notifications', says: 'e-mail récapitulatif' },
  boards: { row: 'Tableaux', says: 'kanban' },
  friends: { row: 'Amis', says: 'demandes' },
  calendar: { row: 'Agenda', says: 'événements' },
  calls: { row: 'Appels', says: 'appel vidéo 1:1' },
  voice: { row: 'Appels', says: 'canaux vocaux' },
  'video-rooms': { row: 'Appels', says: 'salles vidéo' },
  sfu: { row: 'Appels', says: 'Janus' },
  pins: { row: 'Messages', says: 'épinglés' },
  emoji: { row: 'Messages', says: 'émojis personnalisés' },
  'user-groups': { row: 'Messages', says: "groupes d'utilisateurs" },
  'link-previews': { row: 'Messages', says: 'aperçus de liens' },
  reminders: { row: 'Rappels', says: 'envois programmés' },
  'my-day': { row: 'Ma journée', says: 'ma journée' },
  disconnect: { row: 'Droit à la déconnexion', says: 'heures de travail' },
  admin: { row: 'Administration', says: 'utilisateurs' },
  'admin-channels': { row: 'Administration', says: 'canaux' },
  audit: { row: 'Administration', says: "journal d'audit" },
  privacy: { row: 'Données personnelles', says: 'export de ses données' },
};

/** What a feature folder lacks in the README; empty when its row says it. */
function readmeGaps(features: string[], rows: Map<string, string>): string[] {
  const gaps: string[] = [];
  for (const feature of features) {
    const entry = FEATURE_ROWS[feature];
    if (!entry) {
      gaps.push(
        `${feature}: no entry in FEATURE_ROWS (scripts/docs.test.ts) naming its README row`,
      );
      continue;
    }
    const text = rows.get(entry.row);
    if (text === undefined) gaps.push(`${feature}: the README has no « ${entry.row} » row`);
    else if (!text.toLowerCase().includes(entry.says.toLowerCase()))
      gaps.push(`${feature}: the README's « ${entry.row} » row does not say « ${entry.says} »`);
  }
  return gaps;
}

describe('the map and the README name every feature', () => {
  const map = read('docs/architecture.md');

  for (const side of SIDES) {
    it(`docs/architecture.md names each folder of ${side}/, and only those`, () => {
      const onDisk = featureFolders(side);
      const onMap = mapFeatures(map, side);
      expect(onDisk.length).toBeGreaterThan(5);
      expect({
        missingFromTheMap: onDisk.filter((f) => !onMap.includes(f)),
        onTheMapWithoutAFolder: onMap.filter((f) => !onDisk.includes(f)),
      }).toEqual({ missingFromTheMap: [], onTheMapWithoutAFolder: [] });
    });
  }

  it('the README table has the row of every feature folder', () => {
    const features = [...new Set(SIDES.flatMap((side) => featureFolders(side)))].sort();
    expect(readmeGaps(features, readmeRows(read('README.md')))).toEqual([]);
    // An entry for a feature that is gone would let its row go stale unnoticed.
    expect(Object.keys(FEATURE_ROWS).filter((f) => !features.includes(f))).toEqual([]);
  });
});

/** The repository's files as git sees them: tracked, plus new ones not ignored (never node_modules or dist). */
function repositoryFiles(): string[] {
  const args = ['ls-files', '-z', '--cached', '--others', '--exclude-standard'];
  const out = execFileSync('git', args, { cwd: root, maxBuffer: 64 * 1024 * 1024 });
  // Regular files only: a deleted file git still lists, or a symlink (a linked node_modules).
  const isFile = (file: string) => {
    const full = path.join(root, file);
    return existsSync(full) && lstatSync(full).isFile();
  };
  return out
    .toString('utf8')
    .split('\0')
    .filter((file) => file && isFile(file));
}

const BINARY =
  /\.(png|jpe?g|gif|webp|ico|icns|jar|keystore|jks|woff2?|ttf|otf|mp3|mp4|wasm|gz|br|zip|pdf)$/i;
/** Written apart so that this file does not match itself. */
const SPEC_CITATION = new RegExp(`\\bSPEC(?: ${'§'}|\\.md\\b)`);

/** Every `file:line: text` that cites the specification kept outside the repository. */
function specCitations(files: string[]): string[] {
  const found: string[] = [];
  for (const file of files) {
    if (BINARY.test(file)) continue;
    const text = read(file);
    if (text.includes('\0') || !SPEC_CITATION.test(text)) continue;
    text.split('\n').forEach((line, i) => {
      if (SPEC_CITATION.test(line)) found.push(`${file}:${i + 1}: ${line.trim()}`);
    });
  }
  return found;
}

describe('citations', () => {
  it('nothing cites the specification outside the repository: the rules are docs/product.md §N', () => {
    const files = repositoryFiles();
    expect(files.length).toBeGreaterThan(100);
    expect(specCitations(files)).toEqual([]);
  });
});

const PACKAGE = JSON.parse(read('package.json')) as { scripts: Record<string, string> };
/** Options whose next word is a file the command reads. */
const FILE_OPTIONS = new Set(['--config', '-c', '-p', '--project']);
/** Node options whose next word is a module (a package, or a file when it has a slash). */
const NODE_VALUE_OPTIONS = new Set(['--import', '--require', '-r', '--loader']);

/** Whether a command (the first word of a script's step) can be found here. */
function commandExists(command: string): boolean {
  if (['node', 'npm', 'npx'].includes(command)) return true;
  if (command.includes('/')) return existsSync(path.join(root, command));
  return existsSync(path.join(root, 'node_modules/.bin', command));
}

/** What stops one script from running: missing commands, files and `npm run` targets. */
function scriptProblems(name: string, command: string, scripts: Record<string, string>) {
  const exists = (file: string) => existsSync(path.join(root, file));
  const problems: string[] = [];
  for (const step of command.split(/&&|\|\||;|\|/)) {
    const words = step.trim().split(/\s+/).filter(Boolean);
    while (words[0] && /^[A-Z_][A-Z0-9_]*=/.test(words[0])) words.shift();
    // npx runs an installed package's command: check that command.
    if (words[0] === 'npx') words.shift();
    const [program, ...args] = words;
    if (!program) continue;
    if (!commandExists(program)) problems.push(`${name}: « ${program} » is not installed`);
    if (program === 'npm' && (args[0] === 'run' || args[0] === 'run-script')) {
      const target = args.slice(1).find((word) => !word.startsWith('-'));
      if (!target || !(target in scripts))
        problems.push(`${name}: « npm run ${target ?? ''} » is no script`);
    }
    // The first file a runner is given is its entry point (node x.mjs, tsx x.ts).
    const runsAFile = program === 'node' || program === 'tsx';
    let entrySeen = false;
    for (let i = 0; i < args.length; i += 1) {
      const word = args[i] ?? '';
      const next = args[i + 1];
      if (runsAFile && NODE_VALUE_OPTIONS.has(word)) {
        if (next?.includes('/') && !exists(next)) problems.push(`${name}: ${next} does not exist`);
        i += 1;
      } else if (FILE_OPTIONS.has(word) && next) {
        if (!exists(next)) problems.push(`${name}: ${next} does not exist`);
        i += 1;
      } else if (runsAFile && !entrySeen && !word.startsWith('-')) {
        entrySeen = true;
        if (!exists(word)) problems.push(`${name}: ${word} does not exist`);
      } else if (/^[\w./-]+\.(m?js|cjs|ts|json)$/.test(word) && !exists(word)) {
        problems.push(`${name}: ${word} does not exist`);
      }
    }
  }
  return problems;
}

/** Every `npm run x` a text names (`npm run --silent x` too); a trailing colon is prose. */
function npmRunTargets(text: string): string[] {
  return [...text.matchAll(/npm run (?:--silent )?([a-z0-9][a-z0-9:_-]*)/g)].map((m) =>
    (m[1] ?? '').replace(/:$/, ''),
  );
}

describe('npm scripts', () => {
  const { scripts } = PACKAGE;

  it('each script’s commands are installed, its files exist, and the scripts it runs exist', () => {
    expect(Object.keys(scripts).length).toBeGreaterThan(10);
    const problems = Object.entries(scripts).flatMap(([name, command]) =>
      scriptProblems(name, command, scripts),
    );
    expect(problems).toEqual([]);
  });

  it('the scripts’ own files, CI and the docs ask only for scripts that exist', () => {
    const sources = [
      ...readdirSync(path.join(root, 'scripts'))
        .filter((f) => f.endsWith('.mjs'))
        .map((f) => `scripts/${f}`),
      '.ci/run',
      'README.md',
      'bench/README.md',
      'e2e/README.md',
      ...readdirSync(path.join(root, 'docs')).map((f) => `docs/${f}`),
    ];
    const missing: string[] = [];
    for (const file of sources) {
      const text = read(file);
      // run('npm', ['run', '--silent', 'build']) in the scripts' own code.
      const called = [...text.matchAll(/\['run',\s*(?:'--silent',\s*)?'([^']+)'/g)].map(
        (m) => m[1],
      );
      for (const target of [...npmRunTargets(text), ...called]) {
        if (target && !(target in scripts)) missing.push(`${file}: npm run ${target}`);
      }
    }
    expect(missing).toEqual([]);
  });
});
