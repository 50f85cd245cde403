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
import { PUBLIC_PAGES } from './public-pages.ts';

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
 * The channel view's chunk (docs/performance-log.md, "2026-12-06, the channel view in one
 * chunk"): every module the signed-in shell and the home screen import, statically, all the
 * way down, is bundled in one file — what nearly every visit loads (app/preload.ts) — instead
 * of the eighty-odd small shared chunks the automatic splitting makes of them (a chunk for each
 * set of screens that share a module: an icon, a button), each a request and a module of its
 * own to the browser, and each compressed alone. Left out: what the entry and the app's router
 * load before (they stay theirs), and what the public pages import — sign-in, an invitation, a
 * guest joining a room, a deleted account, a page not found — so that a visitor signed out
 * never loads the signed-in code. Other signed-in screens load it with the shell they sit in.
 */
const CHANNEL_VIEW_ROOTS = ['src/app/signed-in-shell.tsx', 'src/app/home-page.tsx'];
const NOT_CHANNEL_VIEW_ROOTS = {
  /** Loaded before the channel view: where they are. */
  before: ['src/main.tsx', 'src/app/app.tsx'],
  /**
   * The public pages, visited signed out (what they load on demand in turn — nothing for a
   * guest's room — imports nothing of the channel view's chunk: checked on the build).
   */
  public: PUBLIC_PAGES,
};
const channelViewModules = new Set<string>();
/** `export { a, b as c } from './x'` in a feature's index.ts. */
const EXPORT_FROM = /export\s*\{([^}]*)\}\s*from\s*['"](\.[^'"]+)['"]/g;
/** `import { a, b as c } from '@/features/x'` (types are gone from the transformed code). */
const IMPORT_FEATURE = /(?:import|export)\s*\{([^}]*)\}\s*from\s*['"]@\/features\/([^'"/]+)['"]/g;
const channelViewChunk: Plugin = {
  name: 'ruche:channel-view-chunk',
  apply: 'build',
  buildEnd() {
    channelViewModules.clear();
    const ids = [...this.getModuleIds()];
    const root = (suffix: string) => {
      const id = ids.find((candidate) => candidate.endsWith(path.join(here, suffix)));
      if (!id) throw new Error(`web/vite.config.ts: ${suffix} is not in the build`);
      return id;
    };
    // A feature's index.ts names what it offers: an importer takes the modules behind the
    // names it imports, not the others (tree-shaken away, or loaded on demand elsewhere).
    const behind = (index: string, names: Set<string> | 'all') => {
      const info = this.getModuleInfo(index);
      const wanted = new Set<string>();
      for (const [, list = '', from = ''] of (info?.code ?? '').matchAll(EXPORT_FROM)) {
        const offered = list.split(',').map((name) =>
          name
            .trim()
            .split(/\s+as\s+/)
            .at(-1),
        );
        if (names !== 'all' && !offered.some((name) => name && names.has(name))) continue;
        const file = path.resolve(path.dirname(index), from);
        for (const id of info?.importedIds ?? []) {
          if (id === file || id.startsWith(`${file}.`)) wanted.add(id);
        }
      }
      return wanted;
    };
    const closure = (roots: readonly string[]) => {
      const seen = new Set<string>();
      const visit = (id: string) => {
        if (seen.has(id)) return;
        seen.add(id);
        const info = this.getModuleInfo(id);
        const imports = new Map<string, Set<string>>();
        for (const [, list = '', feature = ''] of (info?.code ?? '').matchAll(IMPORT_FEATURE)) {
          const names = imports.get(feature) ?? new Set<string>();
          for (const name of list.split(',')) names.add(name.trim().split(/\s+as\s+/)[0] ?? '');
          imports.set(feature, names);
        }
        for (const next of info?.importedIds ?? []) {
          if (!FEATURE_INDEX.test(next)) {
            visit(next);
            continue;
          }
          seen.add(next);
          const feature = next.match(/features[\\/]([^\\/]+)[\\/]index\.ts$/)?.[1] ?? '';
          for (const source of behind(next, imports.get(feature) ?? 'all')) {
            visit(source);
          }
        }
      };
      for (const id of roots) visit(root(id));
      return seen;
    };
    const elsewhere = new Set([
      ...closure(NOT_CHANNEL_VIEW_ROOTS.before),
      ...closure(NOT_CHANNEL_VIEW_ROOTS.public),
    ]);
    for (const id of closure(CHANNEL_VIEW_ROOTS)) {
      // What is also loaded with import() (the roots themselves) keeps a chunk of its own:
      // grouped, rolldown 1.2's chunk for it names an export it does not define.
      if (elsewhere.has(id) || this.getModuleInfo(id)?.dynamicImporters.length) continue;
      channelViewModules.add(id);
    }
  },
};

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
    channelViewChunk,
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
      output: {
        codeSplitting: {
          groups: [
            {
              name: 'channel-view',
              test: (id) => channelViewModules.has(id),
              // Its modules only: what they import from the entry's or the router's chunks
              // stays there (channelViewChunk leaves those out).
              includeDependenciesRecursively: false,
            },
          ],
        },
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
