import i18n, { type FormatterModule } from 'i18next';
import { initReactI18next } from 'react-i18next';
import fr from '../locales/fr.json';
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
    resources: { fr: { translation: fr } },
    lng: 'fr',
    fallbackLng: 'fr',
    supportedLngs: ['fr'],
    interpolation: { escapeValue: false, alwaysFormat: true },
    returnNull: false,
  });
i18n.on('languageChanged', applyDocumentLanguage);
applyDocumentLanguage(i18n.language);

export default i18n;
