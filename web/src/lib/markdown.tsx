import type { Nodes as MdastNodes, Parents as MdastParents, Root } from 'mdast';
import { normalizeUri } from 'micromark-util-sanitize-uri';
import { createElement, type ElementType, Fragment, type ReactNode } from 'react';
import { parseMarkdown } from '#shared/markdown';

/**
 * Messages' markdown to React elements (docs/product.md §1), never to HTML: micromark reads it
 * (GFM: shared/markdown.ts), the app's plugins change the tree (mentions, emoji,
 * highlights), and this module writes the elements.
 * It replaces react-markdown, whose markdown → HTML tree → React steps (mdast-util-to-hast,
 * hast-util-to-jsx-runtime, property-information) weighed 15 KB gzipped in the channel view's
 * first load (docs/performance.md, "First-load JavaScript"). The tree's elements are those
 * GFM's HTML has (a heading is `h1`…, a tight list item holds no `p`), and a plugin's node
 * says its own with `data.hName`, `hProperties` and `hChildren`, as for mdast-util-to-hast.
 * Raw HTML in a message is text; addresses go through `urlTransform` (href and src).
 */

/** A component per element name (`a`, `code`, a plugin's `custom-emoji`…); the rest are plain. */
// biome-ignore lint/suspicious/noExplicitAny: each element's props differ; callers type their own.
export type MarkdownComponents = Partial<Record<string, ElementType<any>>>;
export type UrlTransform = (url: string, key: 'href' | 'src') => string;
/**
 * Changes the tree before it is written: a plugin (`remarkMentions(…)` and the like). Each
 * types the tree as the few node fields it reads, and adds nodes mdast's types do not know
 * (`mention`, `custom-emoji`): mdast's `Root` is not assignable to those.
 */
// biome-ignore lint/suspicious/noExplicitAny: the plugins' own node types (above).
export type MarkdownPlugin = (tree: any) => void;

interface Element {
  type: 'element';
  tagName: string;
  properties: Record<string, unknown>;
  children: HNode[];
}
type HNode = Element | { type: 'text'; value: string };

/** What a plugin leaves on a node (mdast-util-to-hast's conventions). */
interface PluginData {
  hName?: string;
  hProperties?: Record<string, unknown>;
  hChildren?: HNode[];
}

const SAFE_SCHEME = /^(?:https?|ircs?|mailto|xmpp)$/i;

/**
 * An address kept as written when it has no scheme (relative, `//host`, `#x`) or one of
 * http(s), irc(s), mailto, xmpp; anything else (`javascript:`, `data:`) becomes "". A colon
 * after the first `/`, `?` or `#` is not a scheme's.
 */
export function defaultUrlTransform(url: string): string {
  const colon = url.indexOf(':');
  if (colon === -1) return url;
  for (const mark of ['/', '?', '#']) {
    const at = url.indexOf(mark);
    if (at !== -1 && at < colon) return url;
  }
  return SAFE_SCHEME.test(url.slice(0, colon)) ? url : '';
}

const text = (value: string): HNode => ({ type: 'text', value });
const element = (
  tagName: string,
  properties: Record<string, unknown>,
  children: HNode[],
): Element => ({ type: 'element', tagName, properties, children });

/** Blocks one per line, as in GFM's HTML (what the text reads as when copied). */
function lines(nodes: HNode[], around = false): HNode[] {
  const out: HNode[] = around ? [text('\n')] : [];
  nodes.forEach((node, index) => {
    if (index) out.push(text('\n'));
    out.push(node);
  });
  if (around && nodes.length) out.push(text('\n'));
  return out;
}

interface Definition {
  url: string;
  title?: string | null;
}

interface State {
  definitions: Map<string, Definition>;
  /** The footnotes the text refers to: a note nothing refers to is not shown. */
  referenced: Set<string>;
  urlTransform: UrlTransform;
}

/** An address as GFM's HTML writes it (`[` and spaces percent-encoded), then the caller's rule. */
const address = (state: State, url: string, key: 'href' | 'src') =>
  state.urlTransform(normalizeUri(url), key);

const definitionOf = (state: State, reference: { identifier: string }): Definition =>
  state.definitions.get(reference.identifier) ?? { url: '' };

function link(state: State, target: Definition, content: HNode[]): Element {
  const properties: Record<string, unknown> = { href: address(state, target.url, 'href') };
  if (target.title) properties.title = target.title;
  return element('a', properties, content);
}

