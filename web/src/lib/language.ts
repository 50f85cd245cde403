/** docs/product.md §2: right-to-left reading for these languages. */
const RTL_LANGUAGES = new Set(['ar', 'he', 'fa', 'ur', 'ps']);

export const textDirection = (language: string): 'rtl' | 'ltr' =>
  RTL_LANGUAGES.has(language.split('-')[0] ?? '') ? 'rtl' : 'ltr';

/** The page's `lang` and `dir`, set before the first paint and on every language change. */
export function applyDocumentLanguage(language: string): void {
  document.documentElement.lang = language;
  document.documentElement.dir = textDirection(language);
}
