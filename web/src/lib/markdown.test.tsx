import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { defaultUrlTransform, renderMarkdown } from './markdown';

/** The markup, without the `<link rel="preload">` React's server rendering adds for an image. */
const html = (markdown: string, options: Parameters<typeof renderMarkdown>[1] = {}) =>
  renderToStaticMarkup(renderMarkdown(markdown, options)).replace(/<link rel="preload"[^>]*>/g, '');

const Shout = ({ children }: { children?: ReactNode }) => <b>{children}!</b>;

describe('renderMarkdown writes GFM as React elements', () => {
  it('writes the elements GFM has, one block per line', () => {
    expect(html('# Titre\n\ntexte *en* **gras** ~~barré~~ `code`')).toBe(
      '<h1>Titre</h1>\n<p>texte <em>en</em> <strong>gras</strong> <del>barré</del> <code>code</code></p>',
    );
    expect(html('```js\nconst a = 1;\n```')).toBe(
      '<pre><code class="language-js">const a = 1;\n</code></pre>',
    );
    // A code span is one line.
    expect(html('`a\nb`')).toBe('<p><code>a b</code></p>');
  });

  it('unwraps the paragraphs of a tight list, not of a loose one; tasks get a disabled box', () => {
    expect(html('- a\n- b\n  - c')).toBe(
      '<ul>\n<li>a</li>\n<li>b\n<ul>\n<li>c</li>\n</ul>\n</li>\n</ul>',
    );
    expect(html('- un\n\n- deux')).toBe(
      '<ul>\n<li>\n<p>un</p>\n</li>\n<li>\n<p>deux</p>\n</li>\n</ul>',
    );
    expect(html('3. trois\n4. quatre')).toBe(
      '<ol start="3">\n<li>trois</li>\n<li>quatre</li>\n</ol>',
    );
    expect(html('- [ ] à faire\n- [x] fait')).toBe(
      '<ul class="contains-task-list">\n' +
        '<li class="task-list-item"><input type="checkbox" disabled=""/> à faire</li>\n' +
        '<li class="task-list-item"><input type="checkbox" disabled="" checked=""/> fait</li>\n</ul>',
    );
  });

  it('writes tables with their alignment, and no text between rows', () => {
    expect(html('| a | b |\n|:--|--:|\n| 1 | 2 |')).toBe(
      '<table><thead><tr><th style="text-align:left">a</th><th style="text-align:right">b</th></tr></thead>' +
        '<tbody><tr><td style="text-align:left">1</td><td style="text-align:right">2</td></tr></tbody></table>',
    );
  });

  it('shows raw HTML as typed, never as elements', () => {
    expect(html('<b>gras</b> <script>alert(1)</script>')).toBe(
      '<p>&lt;b&gt;gras&lt;/b&gt; &lt;script&gt;alert(1)&lt;/script&gt;</p>',
    );
  });

  it('resolves references, and passes every address through the rule', () => {
    expect(html('[lien][r] ![image][r]\n\n[r]: https://exemple.fr/a "T"')).toBe(
      '<p><a href="https://exemple.fr/a" title="T">lien</a> <img src="https://exemple.fr/a" alt="image" title="T"/></p>',
    );
    // Encoded as GFM writes it, then the default rule: no `javascript:`.
    expect(html('[x](javascript:alert(1)) [y](<http://a b>)')).toBe(
      '<p><a href="">x</a> <a href="http://a%20b">y</a></p>',
    );
    const seen: string[] = [];
    html('[a](/x) ![b](/y)', {
      urlTransform: (url, key) => {
        seen.push(`${key} ${url}`);
        return '';
      },
    });
    expect(seen).toEqual(['href /x', 'src /y']);
  });

  it('keeps a footnote where it was written, and drops one nothing refers to', () => {
    expect(html('note[^1]\n\n[^1]: la note\n\n[^2]: seule')).toBe(
      '<p>note<sup>[1]</sup></p>\n<div><sup>[1]</sup> la note</div>',
    );
  });

  it("renders a plugin's nodes as the element, properties and children it names", () => {
    const plugin = (tree: { children: Array<{ children?: unknown[] }> }) => {
      tree.children[0]?.children?.push({
        type: 'chip',
        data: {
          hName: 'span',
          hProperties: { className: ['a', 'b'], dataUserId: 'u1' },
          hChildren: [{ type: 'text', value: '@Alice' }],
        },
      });
    };
    expect(html('Salut ', { plugins: [plugin] })).toBe(
      '<p>Salut<span class="a b" data-user-id="u1">@Alice</span></p>',
    );
    expect(html('*oui*', { components: { em: Shout } })).toBe('<p><b>oui!</b></p>');
  });
});

describe('defaultUrlTransform', () => {
  it.each([
    ['https://a.fr', 'https://a.fr'],
    ['mailto:a@b.fr', 'mailto:a@b.fr'],
    ['/relative:colon', '/relative:colon'],
    ['?q=a:b', '?q=a:b'],
    ['#x:y', '#x:y'],
    ['JaVaScRiPt:alert(1)', ''],
    ['data:text/html,x', ''],
    ['vbscript:x', ''],
  ])('%s → %s', (url, expected) => {
    expect(defaultUrlTransform(url)).toBe(expected);
  });
});
