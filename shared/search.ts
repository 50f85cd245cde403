import { z } from 'zod';
import { type ChannelType, SEARCH_MIN_LENGTH } from './limits';
import type { Attachment } from './messages';
import type { User } from './users';

export { SEARCH_MIN_LENGTH };

/** docs/product.md §5: the text says to type at least 3 characters. */
export const SEARCH_TOO_SHORT = `Saisissez au moins ${SEARCH_MIN_LENGTH} caractères pour rechercher`;
export const SEARCH_MAX_LENGTH = 500;
export const SEARCH_TOO_LONG = `La recherche ne peut pas dépasser ${SEARCH_MAX_LENGTH} caractères`;
export const SEARCH_BAD_CURSOR = 'Curseur de recherche invalide';
export const SEARCH_PAGE_SIZE = 20;
/** The day named by avant:/après:/le: runs from midnight to midnight in this zone. */
export const SEARCH_TIME_ZONE = 'Europe/Paris';

/** GET /api/search?q=&cursor= */
export const SearchQuerySchema = z.object({
  q: z
    .string({ error: SEARCH_TOO_SHORT })
    .trim()
    .min(SEARCH_MIN_LENGTH, SEARCH_TOO_SHORT)
    .max(SEARCH_MAX_LENGTH, SEARCH_TOO_LONG),
  cursor: z.string().max(200, SEARCH_BAD_CURSOR).optional(),
});
export type SearchQuery = z.infer<typeof SearchQuerySchema>;

/** A piece of a result's excerpt: `match` pieces are the words the query found. */
export interface SnippetPart {
  text: string;
  match: boolean;
}

export interface SearchChannel {
  id: string;
  name: string;
  type: ChannelType;
}

/** docs/product.md §3 search result (message): id, content, channelId, userId, user, and more. */
export interface MessageSearchResult {
  kind: 'message';
  id: string;
  content: string;
  channelId: string;
  userId: string;
  user: User;
  channel: SearchChannel;
  parentMessageId: string | null;
  attachments: Attachment[];
  createdAt: string;
  snippet: SnippetPart[];
}

/** A file of one of the caller's channels whose name matches. */
export interface FileSearchResult {
  kind: 'file';
  id: string;
  channelId: string;
  userId: string | null;
  user: User | null;
  channel: SearchChannel;
  name: string;
  mimeType: string;
  size: number;
  url: string;
  createdAt: string;
}

export type SearchResult = MessageSearchResult | FileSearchResult;

export interface SearchPage {
  results: SearchResult[];
  /** Pass as `cursor` for the next (older) page; null at the end. */
  nextCursor: string | null;
}

/** A query once its operators are taken out (parseSearchQuery). */
export interface ParsedSearch {
  /** The words and "quoted phrases" left, for full-text matching (may be empty). */
  text: string;
  /**
   * The query's last word, matched as the start of a word so that results come as one
   * types ("réun" finds "réunion"). Letters and digits only; null when the query ends
   * otherwise (an operator, a phrase, a word with punctuation).
   */
  prefix: string | null;
  /** de:@nom — authors, lower-case, as typed after the @. */
  from: string[];
  /** dans:#canal — channel names, lower-case, without the #. */
  in: string[];
  /** avant:AAAA-MM-JJ — strictly before that day. */
  before: string | null;
  /** après:AAAA-MM-JJ — strictly after that day. */
  after: string | null;
  /** le:AAAA-MM-JJ — on that day. */
  on: string | null;
  /** a:fichier — messages with attachments (and files). */
  hasFile: boolean;
  /** French messages for operators whose value makes no sense (a date that is not one). */
  errors: string[];
}

type Operator = 'from' | 'in' | 'before' | 'after' | 'on' | 'has';

/** Operator names as people type them, French first (Slack's and Mattermost's English too). */
const OPERATORS: Record<string, Operator> = {
  de: 'from',
  from: 'from',
  par: 'from',
  dans: 'in',
  in: 'in',
  avant: 'before',
  before: 'before',
  après: 'after',
  apres: 'after',
  after: 'after',
  le: 'on',
  on: 'on',
  a: 'has',
  à: 'has',
  has: 'has',
};

const FILE_WORDS = new Set([
  'fichier',
  'fichiers',
  'file',
  'files',
  'piece-jointe',
  'pièce-jointe',
  'pj',
]);

