/** The "@que" being typed just before the caret, if any (start of text or after a space). */
export function mentionQueryAt(
  text: string,
  caret: number,
): { query: string; start: number } | null {
  const before = text.slice(0, caret);
  const match = /(^|\s)@([\p{L}\p{N}._-]{0,30})$/u.exec(before);
  if (!match) return null;
  const query = match[2] ?? '';
  return { query, start: caret - query.length - 1 };
}

/** Mentions still present in the text when it is sent (a deleted "@Name" does not count). */
export function mentionsInText(text: string, picked: ReadonlyMap<string, string>): string[] {
  return [...picked].filter(([, name]) => text.includes(`@${name}`)).map(([userId]) => userId);
}
