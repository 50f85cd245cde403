// Bundle the server (and the embedded store's worker and the admin command) into dist/server;
// npm packages stay external (scripts/server-bundle.mjs).
import { rm } from 'node:fs/promises';
import { bundleServer } from './server-bundle.mjs';

await rm('dist/server', { recursive: true, force: true });
await bundleServer('dist/server');
