import i18n from 'i18next';
import { describe, expect, it } from 'vitest';
import fr from '../locales/fr.json';
import { translate } from './entry-catalogue';

describe('translate (the entry catalogue)', () => {
  it('reads the same text as i18next, interpolation included', async () => {
    const instance = i18n.createInstance();
    await instance.init({
      resources: { fr: { translation: fr } },
      lng: 'fr',
      interpolation: { escapeValue: false },
    });
    for (const key of [
      'landing.hero.titleLine1',
      'landing.features.search.title',
      'common.loading',
    ]) {
      expect(translate(key)).toBe(instance.t(key));
    }
    expect(translate('landing.footer', { year: 2026 })).toBe(
      instance.t('landing.footer', { year: 2026 }),
    );
  });

  it('answers the key itself when the catalogue lacks it', () => {
    expect(translate('landing.nope')).toBe('landing.nope');
  });
});
