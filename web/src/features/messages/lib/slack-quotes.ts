const QUOTE_LINE = /^ {0,3}>/;
const FENCE_OPEN = /^ {0,3}(`{3,}|~{3,})/;

/**
 * Slack's rule for `>` quotes (issue 45, item 10): a quote covers the lines that start with
 * `>`, and no more. CommonMark would carry the quote on to the next lines of the paragraph
 * ("lazy continuation"); a blank line after the quote's last line ends it there. Fenced code
 * is left as it is.
 */
export function endQuotesAtTheirLines(markdown: string): string {
  if (!markdown.includes('>')) return markdown;
  const out: string[] = [];
  let fence: string | null = null;
  let inQuote = false;
  for (const line of markdown.split('\n')) {
    if (fence !== null) {
      out.push(line);
      if (closesFence(line, fence)) fence = null;
      continue;
    }
    const quote = QUOTE_LINE.test(line);
    if (inQuote && !quote && line.trim() !== '') out.push('');
    out.push(line);
    inQuote = quote;
    const open = quote ? null : FENCE_OPEN.exec(line);
    if (open?.[1]) {
      fence = open[1];
      inQuote = false;
    }
  }
  return out.join('\n');
}

function closesFence(line: string, fence: string): boolean {
  const close = /^ {0,3}(`{3,}|~{3,})\s*$/.exec(line)?.[1];
  return close !== undefined && close[0] === fence[0] && close.length >= fence.length;
}
