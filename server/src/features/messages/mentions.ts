// What may stand right before "@" and right after a complete handle: not a letter, digit or
// underscore ("bob@example.com" is an address, not a mention of "example").
const HANDLE_CHAR = /[\p{L}\p{N}_]/u;

/** The longest handle looked for: an email address (users.email is at most 254). */
const HANDLE_MAX = 254;
/** "@"s looked at per message, and handle ends per "@": bounds the work per message. */
const MENTION_AT_MAX = 50;
const ENDS_PER_AT = 12;

/**
 * The handles a message may mention, lower-case: for each "@" not inside a word, every text
 * that follows it up to a handle boundary ("@Jean Dupont, …" gives "jean" and "jean dupont").
 * The work is bounded by the "@"s in the message, never by the channel's members
 * (docs/security.md, finding 6): the store then looks the handles up on its indexes.
 */
export function mentionCandidates(content: string): string[] {
  const text = content.toLowerCase();
  const handles = new Set<string>();
  let ats = 0;
  for (
    let at = text.indexOf('@');
    at !== -1 && ats < MENTION_AT_MAX;
    at = text.indexOf('@', at + 1)
  ) {
    if (at > 0 && HANDLE_CHAR.test(text[at - 1]!)) continue;
    ats++;
    const limit = Math.min(text.length, at + 1 + HANDLE_MAX);
    let ends = 0;
    for (let end = at + 1; end <= limit && ends < ENDS_PER_AT; end++) {
      if (end < text.length && HANDLE_CHAR.test(text[end]!)) continue;
      const handle = text.slice(at + 1, end);
      // Handles are stored trimmed: "@ jean" or "@jean " name nobody.
      if (handle && !/^\s|\s$/.test(handle)) handles.add(handle);
      ends++;
    }
  }
  return [...handles];
}

/** Whether resolving mentions needs the store at all. */
export const needsMentionLookup = (content: string, picked?: string[]) =>
  content.includes('@') || (picked?.length ?? 0) > 0;
