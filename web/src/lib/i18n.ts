// The texts the signed-in channel view paints with (its shell, sidebar, header, messages,
// composer): loaded with the app. The rest of the catalogue (settings, console, calendar…)
// loads right after, in parallel with the shell's chunks (`catalogueLoaded` below), so that
// it is not part of the view's first load (bundle-budget.test.ts checks that it names them
// all). The list is locales/first-load.keys.json; `?except=` is what `?keys=` leaves out
// (web/catalogue-slice.ts).
import core from 'virtual:catalogue/fr?keys=@first-load';
import i18n, { type FormatterModule } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { applyDocumentLanguage } from './language';

const numbers = new Intl.NumberFormat('fr-FR');

/**
 * Every number a text shows reads the French way, through Intl (issue 45, item 7):
 * "1 234 / 4 000", "3,5". A year is a name, not a quantity: "© 2026".
 */
export function formatInterpolated<T>(value: T, key: string | undefined): T | string {
  return typeof value === 'number' && key !== 'year' ? numbers.format(value) : value;
}

/** Replaces i18next's own formatter: the catalogue writes no `{{x, format}}` of its own. */
const frenchNumbers: FormatterModule = {
  type: 'formatter',
  init: () => undefined,
  add: () => undefined,
  addCached: () => undefined,
  format: (value, _format, _lng, options) => formatInterpolated(value, options?.interpolationkey),
};

// docs/product.md §1: the interface language is fixed to French; one catalogue.
void i18n
  .use(initReactI18next)
  .use(frenchNumbers)
  .init({
    resources: { fr: { translation: core } },
    lng: 'fr',
    fallbackLng: 'fr',
    supportedLngs: ['fr'],
    interpolation: { escapeValue: false, alwaysFormat: true },
    returnNull: false,
    // A text of the rest that is asked for before it arrives shows once it has (re-render).
    react: { bindI18nStore: 'added' },
  });

/**
 * Resolves once the whole catalogue is in i18next. Screens that are not the channel view load
 * with it (router.tsx: `withCatalogue`), so that none shows a key in place of its text.
 */
export const catalogueLoaded: Promise<void> = import(
  'virtual:catalogue/fr?except=@first-load'
).then(({ default: rest }) => {
  i18n.addResourceBundle('fr', 'translation', rest, true, false);
});

/** A lazy screen's loader that resolves once the screen's chunk and the whole catalogue are in. */
export function withCatalogue<T>(load: () => Promise<T>): () => Promise<T> {
  return () => Promise.all([load(), catalogueLoaded]).then(([module]) => module);
}

i18n.on('languageChanged', applyDocumentLanguage);
applyDocumentLanguage(i18n.language);

export default i18n;
