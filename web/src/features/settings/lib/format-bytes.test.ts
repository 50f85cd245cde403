import { describe, expect, it } from 'vitest';
import { formatBytes } from './format-bytes';

// Intl puts a no-break space between the number and its unit.
const spaced = (text: string) => text.replace(/\s/g, ' ');

describe('formatBytes', () => {
  it.each([
    [0, '0 o'],
    [1000, '1 000 o'],
    [1536, '1,5 ko'],
    [12.3 * 1024 ** 2, '12,3 Mo'],
    [1024 ** 3, '1 Go'],
    [1.25 * 1024 ** 4, '1,3 To'],
  ])('writes %d bytes as %s', (bytes, text) => {
    expect(spaced(formatBytes(bytes))).toBe(text);
  });
});
