import frenchEmojis from 'emoji-picker-react/data/emojis-fr';
import { describe, expect, it } from 'vitest';
import { emojiQueryAt } from './emoji-query';
import { buildEmojiIndex, matchEmojis } from './emoji-search';

const index = buildEmojiIndex(frenchEmojis);

describe('emojiQueryAt', () => {
  it('finds ":que" at the start or after a space, from two letters', () => {
    expect(emojiQueryAt(':so', 3)).toEqual({ query: 'so', start: 0 });
    expect(emojiQueryAt('merci :coeu', 11)).toEqual({ query: 'coeu', start: 6 });
    expect(emojiQueryAt('merci :c', 8)).toBeNull();
    // Not in the middle of a word or a time.
    expect(emojiQueryAt('à 12:30', 7)).toBeNull();
    expect(emojiQueryAt('http://ex', 9)).toBeNull();
    // Only what is before the caret counts.
    expect(emojiQueryAt(':sourire et', 5)).toEqual({ query: 'sour', start: 0 });
  });
});

describe('matchEmojis (French names, as the picker searches)', () => {
  it('puts names starting with the query first, smileys in the picker’s order', () => {
    const found = matchEmojis(index, 'sour');
    expect(found[0]).toEqual({ emoji: '😀', name: 'sourire', label: 'visage rieur' });
    expect(found.length).toBe(8);
    expect(found.every((m) => m.name.toLowerCase().includes('sour'))).toBe(true);
  });

  it('ignores accents and case, and matches a later word or spaces written with _', () => {
    expect(matchEmojis(index, 'COEUR', 50).map((m) => m.emoji)).toContain('❤️');
    expect(matchEmojis(index, 'pouce').map((m) => m.emoji)).toContain('👍');
    expect(matchEmojis(index, 'emoticone')[0]?.name).toBe('émoticône');
    expect(matchEmojis(index, 'grand_sourire')[0]?.emoji).toBe('😀');
    expect(matchEmojis(index, 'larmes').some((m) => m.emoji === '😂')).toBe(true);
  });

  it('answers nothing under two letters or for no match', () => {
    expect(matchEmojis(index, 's')).toEqual([]);
    expect(matchEmojis(index, 'zzqx')).toEqual([]);
  });
});
