// Bundle the server (and the embedded store's worker) into dist/server; npm packages stay external.
import { cp, rm } from 'node:fs/promises';
import { build } from 'esbuild';

await rm('dist/server', { recursive: true, force: true });
await build({
  entryPoints: {
    main: 'server/src/main.ts',
    'embedded-worker': 'server/src/db/embedded-worker.ts',
    // `node dist/server/admin.js <command>`: npm run admin where tsx is not installed (the image).
    admin: 'server/src/admin.ts',
  },
  outdir: 'dist/server',
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
});
await cp('server/src/db/migrations', 'dist/server/migrations', { recursive: true });
