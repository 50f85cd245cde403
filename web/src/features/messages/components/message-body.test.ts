import { describe, expect, it } from 'vitest';
import { imageOrigin, safeMessageUrl } from './message-body';

const page = new URL('https://ruche.example.test/channel/42');

describe('safeMessageUrl', () => {
  it.each([
    '/api/logout',
    '../api/logout',
    'api/../../api/logout',
    'https://ruche.example.test/api/channels',
    '/API/../api/logout',
    // The browser keeps `%61` in the path; the server's router reads `/api/…`.
    '/%61pi/logout',
    '/%61%70%69/video-rooms/code/abc',
    'https://ruche.example.test/%61pi/logout',
    '/api/files/..%2Flogout',
    '/%61pi/%ZZ',
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

  it('drops an own image whose path does not decode', () => {
    expect(safeMessageUrl('/uploads/%E0%A4%A', 'src', page)).toBe('');
    expect(safeMessageUrl('/uploads/caf%C3%A9.png', 'src', page)).toBe('/uploads/caf%C3%A9.png');
  });

  it('keeps the default scheme rule', () => {
    expect(safeMessageUrl('javascript:alert(1)', 'href', page)).toBe('');
    expect(safeMessageUrl('javascript:alert(1)', 'src', page)).toBe('');
  });
});

describe('imageOrigin', () => {
  it('names the host of an image served elsewhere, `//host` included', () => {
    expect(imageOrigin('https://images.example.test/a.png', page)).toEqual({
      kind: 'remote',
      host: 'images.example.test',
    });
    expect(imageOrigin('//tracker.example.test/p.gif', page)).toEqual({
      kind: 'remote',
      host: 'tracker.example.test',
    });
    expect(imageOrigin('http://ruche.example.test/x.png', page)).toEqual({
      kind: 'remote',
      host: 'ruche.example.test',
    });
  });

  it('is own for Ruche’s images', () => {
    expect(imageOrigin('/api/files/7/download', page)).toEqual({ kind: 'own' });
    expect(imageOrigin('https://ruche.example.test/api/files/7/thumbnail', page)).toEqual({
      kind: 'own',
    });
  });

  it.each(['http://[', 'http://a%20b', 'https://a%zz/', 'https://xn--/x', 'http://1.2.3.4.5/'])(
    'is invalid, without throwing, for an address that does not parse: %s',
    (src) => {
      expect(imageOrigin(src, page)).toEqual({ kind: 'invalid' });
      expect(safeMessageUrl(src, 'src', page)).toBe(src);
    },
  );
});