/** A token: an operator with its (possibly quoted) value, a quoted phrase, or a word. */
const TOKEN_RE = /([\p{L}]+):("[^"]*"?|\S*)|"[^"]*"?|\S+/gu;

const DATE_NAMES: Record<Exclude<Operator, 'from' | 'in' | 'has'>, string> = {
  before: 'avant:',
  after: 'après:',
  on: 'le:',
};

/** AAAA-MM-JJ or JJ/MM/AAAA, a real calendar day, as AAAA-MM-JJ; null otherwise. */
export function parseSearchDate(value: string): string | null {
  let m = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(value);
  let [year, month, day] = m ? [m[1], m[2], m[3]] : [];
  if (!m) {
    m = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(value);
    if (!m) return null;
    [day, month, year] = [m[1], m[2], m[3]];
  }
  const y = Number(year);
  const mo = Number(month);
  const d = Number(day);
  const date = new Date(Date.UTC(y, mo - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== mo - 1 || date.getUTCDate() !== d) {
    return null;
  }
  return `${String(y).padStart(4, '0')}-${String(mo).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
}

const PREFIX_RE = /^[\p{L}\p{N}]{2,}$/u;

const unquote = (value: string) => value.replace(/^"/, '').replace(/"$/, '').trim();

/**
 * Split a search as typed into its operators and the free text (docs/search.md):
 * `de:@nom`, `dans:#canal`, `avant:`/`après:`/`le:` with a date, `a:fichier`, and
 * `"expression exacte"`. A word with a colon that is no operator stays text.
 */
export function parseSearchQuery(input: string): ParsedSearch {
  const parsed: ParsedSearch = {
    text: '',
    prefix: null,
    from: [],
    in: [],
    before: null,
    after: null,
    on: null,
    hasFile: false,
    errors: [],
  };
  const words: string[] = [];
  for (const match of input.matchAll(TOKEN_RE)) {
    const [token, name, rawValue] = match;
    const operator = name === undefined ? undefined : OPERATORS[name.toLowerCase()];
    const value = rawValue === undefined ? '' : unquote(rawValue);
    if (!operator || !value) {
      // A phrase keeps its quotes (closed if the person has not yet typed the closing one).
      words.push(token.startsWith('"') && !/^".*"$/s.test(token) ? `${token}"` : token);
      continue;
    }
    switch (operator) {
      case 'from': {
        const who = value.replace(/^@/, '').toLowerCase();
        if (who) parsed.from.push(who);
        break;
      }
      case 'in': {
        const where = value.replace(/^#/, '').toLowerCase();
        if (where) parsed.in.push(where);
        break;
      }
      case 'has':
        if (FILE_WORDS.has(value.toLowerCase())) parsed.hasFile = true;
        else words.push(token);
        break;
      default: {
        const day = parseSearchDate(value);
        if (day) parsed[operator] = day;
        else
          parsed.errors.push(
            `Date invalide après « ${DATE_NAMES[operator]} » : écrivez-la AAAA-MM-JJ`,
          );
      }
    }
  }
  // Only the query's very last token: "budget de:@bob" has no prefix.
  const lastToken = [...input.matchAll(TOKEN_RE)].at(-1)?.[0];
  const last = words.at(-1);
  if (last && lastToken === last && PREFIX_RE.test(last)) {
    parsed.prefix = last;
    words.pop();
  }
  parsed.text = words.join(' ').trim();
  return parsed;
}

/** Whether the parsed search asks for anything at all (words or a filter). */
export const searchAsksSomething = (p: ParsedSearch): boolean =>
  p.text.replace(/"/g, '').trim().length > 0 ||
  p.prefix !== null ||
  p.from.length > 0 ||
  p.in.length > 0 ||
  p.before !== null ||
  p.after !== null ||
  p.on !== null ||
  p.hasFile;

/** The operators the search dialog suggests, with an example each. */
export const SEARCH_OPERATOR_HINTS = [
  { key: 'from', example: 'de:@camille' },
  { key: 'in', example: 'dans:#général' },
  { key: 'before', example: 'avant:2026-11-30' },
  { key: 'after', example: 'après:2026-11-01' },
  { key: 'on', example: 'le:2026-11-15' },
  { key: 'hasFile', example: 'a:fichier' },
  { key: 'phrase', example: '"expression exacte"' },
] as const;
