import type { Nodes } from 'mdast';
import { LINK_PREVIEW_URL_MAX, LINK_PREVIEWS_PER_MESSAGE } from '#shared/link-previews';
import { parseMarkdown } from '#shared/markdown';

function collect(node: Nodes, into: string[]): void {
  if (node.type === 'link') into.push(node.url);
  if ('children' in node) for (const child of node.children) collect(child, into);
}

/**
 * What every http(s) link of a message's markdown has in its text: its scheme, or GFM's
 * `www.` autolink, written as such or through a character reference (`h&#116;tp:`). A message
 * with none of them is not parsed: parsing was a sixth of the node's time a message on the
 * send path (docs/performance-log.md, "The send path against 22ec4ce, 2026-12-05").
 */
const MAY_LINK = /http|www\.|&/i;

/**
 * The addresses of a message that get a preview (docs/product.md, « Aperçus de liens »): the
 * http(s) links its markdown shows as links (written, autolinked; not those in code), once
 * each, in the order of the text, the first LINK_PREVIEWS_PER_MESSAGE; none of Ruche's own
 * (`ownOrigin`) nor any with credentials. The fragment is dropped (the page is the same).
 */
export function linksToPreview(content: string, ownOrigin: string | undefined): string[] {
  if (!MAY_LINK.test(content)) return [];
  const found: string[] = [];
  // Read as the web app reads it (shared/markdown.ts): links and autolinks.
  collect(parseMarkdown(content), found);
  const links: string[] = [];
  for (const raw of found) {
    let url: URL;
    try {
      url = new URL(raw);
    } catch {
      continue;
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') continue;
    if (url.username || url.password || url.origin === ownOrigin) continue;
    url.hash = '';
    const href = url.href;
    if (href.length > LINK_PREVIEW_URL_MAX || links.includes(href)) continue;
    links.push(href);
    if (links.length === LINK_PREVIEWS_PER_MESSAGE) break;
  }
  return links;
}
