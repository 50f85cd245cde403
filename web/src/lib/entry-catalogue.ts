import sections from 'virtual:catalogue/fr?keys=common,landing';

/**
 * The catalogue's text for the entry's screens (the landing page, the page loader): only its
 * `common` and `landing` sections (web/catalogue-slice.ts), read without i18next, so that the
 * landing page's first load stays within its budget (bundle-budget.test.ts); i18next and the
 * whole catalogue load with the app. Same keys and `{{name}}` interpolation as i18next;
 * docs/product.md §1: the interface is French only.
 */
export function translate(key: string, values: Record<string, string | number> = {}): string {
  let node: unknown = sections;
  for (const part of key.split('.')) {
    node = node && typeof node === 'object' ? (node as Record<string, unknown>)[part] : undefined;
  }
  if (typeof node !== 'string') return key;
  return node.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => String(values[name] ?? ''));
}
