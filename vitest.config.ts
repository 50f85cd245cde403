import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import { catalogueSlice } from './web/catalogue-slice';

// The server suite runs twice: against PostgreSQL and against the embedded store (issue 2).
// `*.pg.test.ts` files need several server processes on one database (two nodes behind
// Redis): the embedded store belongs to one process by design, so they run on PostgreSQL.
const serverProject = (store: 'postgres' | 'embedded') => ({
  test: {
    name: `server-${store}`,
    include: ['server/src/**/*.test.ts', 'shared/**/*.test.ts'],
    exclude:
      store === 'embedded' ? ['**/*.pg.test.ts', '**/node_modules/**'] : ['**/node_modules/**'],
    environment: 'node',
    globalSetup: ['server/test/global-setup.ts'],
    env: { RUCHE_TEST_STORE: store },
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks' as const,
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
    // machine. The server files mostly wait (on the store, Redis, timers), so two workers
    // there took the unit/API run from 700–890 s to 522 s (docs/performance-log.md, "npm test").
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      serverProject('postgres'),
      serverProject('embedded'),
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
