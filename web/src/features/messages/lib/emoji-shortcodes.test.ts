import { describe, expect, it } from 'vitest';
import { shortcodeTable } from './emoji-shortcode-table';
import { hasShortcode, replaceShortcodes } from './emoji-shortcodes';

describe('emoji shortcodes (issue 45, item 10)', () => {
  it('turns Slack’s shortcodes and the emojis’ English and French names into emojis', () => {
    expect(replaceShortcodes(':tada: bravo :+1: :heart: :fire:', shortcodeTable)).toBe(
      '🎉 bravo 👍 ❤️ 🔥',
    );
    expect(replaceShortcodes(':party_popper: :cotillons: :Cœur_rouge:', shortcodeTable)).toBe(
      '🎉 🎉 ❤️',
    );
    expect(replaceShortcodes(':tada::tada:', shortcodeTable)).toBe('🎉🎉');
  });

  it('leaves times, words with colons and unknown codes as typed', () => {
    for (const text of ['à 10:30:45', 'a:tada:b', ':pas_un_emoji_connu:', ':x', 'http://a:80/']) {
      expect(replaceShortcodes(text, shortcodeTable)).toBe(text);
    }
    expect(hasShortcode('rendez-vous à 10:30:45')).toBe(false);
    expect(hasShortcode('bravo :tada:')).toBe(true);
  });
});
