// The server bundled for Node: main.js, the embedded store's worker and the admin command,
// npm packages left to node_modules, the SQL migrations beside them. `npm run build` writes
// it to dist/server; the test suite writes one per run (server/test/global-setup.ts), so that
// its servers' workers and its `npm run admin` commands start without tsx.
import { cp } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const source = (file) => fileURLToPath(new URL(`../server/src/${file}`, import.meta.url));

/** Bundle the server into `outdir` (made if missing, its files replaced). */
export async function bundleServer(outdir, { sourcemap = true } = {}) {
  await build({
    entryPoints: {
      main: source('main.ts'),
      'embedded-worker': source('db/embedded-worker.ts'),
      // `node dist/server/admin.js <command>`: npm run admin where tsx is not installed (the image).
      admin: source('admin.ts'),
    },
    outdir,
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: 'esm',
    packages: 'external',
    sourcemap,
    logLevel: 'warning',
  });
  await cp(source('db/migrations'), `${outdir}/migrations`, { recursive: true });
}
