import { readdirSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { defineConfig } from 'vitest/config';
import { catalogueSlice } from './web/catalogue-slice.ts';

// The server suite runs twice: against PostgreSQL and against the embedded store (issue 2).
// `*.pg.test.ts` files need several server processes on one database (two nodes behind
// Redis): the embedded store belongs to one process by design, so they run on PostgreSQL.
//
// Server files share their worker's modules (`isolate: false`): each file imports the whole
// app, about 1.8 s of CPU when a file had a module registry of its own (docs/performance-log.md,
// "`npm test`"). What a file changes in the process is undone after it
// (server/test/per-file.ts); a file that replaces modules (vi.mock and the like) cannot
// share them, and runs in the store's `-isolated` project, found by reading the files.
const serverTests = ['server/src', 'shared'].flatMap((dir) =>
  readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.test.ts'))
    .map((file) => path.join(dir, file)),
);
const REPLACES_MODULES = /\bvi\s*\.\s*(mock|doMock|unmock|doUnmock|resetModules|importMock)\s*[(<]/;
const needIsolation = serverTests.filter((file) =>
  REPLACES_MODULES.test(readFileSync(file, 'utf8')),
);

const serverProject = (store: 'postgres' | 'embedded', isolated: boolean) => ({
  test: {
    name: `server-${store}${isolated ? '-isolated' : ''}`,
    include: isolated ? needIsolation : ['server/src/**/*.test.ts', 'shared/**/*.test.ts'],
    exclude: [
      '**/node_modules/**',
      ...(store === 'embedded' ? ['**/*.pg.test.ts'] : []),
      ...(isolated ? [] : needIsolation),
    ],
    environment: 'node',
    globalSetup: ['server/test/global-setup.ts'],
    setupFiles: ['server/test/per-file.ts'],
    env: { RUCHE_TEST_STORE: store },
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks' as const,
    isolate: isolated,
  },
});

// How the web app's modules resolve in tests: its `@/` alias (web/vite.config.ts) and the
// landing page's slice of the catalogue (web/catalogue-slice.ts).
const webModules = {
  resolve: { alias: { '@': new URL('./web/src', import.meta.url).pathname } },
  plugins: [catalogueSlice(new URL('./web/src/locales', import.meta.url).pathname)],
};

export default defineConfig({
  test: {
    // Vitest's default is one worker per core but one: a single worker on the 2-core CI
    // machine. The server files wait (on the store, Redis, timers, the processes they start),
    // so two workers there took the unit/API run from 700–890 s to 522 s, and three, with the
    // cores 80 % busy at two, from 722 to 612 s for the same CPU (1,155 and 1,132 s;
    // docs/performance-log.md, "npm test" and "2026-12-03, a third Vitest worker").
    maxWorkers: Math.max(3, availableParallelism() - 1),
    projects: [
      serverProject('postgres', false),
      serverProject('embedded', false),
      serverProject('postgres', true),
      serverProject('embedded', true),
      {
        ...webModules,
        test: {
          name: 'web',
          include: ['web/src/**/*.test.{ts,tsx}', 'scripts/**/*.test.ts'],
          exclude: ['web/src/**/*.dom.test.tsx', '**/node_modules/**'],
          environment: 'node',
        },
      },
      {
        // Components rendered in jsdom and driven as a user would (Testing Library), with the
        // real French catalogue and the API stubbed at fetch (web/src/test/setup-dom.ts).
        ...webModules,
        test: {
          name: 'web-dom',
          include: ['web/src/**/*.dom.test.tsx'],
          environment: 'jsdom',
          setupFiles: ['web/src/test/setup-dom.ts'],
          // A file's first render loads React, Radix and the catalogue: seconds on a busy
          // 2-core machine, where the default 5 s timed out.
          testTimeout: 20_000,
        },
      },
    ],
  },
});
