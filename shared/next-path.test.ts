import { describe, expect, it } from 'vitest';
import { safeNextPath } from './next-path';

describe('safeNextPath', () => {
  it('keeps the paths of this site, query included', () => {
    for (const path of ['/', '/channel/abc', '/join-channel/AB12?x=1', '/settings#sécurité']) {
      expect(safeNextPath(path)).toBe(path);
    }
  });

  it('refuses what could lead elsewhere or loop back to sign-in', () => {
    for (const value of [
      'https://evil.example/',
      '//evil.example/x',
      '/\\evil.example',
      'javascript:alert(1)',
      'channel/abc',
      '/a\nb',
      '/a\tb',
      '/login',
      '/login?next=/',
      '/api/logout',
      `/${'a'.repeat(2000)}`,
      '',
      undefined,
      42,
    ]) {
      expect(safeNextPath(value)).toBeUndefined();
    }
  });
});
