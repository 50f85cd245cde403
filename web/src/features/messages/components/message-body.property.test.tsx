import fc from 'fast-check';
import { createInstance } from 'i18next';
import { renderToString } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { MESSAGE_CONTENT_MAX } from '#shared/limits';
import fr from '../../../locales/fr.json';
import { MessageBody } from './message-body';

/**
 * Any member's message reaches every reader of the channel: whatever it holds, the real
 * `MessageBody` renders it without throwing (docs/security.md, "Hostile content": one
 * `![x](http://[)` used to unmount the whole app for everyone who opened the channel).
 * Rendered on the server (the web test project has no DOM): the same components, and the
 * page address read through lib/safe-url.ts, which tolerates there being no page.
 */
const i18n = createInstance();
void i18n.init({
  resources: { fr: { translation: fr } },
  lng: 'fr',
  initAsync: false,
  interpolation: { escapeValue: false },
});

const render = (content: string) =>
  renderToString(
    <I18nextProvider i18n={i18n}>
      <MessageBody content={content} mentions={[]} />
    </I18nextProvider>,
  );

/** The addresses of the report (issue 42): none of them parses as a URL. */
const UNPARSABLE = [
  'http://[',
  'http://a b',
  'https://a%zz/',
  'https://xn--/x',
  'http://1.2.3.4.5/',
];

/** An address as markdown writes it: `<…>` keeps spaces inside a destination. */
const destination = (address: string) => (address.includes(' ') ? `<${address}>` : address);

const SCHEMES = [
  'http://',
  'https://',
  '//',
  'javascript:',
  'JaVaScRiPt:',
  'data:text/html,',
  'vbscript:',
  'mailto:',
  'irc://',
  'xmpp:',
  'ftp://',
  'file:///',
  'h\ttp://',
  '',
];
const HOST_PARTS = [
  '[',
  ']',
  '[::1]',
  '[::1',
  ' ',
  '%',
  '%zz',
  '%00',
  '%5B',
  'xn--',
  'xn--a',
  'xn--ls8h',
  'xn--zz-',
  '1.2.3.4.5',
  '256.0.0.1',
  '0x7f.1',
  '999999999999',
  'a',
  'exemple.fr',
  '@',
  ':',
  ':99999',
  '..',
  '/',
  '\\',
  '?',
  '#',
  'é',
  '\u200b',
  '\u202e',
  'alert(1)',
  '(',
  ')',
];
const hostileAddress = fc
  .tuple(
    fc.constantFrom(...SCHEMES),
    fc.array(fc.constantFrom(...HOST_PARTS), { minLength: 0, maxLength: 6 }),
    fc.constantFrom('', '/', '/x', '/api/logout', '/../api/logout', '?q=%zz', '#%'),
  )
  .map(([scheme, parts, path]) => scheme + parts.join('') + path);

/** The ways a message carries an address: image, link, autolink, bare, reference. */
const addressForm = fc
  .tuple(
    fc.oneof(hostileAddress, fc.constantFrom(...UNPARSABLE)),
    fc.constantFrom<(address: string) => string>(
      (a) => `![x](${destination(a)})`,
      (a) => `[lien](${destination(a)})`,
      (a) => `<${a}>`,
      (a) => a,
      (a) => `![x][r]\n\n[r]: ${destination(a)}`,
      (a) => `[![x](${destination(a)})](${destination(a)})`,
    ),
  )
  .map(([address, form]) => form(address));

const INVISIBLE = ['\u200b', '\u200c', '\u200d', '\u2060', '\ufeff', '\u200e', '\u200f'];
const BIDI = [
  '\u202a',
  '\u202b',
  '\u202c',
  '\u202d',
  '\u202e',
  '\u2066',
  '\u2067',
  '\u2068',
  '\u2069',
  '\u061c',
];
const UNCLOSED = [
  '**',
  '*',
  '_',
  '~~',
  '`',
  '```',
  '[',
  '![',
  '](',
  '<',
  '<http:',
  '|',
  '> ',
  '- ',
  '1. ',
  '\\',
  '&',
  '&#',
  '&#x110000;',
  '<!--',
  '<script>',
  '$$',
];

const fragment = fc.oneof(
  addressForm,
  fc.constantFrom(...INVISIBLE, ...BIDI, ...UNCLOSED),
  fc.string({ maxLength: 12 }),
  fc.string({ unit: 'binary', maxLength: 8 }),
);
const mixedBody = fc
  .array(fc.tuple(fragment, fc.constantFrom('', ' ', '\n', '\n\n')), { maxLength: 12 })
  .map((pieces) => pieces.map(([text, separator]) => text + separator).join(''));

/** What a member can post (shared/limits.ts): a longer body never reaches a reader. */
const postable = (content: string) => content.slice(0, MESSAGE_CONTENT_MAX);

/** `- - - x` and `> > x` nest one level per marker: 100 and more deep within the limit. */
const deepNesting = fc
  .tuple(
    fc.integer({ min: 100, max: 160 }),
    fc.constantFrom('> ', '- ', '1. ', '> - ', '* 1. > '),
    fragment,
  )
  .map(([depth, marker, text]) => postable(`${marker.repeat(depth)}${text}`));

const hugeTable = fc
  .tuple(fc.integer({ min: 1, max: 60 }), fc.integer({ min: 20, max: 200 }), fragment)
  .map(([columns, rows, cell]) => {
    const row = (text: string) => `| ${Array.from({ length: columns }, () => text).join(' | ')} |`;
    const separator = `|${' --- |'.repeat(columns)}`;
    return postable(
      [row('titre'), separator, ...Array.from({ length: rows }, () => row(cell))].join('\n'),
    );
  });

const expectRenders = (content: string) => {
  expect(() => render(content), JSON.stringify(content)).not.toThrow();
};

describe('MessageBody renders whatever a member writes', () => {
  it.each(UNPARSABLE)('shows %s as text, neither image nor link, in every form', (address) => {
    const forms = [`![x](${destination(address)})`, `[lien](${destination(address)})`];
    // With a space, `<…>` and a bare address are not one address (GFM links `http://a` alone).
    if (!address.includes(' ')) forms.push(`<${address}>`, `avant ${address} après`);
    for (const content of forms) {
      const html = render(content);
      expect(html, content).not.toMatch(/<img|<a |rel="preload"/);
    }
    // The image's address stays readable, as markdown normalised it (`[` → `%5B`).
    const shown = address.replace('[', '%5B').replace(' ', '%20');
    expect(render(`![x](${destination(address)})`)).toContain(shown);
  });

  it('renders thousands of hostile bodies without throwing', () => {
    fc.assert(
      fc.property(mixedBody, (content) => expectRenders(content)),
      { numRuns: 2000 },
    );
  }, 120_000);

  it('renders quotes and lists 100 and more deep', () => {
    fc.assert(
      fc.property(deepNesting, (content) => expectRenders(content)),
      { numRuns: 12 },
    );
  }, 120_000);

  it('renders huge tables', () => {
    fc.assert(
      fc.property(hugeTable, (content) => expectRenders(content)),
      { numRuns: 6 },
    );
  }, 120_000);
});
