import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';

const PREFIX = 'virtual:catalogue/';

/**
 * `import sections from 'virtual:catalogue/fr?keys=common,landing'`: those top-level sections
 * of web/src/locales/fr.json, and nothing else. The landing page's entry needs a few
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
      const catalogue = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
      const keys = new URLSearchParams(query).get('keys')?.split(',') ?? [];
      const sections = Object.fromEntries(keys.map((key) => [key, catalogue[key]]));
      return `export default ${JSON.stringify(sections)};`;
    },
  };
}
