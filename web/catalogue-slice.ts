import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';

const PREFIX = 'virtual:catalogue/';

type Catalogue = Record<string, unknown>;
const isCatalogue = (value: unknown): value is Catalogue =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The catalogue's texts at these paths (`section` or `section.sub.key`, with its plural and
 * context forms), nothing else.
 */
function only(catalogue: Catalogue, paths: string[]): Catalogue {
  const out: Catalogue = {};
  for (const dotted of paths) {
    const parts = dotted.split('.');
    const leaf = parts[parts.length - 1] as string;
    let from: unknown = catalogue;
    for (const part of parts.slice(0, -1)) from = isCatalogue(from) ? from[part] : undefined;
    if (!isCatalogue(from)) continue;
    let to = out;
    for (const part of parts.slice(0, -1)) {
      if (!isCatalogue(to[part])) to[part] = {};
      to = to[part] as Catalogue;
    }
    // The key and its plural and context forms (`memberCount_one`, `memberCount_other`).
    for (const [name, value] of Object.entries(from)) {
      if (name === leaf || name.startsWith(`${leaf}_`)) to[name] = value;
    }
  }
  return out;
}

/** The catalogue without the texts at these paths: what `only` with the same paths leaves out. */
function without(catalogue: Catalogue, paths: string[]): Catalogue {
  const out = structuredClone(catalogue);
  for (const dotted of paths) {
    const parts = dotted.split('.');
    let node: unknown = out;
    for (const part of parts.slice(0, -1)) node = isCatalogue(node) ? node[part] : undefined;
    if (!isCatalogue(node)) continue;
    const leaf = parts[parts.length - 1] as string;
    for (const name of Object.keys(node)) {
      if (name === leaf || name.startsWith(`${leaf}_`)) delete node[name];
    }
  }
  return out;
}

/**
 * `import sections from 'virtual:catalogue/fr?keys=common,landing'`: those top-level sections
 * of web/src/locales/fr.json, and nothing else (a key may be a path: `kanban.message`);
 * `?except=` the same list gives everything else; `?keys=@first-load` reads the list from
 * locales/first-load.keys.json. The landing page's entry needs a few
 * strings of the one catalogue; importing the whole file would put all of it (5 KB gzipped)
 * in the first load (bundle-budget.test.ts).
 */
export function catalogueSlice(localesDir: string): Plugin {
  return {
    name: 'ruche-catalogue-slice',
    resolveId: (id) => (id.startsWith(PREFIX) ? `\0${id}` : null),
    load(id) {
      if (!id.startsWith(`\0${PREFIX}`)) return null;
      const [language = '', query = ''] = id.slice(PREFIX.length + 1).split('?');
      const file = path.join(localesDir, `${path.basename(language)}.json`);
      this.addWatchFile(file);
      const catalogue = JSON.parse(readFileSync(file, 'utf8')) as Catalogue;
      const params = new URLSearchParams(query);
      // `@name`: the list in locales/name.keys.json (a JSON array of paths).
      const list = (value: string) => {
        if (!value.startsWith('@')) return value.split(',');
        const listFile = path.join(localesDir, `${path.basename(value.slice(1))}.keys.json`);
        this.addWatchFile(listFile);
        return JSON.parse(readFileSync(listFile, 'utf8')) as string[];
      };
      const except = params.get('except');
      const sections = except
        ? without(catalogue, list(except))
        : only(catalogue, list(params.get('keys') ?? ''));
      return `export default ${JSON.stringify(sections)};`;
    },
  };
}