function image(state: State, target: Definition, alt: string | null | undefined): Element {
  const properties: Record<string, unknown> = {
    src: address(state, target.url, 'src'),
    alt: alt ?? '',
  };
  if (target.title) properties.title = target.title;
  return element('img', properties, []);
}

const isLoose = (list: Extract<MdastNodes, { type: 'list' }>) =>
  Boolean(list.spread) || list.children.some((item) => item.spread);

/** The children's elements; with `inline`, a paragraph's text without its `p`. */
function children(node: MdastParents, state: State, inline = false): HNode[] {
  const out: HNode[] = [];
  for (const child of node.children) {
    if (inline && child.type === 'paragraph') out.push(...children(child, state));
    else out.push(...toHast(child as MdastNodes, state));
  }
  return out;
}

/** One markdown node as the HTML elements it stands for (none for a definition). */
function toHast(node: MdastNodes, state: State): HNode[] {
  const data = (node as { data?: PluginData }).data;
  const made = convert(node, state);
  if (!data?.hName && !data?.hProperties && !data?.hChildren) return made;
  // A plugin's node: the element it names, with its properties and children, in place of the
  // element the node makes (a code block's `code`, inside its `pre`), or around what it makes
  // (a text, a node of the plugin's own).
  const [only] = made;
  const single = made.length === 1 && only?.type === 'element' ? only : null;
  const pre = node.type === 'code' && single ? single : null;
  const base = pre ? (pre.children[0] as Element) : (single ?? element('div', {}, made));
  const result = element(
    data.hName ?? base.tagName,
    { ...base.properties, ...data.hProperties },
    data.hChildren ?? base.children,
  );
  return pre ? [{ ...pre, children: [result] }] : [result];
}

function convert(node: MdastNodes, state: State): HNode[] {
  switch (node.type) {
    case 'root':
      return lines(children(node, state));
    case 'paragraph':
      return [element('p', {}, children(node, state))];
    case 'heading':
      return [element(`h${node.depth}`, {}, children(node, state))];
    case 'text':
      return [text(node.value)];
    case 'emphasis':
      return [element('em', {}, children(node, state))];
    case 'strong':
      return [element('strong', {}, children(node, state))];
    case 'delete':
      return [element('del', {}, children(node, state))];
    case 'inlineCode':
      // A code span is one line: its line breaks read as spaces.
      return [element('code', {}, [text(node.value.replace(/\r?\n|\r/g, ' '))])];
    case 'code': {
      const language = node.lang?.split(/\s/)[0];
      const properties = language ? { className: `language-${language}` } : {};
      const code = element('code', properties, [text(node.value ? `${node.value}\n` : '')]);
      return [element('pre', {}, [code])];
    }
    case 'break':
      return [element('br', {}, []), text('\n')];
    case 'thematicBreak':
      return [element('hr', {}, [])];
    case 'blockquote':
      return [element('blockquote', {}, lines(children(node, state), true))];
    case 'list': {
      const tag = node.ordered ? 'ol' : 'ul';
      const properties: Record<string, unknown> = {};
      if (node.ordered && typeof node.start === 'number' && node.start !== 1) {
        properties.start = node.start;
      }
      if (node.children.some((item) => typeof item.checked === 'boolean')) {
        properties.className = 'contains-task-list';
      }
      const loose = isLoose(node);
      const items = node.children.flatMap((item) => listItem(item, state, !loose));
      return [element(tag, properties, lines(items, true))];
    }
    case 'table': {
      const [head, ...body] = node.children;
      const row = (cells: typeof node.children, tag: 'th' | 'td') =>
        cells.map((tableRow) =>
          element(
            'tr',
            {},
            tableRow.children.map((cell, column) => {
              const align = node.align?.[column];
              return element(
                tag,
                align ? { style: { textAlign: align } } : {},
                children(cell, state),
              );
            }),
          ),
        );
      const parts = [element('thead', {}, head ? row([head], 'th') : [])];
      if (body.length) parts.push(element('tbody', {}, row(body, 'td')));
      return [element('table', {}, parts)];
    }
    case 'link':
      return [link(state, node, children(node, state))];
    case 'image':
      return [image(state, node, node.alt)];
    // micromark makes a reference only of a label some definition has.
    case 'linkReference':
      return [link(state, definitionOf(state, node), children(node, state))];
    case 'imageReference':
      return [image(state, definitionOf(state, node), node.alt)];
    case 'footnoteReference':
      // A chat has no page foot: the mark stays where it was written, as text.
      return [element('sup', {}, [text(`[${node.label ?? node.identifier}]`)])];
    case 'footnoteDefinition':
      if (!state.referenced.has(node.identifier)) return [];
      return [
        element('div', {}, [
          element('sup', {}, [text(`[${node.label ?? node.identifier}]`)]),
          text(' '),
          ...children(node, state, true),
        ]),
      ];
    case 'html':
      // Never HTML: what looks like a tag reads as typed.
      return [text(node.value)];
    case 'definition':
      return [];
    default: {
      // A plugin's own node (a mention, a custom emoji): toHast applies its data.
      const other = node as { value?: unknown; children?: unknown };
      if (typeof other.value === 'string') return [text(other.value)];
      return Array.isArray(other.children) ? children(node as MdastParents, state) : [];
    }
  }
}

