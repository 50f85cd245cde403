import { describe, expect, it } from 'vitest';
import { remoteImageHost, safeMessageUrl } from './message-body';

const page = new URL('https://ruche.example.test/channel/42');

describe('safeMessageUrl', () => {
  it.each([
    '/api/logout',
    '../api/logout',
    'api/../../api/logout',
    'https://ruche.example.test/api/channels',
    '/API/../api/logout',
  ])('drops an image pointing at our own API: %s', (src) => {
    expect(safeMessageUrl(src, 'src', page)).toBe('');
  });

  it('keeps file downloads, other images and links', () => {
    expect(safeMessageUrl('/api/files/7/download', 'src', page)).toBe('/api/files/7/download');
    expect(safeMessageUrl('https://images.example.test/a.png', 'src', page)).toBe(
      'https://images.example.test/a.png',
    );
    expect(safeMessageUrl('/api/logout', 'href', page)).toBe('/api/logout');
  });

  it('keeps the default scheme rule', () => {
    expect(safeMessageUrl('javascript:alert(1)', 'href', page)).toBe('');
    expect(safeMessageUrl('javascript:alert(1)', 'src', page)).toBe('');
  });
});

describe('remoteImageHost', () => {
  it('names the host of an image served elsewhere, `//host` included', () => {
    expect(remoteImageHost('https://images.example.test/a.png', page)).toBe('images.example.test');
    expect(remoteImageHost('//tracker.example.test/p.gif', page)).toBe('tracker.example.test');
    expect(remoteImageHost('http://ruche.example.test/x.png', page)).toBe('ruche.example.test');
  });

  it('is null for Ruche’s own images', () => {
    expect(remoteImageHost('/api/files/7/download', page)).toBeNull();
    expect(remoteImageHost('https://ruche.example.test/api/files/7/thumbnail', page)).toBeNull();
  });
});
