#!/usr/bin/env node
// The least JavaScript a channel view can load with the web stack docs/architecture.md names
// (React 19, TanStack Query, i18next, micromark with GFM, react-virtuoso, wouter,
// date-fns, lucide-react, Radix, tailwind-merge): a page that uses each once and nothing of
// Ruche's own, built by Vite for production and gzipped. Then the same without each library,
// to show what each costs. Not a test; `node bench/diag/bundle-floor.mjs`.
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { build } from 'vite';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
// Inside the repository, so that the imports resolve from its node_modules.
const work = path.join(repoRoot, 'bench/.build/bundle-floor');

/** Each library: its imports and what the page renders with it. */
const parts = {
  // What the app reads markdown with (shared/markdown.ts; react-markdown until
  // 2026-12-04): the tree only, its React elements are the app's own code.
  'micromark + GFM (mdast)': {
    imports:
      "import { fromMarkdown } from 'mdast-util-from-markdown';\nimport { gfmFromMarkdown } from 'mdast-util-gfm';\nimport { gfm } from 'micromark-extension-gfm';",
    body: "<pre>{JSON.stringify(fromMarkdown('**gras** ~~barré~~ https://x.fr', { extensions: [gfm()], mdastExtensions: [gfmFromMarkdown()] }))}</pre>",
  },
  'react-virtuoso': {
    imports: "import { Virtuoso } from 'react-virtuoso';",
    body: '<Virtuoso data={[1, 2]} itemContent={(_, n) => <div>{n}</div>} />',
  },
  'date-fns (fr)': {
    imports: "import { format } from 'date-fns';\nimport { fr } from 'date-fns/locale';",
    body: "<time>{format(new Date(), 'PPp', { locale: fr })}</time>",
  },
  'Radix (dialog, tooltip)': {
    imports:
      "import * as Dialog from '@radix-ui/react-dialog';\nimport * as Tooltip from '@radix-ui/react-tooltip';",
    body: '<Tooltip.Provider><Dialog.Root><Dialog.Trigger>a</Dialog.Trigger><Dialog.Portal><Dialog.Content>b</Dialog.Content></Dialog.Portal></Dialog.Root><Tooltip.Root><Tooltip.Trigger>c</Tooltip.Trigger><Tooltip.Content>d</Tooltip.Content></Tooltip.Root></Tooltip.Provider>',
  },
  'TanStack Query': {
    imports: "import { QueryClient, QueryClientProvider } from '@tanstack/react-query';",
    body: '<QueryClientProvider client={new QueryClient()}>q</QueryClientProvider>',
  },
  'i18next + react-i18next': {
    imports:
      "import i18n from 'i18next';\nimport { initReactI18next, I18nextProvider } from 'react-i18next';\ni18n.use(initReactI18next).init({ lng: 'fr', resources: {} });",
    body: '<I18nextProvider i18n={i18n}>i</I18nextProvider>',
  },
  wouter: {
    imports: "import { Route, Switch } from 'wouter';",
    body: '<Switch><Route path="/">r</Route></Switch>',
  },
  'lucide-react (3 icons)': {
    imports: "import { Hash, Send, Smile } from 'lucide-react';",
    body: '<><Hash /><Send /><Smile /></>',
  },
  'tailwind-merge': {
    imports: "import { twMerge } from 'tailwind-merge';",
    body: "<b className={twMerge('p-1', 'p-2')} />",
  },
};

function entry(without) {
  const used = Object.entries(parts).filter(([name]) => name !== without);
  return [
    "import { createRoot } from 'react-dom/client';",
    ...used.map(([, p]) => p.imports),
    `createRoot(document.getElementById('root')).render(<>${used.map(([, p]) => p.body).join('')}</>);`,
  ].join('\n');
}

async function weigh(without) {
  rmSync(work, { recursive: true, force: true });
  mkdirSync(work, { recursive: true });
  writeFileSync(path.join(work, 'entry.jsx'), entry(without));
  writeFileSync(
    path.join(work, 'index.html'),
    '<div id="root"></div><script type="module" src="./entry.jsx"></script>',
  );
  const outDir = path.join(work, 'dist');
  await build({ root: work, logLevel: 'error', plugins: [react()], build: { outDir } });
  const assets = path.join(outDir, 'assets');
  return readdirSync(assets)
    .filter((f) => f.endsWith('.js'))
    .reduce((sum, f) => sum + gzipSync(readFileSync(path.join(assets, f))).length, 0);
}

const kb = (bytes) => `${(bytes / 1000).toFixed(1)} KB`;
const all = await weigh(undefined);
console.log(`| page | JavaScript, gzipped |\n|---|---:|\n| all of the stack | ${kb(all)} |`);
for (const name of Object.keys(parts)) {
  const less = await weigh(name);
  console.log(`| without ${name} | ${kb(less)} (−${kb(all - less)}) |`);
}
rmSync(work, { recursive: true, force: true });