const isParagraph = (node: HNode | undefined): node is Element =>
  node?.type === 'element' && node.tagName === 'p';

/**
 * An item: in a tight list its paragraphs are their text alone, blocks one per line; a task's
 * box opens its first paragraph (GFM's HTML, what the text reads as when copied).
 */
function listItem(
  item: Extract<MdastNodes, { type: 'listItem' }>,
  state: State,
  tight: boolean,
): HNode[] {
  const blocks = children(item, state);
  const properties: Record<string, unknown> = {};
  if (typeof item.checked === 'boolean') {
    properties.className = 'task-list-item';
    let first = blocks[0];
    if (!isParagraph(first)) {
      first = element('p', {}, []);
      blocks.unshift(first);
    }
    const box = element(
      'input',
      { type: 'checkbox', defaultChecked: item.checked, disabled: true },
      [],
    );
    first.children.unshift(box, text(' '));
  }
  const content: HNode[] = [];
  blocks.forEach((block, index) => {
    if (!tight || index !== 0 || !isParagraph(block)) content.push(text('\n'));
    if (tight && isParagraph(block)) content.push(...block.children);
    else content.push(block);
  });
  const last = blocks.at(-1);
  if (last && (!tight || !isParagraph(last))) content.push(text('\n'));
  return [element('li', properties, content)];
}

/** `dataName` → `data-name`, as HTML has it; `className` arrays joined. */
function reactProps(properties: Record<string, unknown>): Record<string, unknown> {
  const props: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(properties)) {
    if (value === undefined || value === null || value === false) continue;
    if (name === 'className') props.className = Array.isArray(value) ? value.join(' ') : value;
    else if (/^data[A-Z]/.test(name)) {
      props[
        `data-${name
          .slice(4)
          .replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)
          .slice(1)}`
      ] = value;
    } else props[name] = value;
  }
  return props;
}

/** Elements whose text children React would warn about (a table's rows, its parts). */
const TABLE_PARTS = new Set(['table', 'thead', 'tbody', 'tr']);

function toReact(node: HNode, key: number, components: MarkdownComponents): ReactNode {
  if (node.type === 'text') return node.value;
  const kept = TABLE_PARTS.has(node.tagName)
    ? node.children.filter((child) => child.type === 'element')
    : node.children;
  const props = { ...reactProps(node.properties), key };
  // An element name the components do not take is rendered as itself (`em`, `del`, `span`…).
  const type = (components[node.tagName] ?? node.tagName) as ElementType;
  if (!kept.length) return createElement(type, props);
  return createElement(
    type,
    props,
    kept.map((child, index) => toReact(child, index, components)),
  );
}

/** The elements of a markdown text, after the plugins have had the tree. */
export function renderMarkdown(
  markdown: string,
  {
    plugins = [],
    components = {},
    urlTransform = defaultUrlTransform,
  }: {
    plugins?: readonly MarkdownPlugin[];
    components?: MarkdownComponents;
    urlTransform?: UrlTransform;
  },
): ReactNode {
  const tree: Root = parseMarkdown(markdown);
  for (const plugin of plugins) plugin(tree);
  const definitions = new Map<string, Definition>();
  const referenced = new Set<string>();
  const collect = (node: MdastNodes, inNote = false) => {
    if (node.type === 'definition' && !definitions.has(node.identifier)) {
      definitions.set(node.identifier, { url: node.url, title: node.title });
    }
    // Referred to from the text: a note's mention of itself or another is not enough.
    if (node.type === 'footnoteReference' && !inNote) referenced.add(node.identifier);
    if ('children' in node) {
      const note = inNote || node.type === 'footnoteDefinition';
      for (const child of node.children) collect(child as MdastNodes, note);
    }
  };
  collect(tree);
  const hast = toHast(tree, { definitions, referenced, urlTransform });
  return createElement(
    Fragment,
    null,
    ...hast.map((node, index) => toReact(node, index, components)),
  );
}
