import { describe, expect, it } from 'vitest';
import { formatFileSize } from './files';

// Intl puts a no-break space (U+00A0 or U+202F, by ICU version) before the unit.
const spaced = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

describe('formatFileSize (issue 45, item 7)', () => {
  it.each([
    [0, '0 o'],
    [850, '850 o'],
    [147 * 1024, '147 ko'],
    [1.5 * 1024 ** 2, '1,5 Mo'],
    [10 * 1024 ** 2, '10 Mo'],
    [1024 ** 3, '1 Go'],
  ])('writes %d bytes the French way, through Intl: %s', (bytes, text) => {
    expect(spaced(formatFileSize(bytes))).toBe(text);
  });

  it('never breaks a line between the number and its unit', () => {
    expect(formatFileSize(147 * 1024)).not.toContain(' ');
  });
});
