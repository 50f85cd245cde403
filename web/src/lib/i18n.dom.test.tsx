import i18n from 'i18next';
import { describe, expect, it } from 'vitest';
import { translate } from './entry-catalogue';
import './i18n';

// Intl's French grouping space is U+202F (or U+00A0, by ICU version): compared as a space.
const spaced = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

describe('numbers in the catalogue’s texts (issue 45, item 7)', () => {
  it('read the French way, through Intl', () => {
    expect(spaced(i18n.t('common.charCount', { count: 1234, max: 4000 }))).toBe('1 234 / 4 000');
    expect(spaced(i18n.t('settings.admin.topUserUsage', { used: '3 Mo', count: 1500 }))).toContain(
      '1 500',
    );
  });

  it('leave a year as it is written, as the landing page does', () => {
    expect(i18n.t('landing.footer', { year: 2026 })).toBe(
      translate('landing.footer', { year: 2026 }),
    );
    expect(i18n.t('landing.footer', { year: 2026 })).toContain('2026');
  });
});
