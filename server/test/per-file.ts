import { afterAll, vi } from 'vitest';

/**
 * Server test files share their worker's modules and process (vitest.config.ts): after each
 * file, what a test may have left changed in the process is put back for the next file.
 * Vitest itself restores spies (vi.restoreAllMocks) between files.
 */
afterAll(() => {
  vi.useRealTimers();
  vi.unstubAllEnvs();
  vi.unstubAllGlobals();
});
