import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminCommand } from '../../test/admin-command';
import { buildSlackExport } from '../../test/import-exports';
import { createTestStore, type TestStoreHandle } from '../../test/stores';

// The command killed (SIGKILL) while it writes, then run again: it finishes, nothing twice.
// PostgreSQL only: the test watches the store from its own process while the command runs.
let work: string;
let store: TestStoreHandle;
beforeAll(async () => {
  work = await mkdtemp(path.join(tmpdir(), 'ruche-import-kill-'));
  store = await createTestStore('postgres');
});
afterAll(async () => {
  await store?.drop();
  if (work) await rm(work, { recursive: true, force: true });
});

function importCommand(file: string) {
  // node itself (no wrapper): the process killed is the one writing.
  const { command, args, options } = adminCommand(store, ['import', 'slack', file], {
    DEFAULT_CHANNEL: '',
  });
  return spawn(command, args, { ...options, stdio: ['ignore', 'pipe', 'pipe'] });
}

describe('an import killed mid-way', () => {
  it('finishes when run again, with every message once', async () => {
    const extra = 5000;
    const file = path.join(work, 'slack.zip');
    await buildSlackExport(file, { existingEmail: 'alice@ruche.test', extra, extraChannels: 1 });
    const sql = postgres(store.databaseUrl!, { max: 1, onnotice: () => {} });
    try {
      // The workspace's administrator, who runs the import (write.ts refuses without one).
      await sql`insert into users (email, is_admin) values ('admin@ruche.test', true)`;
      const mapped = async () => {
        const [row] = await sql<{ n: string }[]>`
          select count(*) as n from import_map where kind = 'message'`.catch(() => [{ n: '0' }]);
        return Number(row?.n ?? 0);
      };
      const first = importCommand(file);
      const exited = once(first, 'exit');
      // Killed as soon as a first batch has committed.
      while ((await mapped()) === 0 && first.exitCode === null) {
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      first.kill('SIGKILL');
      const [, signal] = await exited;
      expect(signal).toBe('SIGKILL');
      const partial = await mapped();
      expect(partial).toBeGreaterThan(0);
      expect(partial).toBeLessThan(extra);
      const [messagesThen] = await sql<{ n: string }[]>`select count(*) as n from messages`;
      expect(Number(messagesThen!.n)).toBe(partial);

      const second = importCommand(file);
      let out = '';
      second.stdout.on('data', (chunk) => {
        out += chunk;
      });
      const [code] = await once(second, 'exit');
      expect(code, out).toBe(0);
      expect(out).toContain(
        `Messages : ${extra + 10 - partial} importé(s), ${partial} déjà importé(s).`,
      );
      const [after] = await sql<{ messages: string; keys: string; seqs: string }[]>`
        select count(*) as messages, (select count(distinct external_id) from import_map
          where kind = 'message') as keys, count(distinct (channel_id, seq)) as seqs from messages`;
      expect(after).toEqual({
        messages: String(extra + 10),
        keys: String(extra + 10),
        seqs: String(extra + 10),
      });
    } finally {
      await sql.end();
    }
  }, 240_000);
});
