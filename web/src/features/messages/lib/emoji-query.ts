/** At least this many letters after ':' before emoji suggestions show (as Slack). */
export const EMOJI_QUERY_MIN = 2;

/** The ":que" just before the caret (start of text or after a space), if any. */
export function emojiQueryAt(text: string, caret: number): { query: string; start: number } | null {
  const before = text.slice(0, caret);
  const match = /(^|\s):([\p{L}\p{N}_+-]{2,30})$/u.exec(before);
  if (!match) return null;
  const query = match[2] ?? '';
  return { query, start: caret - query.length - 1 };
}
