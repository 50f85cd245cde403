// Shared by bench/search/seed.mjs and run.mjs: the store named on the command line, the two
// readers, and the probe words whose frequency the seed controls.
import path from 'node:path';
import { parseArgs } from 'node:util';
import { repoRoot } from '../lib/servers.mjs';

export const READERS = {
  few: { email: 'lecteur20@bench.test', channels: 20 },
  all: { email: 'lecteur200@bench.test', channels: 200 },
};
export const PASSWORD = 'mot-de-passe-du-banc-d-essai';
export const SECRET = 'bench-search-secret-0123456789abcdefghijklmnop';

/** The probe words and how often the seed puts them in a message. */
export const PROBES = {
  rare: { word: 'ornithorynque', every: 100_000 },
  medium: { word: 'budget', share: 0.01 },
  common: { word: 'réunion', share: 0.3 },
};

export function options(extra = {}) {
  const { values } = parseArgs({
    options: {
      store: { type: 'string', default: 'postgres' },
      'database-url': { type: 'string', default: 'postgres://postgres@127.0.0.1:5432/postgres' },
      name: { type: 'string', default: 'ruche_search_bench' },
      'data-dir': { type: 'string', default: path.join(repoRoot, 'bench/.tmp/search-embedded') },
      help: { type: 'boolean', default: false },
      ...extra,
    },
  });
  if (!['postgres', 'embedded'].includes(values.store)) {
    throw new Error(`--store postgres|embedded, not ${values.store}`);
  }
  return values;
}

export const databaseUrlOf = (base, name) => {
  const u = new URL(base);
  u.pathname = `/${name}`;
  return u.toString();
};

export const log = (...parts) => process.stderr.write(`${parts.join(' ')}\n`);
