// The Capacitor app (docs/mobile.md), run with `node --import tsx` (npm run mobile:build|sync):
//   scripts/mobile.mjs build   the web app for the shell, into dist/mobile
//   scripts/mobile.mjs sync    that build, the server's link host written into android/ and
//                              ios/ (scripts/native-links.ts), then `cap sync`
// VITE_SERVER_ORIGIN names the Ruche server the app talks to (https://, or http:// on loopback);
// RUCHE_MOBILE_OUT builds elsewhere than dist/mobile (the e2e test, e2e/specs/mobile-app.spec.ts).
import { spawnSync } from 'node:child_process';
import { readdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';
import { appLinkHost, iosEntitlements, withAndroidAppLinks } from './native-links.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const MOBILE_OUT = path.resolve(process.env.RUCHE_MOBILE_OUT ?? path.join(root, 'dist/mobile'));

/** The server's origin, checked: an exact origin, https unless on this machine. */
function serverOrigin(value) {
  let url;
  try {
    url = new URL(value ?? '');
  } catch {
    throw new Error(
      'VITE_SERVER_ORIGIN est requis : l’origine du serveur Ruche, par exemple https://ruche.example.fr',
    );
  }
  const loopback = ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname);
  if (url.origin !== value.replace(/\/$/, '') || url.pathname !== '/') {
    throw new Error(`VITE_SERVER_ORIGIN doit être une origine sans chemin : ${value}`);
  }
  if (url.protocol !== 'https:' && !(loopback && url.protocol === 'http:')) {
    throw new Error(
      `VITE_SERVER_ORIGIN doit être en https:// (http:// en boucle locale seulement) : ${value}`,
    );
  }
  return url.origin;
}

async function buildMobileWeb(origin) {
  process.env.VITE_SERVER_ORIGIN = serverOrigin(origin);
  await build({
    configFile: path.join(root, 'web/vite.config.ts'),
    logLevel: 'warn',
    build: { outDir: MOBILE_OUT, emptyOutDir: true },
  });
  // The server's precompressed copies are of no use inside the app: out of the package.
  for (const entry of await readdir(MOBILE_OUT, { recursive: true })) {
    if (/\.(br|gz)$/.test(entry)) await rm(path.join(MOBILE_OUT, entry));
  }
}

/** The server's links opened by the app (docs/mobile.md, "Links"): its host, if https. */
async function writeAppLinks(origin) {
  const host = appLinkHost(origin);
  const manifest = path.join(root, 'android/app/src/main/AndroidManifest.xml');
  await writeFile(manifest, withAndroidAppLinks(await readFile(manifest, 'utf8'), host));
  await writeFile(path.join(root, 'ios/App/App/App.entitlements'), iosEntitlements(host));
  console.log(
    host
      ? `liens https://${host}/… déclarés dans android/ et ios/`
      : 'aucun lien déclaré (serveur hors https)',
  );
}

const command = process.argv[2];
if (command !== 'build' && command !== 'sync') {
  console.error('usage: node scripts/mobile.mjs build|sync');
  process.exit(2);
}
try {
  await buildMobileWeb(process.env.VITE_SERVER_ORIGIN);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
console.log(`${path.relative(root, MOBILE_OUT)} built for ${process.env.VITE_SERVER_ORIGIN}`);
if (command === 'sync') {
  await writeAppLinks(process.env.VITE_SERVER_ORIGIN);
  const result = spawnSync('npx', ['cap', 'sync'], { cwd: root, stdio: 'inherit' });
  process.exit(result.status ?? 1);
}
