import { describe, expect, it } from 'vitest';
import { endQuotesAtTheirLines } from './slack-quotes';

describe('endQuotesAtTheirLines (issue 45, item 10: Slack’s rule for quotes)', () => {
  it('ends a quote at its last `>` line', () => {
    expect(endQuotesAtTheirLines('> cité\nma réponse')).toBe('> cité\n\nma réponse');
    expect(endQuotesAtTheirLines('> un\n> deux\ntrois\nquatre')).toBe(
      '> un\n> deux\n\ntrois\nquatre',
    );
  });

  it('leaves text without quotes, blank lines and fenced code as they are', () => {
    for (const text of [
      'a > b\nc',
      '> cité\n\nréponse',
      '```\n> pas une citation\nsuite\n```\nfin',
    ]) {
      expect(endQuotesAtTheirLines(text)).toBe(text);
    }
  });

  it('works again after a fence closes', () => {
    expect(endQuotesAtTheirLines('~~~\nx\n~~~\n> cité\nréponse')).toBe(
      '~~~\nx\n~~~\n> cité\n\nréponse',
    );
  });
});
