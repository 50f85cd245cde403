import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, minify, type Plugin, type Rollup, transformWithOxc } from 'vite';
import { compression } from 'vite-plugin-compression2';
import { VitePWA } from 'vite-plugin-pwa';
import { catalogueSlice } from './catalogue-slice.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
/** A web feature's public face: web/src/features/<x>/index.ts. */
const FEATURE_INDEX = /[\\/]src[\\/]features[\\/][^\\/]+[\\/]index\.ts$/;
/**
 * The build's chunks, kept for `modulePreload.resolveDependencies` below (Vite resolves the
 * preload lists while writing the bundle, after this plugin's `generateBundle` has run).
 */
let bundle: Rollup.OutputBundle = {};
const keepBundle: Plugin = {
  name: 'ruche:keep-bundle',
  apply: 'build',
  generateBundle: {
    order: 'pre',
    handler(_options, output) {
      bundle = output;
    },
  },
};

/** A chunk's static imports, all the way down: loaded and run before the chunk runs. */
function staticClosure(fileName: string): Set<string> {
  const seen = new Set<string>();
  const visit = (file: string) => {
    const chunk = bundle[file];
    if (seen.has(file) || chunk?.type !== 'chunk') return;
    seen.add(file);
    for (const imported of chunk.imports) visit(imported);
  };
  visit(fileName);
  return seen;
}

/**
 * web/boot/last-screen.ts, the script that paints the last screen before the app has loaded
 * (docs/product.md §2.34): a classic script in the head, named by its hash like the chunks
 * (cached for good, precached by the service worker). Not in the phone app's build, whose
 * worker keeps no shell.
 */
function lastScreenScript(): Plugin {
  let fileName = '';
  return {
    name: 'ruche:last-screen',
    apply: 'build',
    async buildStart() {
      if (process.env.VITE_SERVER_ORIGIN) return;
      const file = path.join(here, 'boot/last-screen.ts');
      const { code } = await transformWithOxc(readFileSync(file, 'utf8'), file, { lang: 'ts' });
      const { code: source } = await minify(file.replace(/\.ts$/, '.js'), code);
      // A classic script: one `import` or `export` (a type imported leaves `export {}`) and
      // the browser refuses the whole of it.
      if (/(^|[;})])\s*(import|export)\b/m.test(source)) {
        throw new Error('web/boot/last-screen.ts must import and export nothing');
      }
      const hash = createHash('sha256').update(source).digest('base64url').slice(0, 8);
      fileName = `assets/last-screen-${hash}.js`;
      this.emitFile({ type: 'asset', fileName, source });
    },
    transformIndexHtml(html) {
      if (!fileName) return;
      // Right after the skeleton's markup, which it reads, and before the stylesheet and the
      // app's chunks: its request for the user leaves before they are asked for.
      const end = '</template>';
      if (!html.includes(end)) throw new Error('web/index.html has no #shell-skeleton template');
      return html.replace(end, `${end}\n    <script src="/${fileName}"></script>`);
    },
  };
}

const apiTarget = `http://127.0.0.1:${process.env.RUCHE_API_PORT ?? '3001'}`;

export default defineConfig({
  root: here,
  plugins: [
    react(),
    tailwindcss(),
    catalogueSlice(path.join(here, 'src/locales')),
    keepBundle,
    lastScreenScript(),
    // The service worker (web/sw/sw.ts): push, and the app shell precached per build
    // (docs/product.md §2.34, « Hors connexion »). The mobile app's pages are in its package:
    // its worker keeps no shell.
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'sw',
      filename: 'sw.ts',
      injectRegister: false,
      manifest: false,
      injectManifest: {
        globPatterns: process.env.VITE_SERVER_ORIGIN
          ? []
          : ['index.html', 'assets/*.{js,css}', 'favicon.svg', 'manifest.webmanifest'],
        // Hashed names: the name is the version.
        dontCacheBustURLsMatching: /^assets\//,
        maximumFileSizeToCacheInBytes: 4 * 1024 * 1024,
      },
    }),
    // Brotli and gzip copies of every asset worth it, made once at build: the server sends
    // the one the browser accepts without compressing per request (docs/performance-log.md,
    // "Compression").
    compression({ algorithms: ['brotliCompress', 'gzip'], threshold: 1024 }),
  ],
  resolve: { alias: { '@': path.join(here, 'src') } },
  build: {
    outDir: path.join(here, '../dist/web'),
    emptyOutDir: true,
    // The server serves every file of dist/web: no source maps there (nor references to
    // them) in production. The manifest lets bundle-budget.test.ts follow what each page
    // loads up front.
    sourcemap: false,
    manifest: true,
    // A dynamic import preloads the chunks it needs in parallel (Vite's __vite__mapDeps lists),
    // except those its importer imports statically: they are loaded already when the import
    // runs. Vite lists them all the same; dropping them changes no request and makes every
    // importer lighter, the entry first (bundle-budget.test.ts).
    modulePreload: {
      polyfill: false,
      resolveDependencies: (_file, deps, { hostId, hostType }) => {
        if (hostType !== 'js') return deps;
        const loaded = staticClosure(hostId);
        return deps.filter((dep) => !loaded.has(dep));
      },
    },
    rolldownOptions: {
      // A feature's index.ts only re-exports (docs/architecture.md, "Web"): importing one name
      // from it must not bring along the other modules it names (a form's zod schemas, a
      // screen), as a package's `"sideEffects": false` does for its own barrel. The modules
      // themselves keep the default analysis.
      treeshake: {
        moduleSideEffects: (id) => (FEATURE_INDEX.test(id) ? false : undefined),
      },
    },
  },
  server: {
    port: 3000,
    proxy: {
      '/api': { target: apiTarget, changeOrigin: false },
      '/ws': { target: apiTarget, ws: true },
    },
  },
});
