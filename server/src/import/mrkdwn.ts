/**
 * Slack's mrkdwn and its `<…>` references into Ruche's markdown (docs/product.md, markdown
 * rules): `*bold*` → `**bold**`, `_italic_` → `*italic*`, `~strike~` → `~~strike~~`,
 * `<https://…|text>` → `[text](https://…)`, `<@U123>` → a mention, `<#C123|name>` → `#name`,
 * `<!here>` → `@here`; code spans and blocks are kept as they are (a one-line ``` block
 * gets its fences on lines of their own). The entities Slack escapes (&amp; &lt; &gt;) are
 * decoded. Written as scanners, not patterns: their cost is linear in the text.
 */

/** How a mention is written until write.ts knows the Ruche account: never typed by anyone. */
export const mentionMarker = (userKey: string) => `\u0001${userKey}\u0002`;

/** Replace each mention marker by what `name` gives for its user key. */
export function resolveMentions(text: string, name: (userKey: string) => string): string {
  let out = '';
  let from = 0;
  for (let at = text.indexOf('\u0001'); at !== -1; at = text.indexOf('\u0001', from)) {
    const end = text.indexOf('\u0002', at);
    if (end === -1) break;
    out += `${text.slice(from, at)}@${name(text.slice(at + 1, end))}`;
    from = end + 1;
  }
  return out + text.slice(from);
}

/** The user keys a converted text mentions, in order, once each. */
export function markedMentions(text: string): string[] {
  const keys = new Set<string>();
  for (let at = text.indexOf('\u0001'); at !== -1; at = text.indexOf('\u0001', at + 1)) {
    const end = text.indexOf('\u0002', at);
    if (end === -1) break;
    keys.add(text.slice(at + 1, end));
  }
  return [...keys];
}

export interface MrkdwnContext {
  /** A channel's name from its id, when the export knows it. */
  channelName(id: string): string | undefined;
}

const decodeEntities = (text: string) =>
  text.replaceAll('&lt;', '<').replaceAll('&gt;', '>').replaceAll('&amp;', '&');

/** One `<…>` reference (without its brackets) into markdown. */
function reference(inner: string, ctx: MrkdwnContext): string {
  const bar = inner.indexOf('|');
  const target = bar === -1 ? inner : inner.slice(0, bar);
  const label = bar === -1 ? null : decodeEntities(inner.slice(bar + 1));
  if (target.startsWith('@')) return mentionMarker(target.slice(1));
  if (target.startsWith('#')) {
    return `#${ctx.channelName(target.slice(1)) ?? label ?? target.slice(1)}`;
  }
  if (target.startsWith('!')) {
    const special = target.slice(1);
    if (special === 'here' || special === 'channel' || special === 'everyone') {
      return `@${special}`;
    }
    // <!subteam^S123|@team>, <!date^…|fallback>: their own text.
    return label ?? '';
  }
  const url = decodeEntities(target);
  if (!label || label === url || `mailto:${label}` === url) return label ?? url;
  return `[${label.replaceAll(']', '\\]')}](${url.replaceAll(')', '%29')})`;
}

const PUNCTUATION = new Set([...' \t\n.,;:!?()[]{}\'"«»’-/>*_~']);
const opens = (text: string, at: number) =>
  (at === 0 || PUNCTUATION.has(text[at - 1]!)) && at + 1 < text.length && !/\s/.test(text[at + 1]!);
const closes = (text: string, at: number) =>
  !/\s/.test(text[at - 1]!) && (at + 1 === text.length || PUNCTUATION.has(text[at + 1]!));

const STYLE: Record<string, string> = { '*': '**', _: '*', '~': '~~' };

/** Bold, italic and strike in one line of plain text (no code, no references). */
function styles(line: string): string {
  let out = '';
  let at = 0;
  while (at < line.length) {
    const char = line[at]!;
    const style = STYLE[char];
    if (style && opens(line, at)) {
      let end = line.indexOf(char, at + 2);
      while (end !== -1 && !closes(line, end)) end = line.indexOf(char, end + 1);
      if (end !== -1) {
        out += `${style}${styles(line.slice(at + 1, end))}${style}`;
        at = end + 1;
        continue;
      }
    }
    out += char;
    at++;
  }
  return out;
}

/** Plain text (outside code): references, then styles line by line, then entities. */
function prose(text: string, ctx: MrkdwnContext): string {
  const refs: string[] = [];
  let plain = '';
  let from = 0;
  for (let at = text.indexOf('<'); at !== -1; at = text.indexOf('<', from)) {
    const end = text.indexOf('>', at);
    if (end === -1) break;
    refs.push(reference(text.slice(at + 1, end), ctx));
    plain += `${text.slice(from, at)}\u0003${refs.length - 1}\u0004`;
    from = end + 1;
  }
  plain += text.slice(from);
  const styled = decodeEntities(plain.split('\n').map(styles).join('\n'));
  let out = '';
  from = 0;
  for (let at = styled.indexOf('\u0003'); at !== -1; at = styled.indexOf('\u0003', from)) {
    const end = styled.indexOf('\u0004', at);
    out += styled.slice(from, at) + refs[Number(styled.slice(at + 1, end))];
    from = end + 1;
  }
  return out + styled.slice(from);
}

/** A Slack message's text as Ruche markdown, mentions as markers (mentionMarker). */
export function mrkdwnToMarkdown(text: string, ctx: MrkdwnContext): string {
  let out = '';
  let at = 0;
  while (at < text.length) {
    const block = text.indexOf('```', at);
    const span = text.indexOf('`', at);
    if (span === -1) {
      out += prose(text.slice(at), ctx);
      break;
    }
    if (block === span) {
      const end = text.indexOf('```', block + 3);
      if (end === -1) {
        out += prose(text.slice(at), ctx);
        break;
      }
      out += prose(text.slice(at, block), ctx);
      const code = decodeEntities(text.slice(block + 3, end))
        .replace(/^\n/, '')
        .replace(/\n$/, '');
      while (out.endsWith(' ') || out.endsWith('\t')) out = out.slice(0, -1);
      const before = out === '' || out.endsWith('\n') ? '' : '\n';
      out += `${before}\`\`\`\n${code}\n\`\`\``;
      at = end + 3;
      if (at < text.length && text[at] !== '\n') out += '\n';
      continue;
    }
    const end = text.indexOf('`', span + 1);
    if (end === -1) {
      out += prose(text.slice(at), ctx);
      break;
    }
    out += prose(text.slice(at, span), ctx) + decodeEntities(text.slice(span, end + 1));
    at = end + 1;
  }
  return out;
}
