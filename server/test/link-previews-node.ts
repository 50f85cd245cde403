/**
 * The server for the link previews' end-to-end spec (e2e/specs/link-previews.spec.ts): main.ts's
 * start, from the sources under tsx, with the one thing no environment variable can give —
 * the fetcher's test network (config.linkPreviews.network): `site.test` resolves to a public
 * address, served on this machine by the spec's loopback site on RUCHE_TEST_PREVIEW_SITE_PORT.
 * Loopback itself stays refused. Never part of the built server.
 */
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { openDatabase } from '../src/db/client';
import { runMigrations } from '../src/db/migrate';
import { PUBLIC_ADDRESS, testNetwork } from './link-preview-site';

const sitePort = Number(process.env.RUCHE_TEST_PREVIEW_SITE_PORT);
if (!sitePort) throw new Error('RUCHE_TEST_PREVIEW_SITE_PORT: the test site’s port');

const loaded = loadConfig();
const network = testNetwork({ 'site.test': () => [PUBLIC_ADDRESS] }, {});
const config = {
  ...loaded,
  linkPreviews: {
    ...loaded.linkPreviews,
    network: {
      resolve: network.resolve,
      route: (address: string, port: number) =>
        address === PUBLIC_ADDRESS ? { address: '127.0.0.1', port: sitePort } : { address, port },
    },
  },
};
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
await runMigrations(database);
const app = await buildApp({ config, database });
const stop = async () => {
  await app.close();
  await database.close();
  process.exit(0);
};
process.on('SIGTERM', () => void stop());
process.on('SIGINT', () => void stop());
await app.listen({ port: config.port, host: config.host });
