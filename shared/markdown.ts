import type { Root } from 'mdast';
import { fromMarkdown } from 'mdast-util-from-markdown';
import { gfmFromMarkdown } from 'mdast-util-gfm';
import { gfm } from 'micromark-extension-gfm';

// GFM's syntax (tables, strikethrough, autolinks, task lists, footnotes) read into the tree as
// remark-gfm reads it, the same in the web app (its messages, web/src/lib/markdown.tsx) and on
// the server (the links it previews). Only the parsing half: Ruche never writes markdown back
// out. The extensions are plain data, made once for every parse.
const extensions = [gfm()];
const mdastExtensions = [gfmFromMarkdown()];

/** A message's markdown as a tree (mdast), as remark-parse with remark-gfm reads it. */
export const parseMarkdown = (markdown: string): Root =>
  fromMarkdown(markdown, { extensions, mdastExtensions });
