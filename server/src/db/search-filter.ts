import type { SQL } from 'drizzle-orm';

/**
 * One search, as the conditions every searched table applies in its own statement fragment
 * (messages/search-fragment.ts, files/search.ts). Each fragment reads newest first on
 * (created_at, id), at most `limit` rows after the cursor. It sits below the features: the
 * search feature imports the fragments, the fragments import this, never the search feature.
 */
export interface SearchFilter {
  /** The words as a tsquery in the ruche_fr configuration; null when only filters were given. */
  tsquery: SQL | null;
  /** Sub-select of the channel ids searched: the caller's channels (dans:# narrows them). */
  channelIds: SQL;
  /** Sub-select of the authors' user ids (de:@), or null for anyone. */
  authorIds: SQL | null;
  /** Inclusive lower and exclusive upper bounds of created_at (timestamptz expressions). */
  since: SQL[];
  until: SQL[];
  /** a:fichier: messages with attachments only. */
  hasFile: boolean;
  /** Strictly older than this (created_at as text with microseconds, id). */
  cursor: { at: string; id: string } | null;
  limit: number;
}

/** The full-text configuration made by the search migration: French stemming, accents ignored. */
export const SEARCH_CONFIG = "'ruche_fr'::regconfig";

/** ts_headline's markers around a match: private-use characters, taken out of the text first. */
export const MATCH_START = '\uE000';
export const MATCH_END = '\uE001';
const MARKERS = `StartSel=${MATCH_START}, StopSel=${MATCH_END}`;
/** Up to this many characters, the excerpt is the whole message with its matches marked. */
export const WHOLE_EXCERPT_MAX = 300;
export const HEADLINE_WHOLE = `${MARKERS}, HighlightAll=true`;
/** Longer messages: up to two passages around the matches. */
export const HEADLINE_FRAGMENTS = `${MARKERS}, MaxWords=30, MinWords=12, ShortWord=2, MaxFragments=2, FragmentDelimiter=" … "`;
