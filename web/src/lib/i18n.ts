import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import fr from '../locales/fr.json';

/** SPEC §2: right-to-left reading for these languages. */
const RTL_LANGUAGES = new Set(['ar', 'he', 'fa', 'ur', 'ps']);
export const textDirection = (language: string): 'rtl' | 'ltr' =>
  RTL_LANGUAGES.has(language.split('-')[0] ?? '') ? 'rtl' : 'ltr';

function applyLanguage(language: string): void {
  document.documentElement.lang = language;
  document.documentElement.dir = textDirection(language);
}

// SPEC §1: the interface language is fixed to French; one catalogue.
void i18n.use(initReactI18next).init({
  resources: { fr: { translation: fr } },
  lng: 'fr',
  fallbackLng: 'fr',
  supportedLngs: ['fr'],
  interpolation: { escapeValue: false },
  returnNull: false,
});
i18n.on('languageChanged', applyLanguage);
applyLanguage(i18n.language);

export default i18n;
