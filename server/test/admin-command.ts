import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { inject } from 'vitest';
import type { TestStoreHandle } from './stores';

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, '../..');

/**
 * `npm run admin -- <args>` on `store`, as an administrator types it (the node stopped):
 * the command run by node itself from the run's bundle of the server (global-setup.ts), the
 * same code as `server/src/admin.ts` without tsx's start on every command.
 */
export function adminCommand(
  store: TestStoreHandle,
  args: string[],
  env: Record<string, string> = {},
): { command: string; args: string[]; options: { cwd: string; env: NodeJS.ProcessEnv } } {
  return {
    command: process.execPath,
    args: [path.join(inject('rucheTemplates').serverBundle, 'admin.js'), ...args],
    options: {
      cwd: root,
      env: {
        ...process.env,
        DATA_DIR: store.dataDir,
        LOG_LEVEL: 'silent',
        ...(store.databaseUrl ? { DATABASE_URL: store.databaseUrl } : {}),
        ...env,
      },
    },
  };
}

/** Run `npm run admin -- <args>` on `store` to its end: its output, or a rejection with its exit code. */
export function runAdmin(store: TestStoreHandle, args: string[], env: Record<string, string> = {}) {
  const { command, args: argv, options } = adminCommand(store, args, env);
  return run(command, argv, options);
}
