import { describe, expect, it } from 'vitest';
import { decodePunycode } from './punycode';
import { pageUrl, parseUrl, validHost } from './safe-url';

describe('parseUrl', () => {
  it.each(['http://[', 'http://a%20b', 'https://a%zz/', 'https://xn--/x', 'http://1.2.3.4.5/', ''])(
    'is null, without throwing, for %j',
    (address) => {
      expect(parseUrl(address)).toBeNull();
    },
  );

  it('keeps a `%` outside the host, and in the opaque host of other schemes', () => {
    expect(parseUrl('https://exemple.fr/a%20b?q=%zz')?.pathname).toBe('/a%20b');
    expect(parseUrl('irc://a%20b/')?.protocol).toBe('irc:');
  });

  it('resolves against a base', () => {
    expect(parseUrl('../api/logout', 'https://ruche.example.test/channel/1')?.href).toBe(
      'https://ruche.example.test/api/logout',
    );
    expect(parseUrl('/x', 'about:blank')).toBeNull();
  });
});

// Node's parser already refuses these; Chromium's keeps them as hosts, hence validHost (the
// rule in a browser: e2e/specs/hostile-messages.spec.ts).
describe('validHost', () => {
  it.each(['a%20b', 'xn--', 'a.xn--', 'xn--a', 'xn--ab!'])('refuses %j', (host) => {
    expect(validHost(host)).toBe(false);
  });

  it.each(['exemple.fr', 'xn--ls8h', 'xn--caf-dma.fr', 'XN--CAF-DMA.fr', '1.0.0.2', '[::1]'])(
    'keeps %j',
    (host) => {
      expect(validHost(host)).toBe(true);
    },
  );
});

describe('decodePunycode', () => {
  it('decodes RFC 3492 labels, and refuses what is not one', () => {
    expect(decodePunycode('caf-dma')).toBe('café');
    expect(decodePunycode('ls8h')).toBe('💩');
    expect(decodePunycode('-> $1.00 <--')).toBe('-> $1.00 <-');
    expect(decodePunycode('')).toBe('');
    expect(decodePunycode('é-a')).toBeNull();
    expect(decodePunycode('9')).toBeNull();
    expect(decodePunycode('zzzzzzzzzzzzzzzzzzzzzzzzzz')).toBeNull();
  });
});

describe('pageUrl', () => {
  it('stands in a host that cannot exist where there is no page (server rendering, tests)', () => {
    expect(globalThis.location).toBeUndefined();
    expect(pageUrl().host).toBe('page.invalid');
  });
});
