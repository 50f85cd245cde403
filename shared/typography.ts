/**
 * French typography of the text people read (issue 45, item 6; docs/product.md §1): a narrow
 * no-break space (U+202F) before ; ! ?, a no-break space (U+00A0) before a colon, « guillemets »
 * with a no-break space inside, and the typographic apostrophe ’ in prose. The catalogue
 * (web/src/locales/fr.json) and the server's French messages are checked against it by tests.
 */
export const NARROW_NBSP = '\u202f';
export const NBSP = '\u00a0';

interface Rule {
  pattern: RegExp;
  problem: string;
}

// A colon that ends a clause is followed by a space, a quote or the end: `:tada:` or `15:30`
// are not punctuation, and i18next's `{{name}}` holds no colon.
const RULES: Rule[] = [
  { pattern: / [;!?]/gu, problem: 'espace simple avant ; ! ? (attendu U+202F)' },
  { pattern: / :(?![\p{L}\p{N}_])/gu, problem: 'espace simple avant : (attendu U+00A0)' },
  { pattern: /«(?![\u00a0\u202f])/gu, problem: 'après « (attendu U+00A0)' },
  { pattern: /(?<![\u00a0\u202f])»/gu, problem: 'avant » (attendu U+00A0)' },
  { pattern: /\p{L}'\p{L}/gu, problem: 'apostrophe droite (attendu ’)' },
];

/** What is wrong in a French text, one line per problem with its place; empty when right. */
export function frenchTypographyProblems(text: string): string[] {
  const problems: string[] = [];
  for (const { pattern, problem } of RULES) {
    for (const match of text.matchAll(pattern)) {
      const at = match.index ?? 0;
      problems.push(`${problem} : « ${text.slice(Math.max(0, at - 12), at + 12)} »`);
    }
  }
  return problems;
}

/**
 * The same text set in French typography. `escapedQuote` reads an apostrophe written `\'`
 * (inside a single-quoted source literal) as one.
 */
export function applyFrenchTypography(text: string, { escapedQuote = false } = {}): string {
  const apostrophe = escapedQuote ? /(?<=\p{L})\\?'(?=\p{L})/gu : /(?<=\p{L})'(?=\p{L})/gu;
  // Each run of spaces is matched from its first space only (the look-behinds): no rescan of
  // a long run from each of its spaces (server/src/lib/regex-safety.test.ts).
  return text
    .replace(apostrophe, '’')
    .replace(/(?<![ \u00a0])[ \u00a0]+([;!?])/gu, `${NARROW_NBSP}$1`)
    .replace(/(?<! ) +:(?![\p{L}\p{N}_])/gu, `${NBSP}:`)
    .replace(/«[ \u00a0\u202f]*/gu, `«${NBSP}`)
    .replace(/(?<![ \u00a0\u202f])[ \u00a0\u202f]*»/gu, `${NBSP}»`);
}
