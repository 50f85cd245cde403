import englishEmojis from 'emoji-picker-react/data/emojis-en';
import frenchEmojis from 'emoji-picker-react/data/emojis-fr';
import { shortcodeKey } from './emoji-shortcodes';

interface EmojiData {
  emojis: Record<string, Array<{ n: string[]; u: string }>>;
}

const fromUnified = (unified: string): string =>
  String.fromCodePoint(...unified.split('-').map((hex) => Number.parseInt(hex, 16)));

/** Slack's most used shortcodes, where the data's names would pick another emoji or none. */
const SLACK = {
  heart: '❤️',
  thumbsup: '👍',
  thumbsdown: '👎',
  '-1': '👎',
  smile: '😄',
  smiley: '😃',
  grinning: '😀',
  grin: '😁',
  joy: '😂',
  laughing: '😆',
  sweat_smile: '😅',
  wink: '😉',
  blush: '😊',
  slightly_smiling_face: '🙂',
  heart_eyes: '😍',
  thinking_face: '🤔',
  sunglasses: '😎',
  cry: '😢',
  sob: '😭',
  rage: '😡',
  fire: '🔥',
  rocket: '🚀',
  tada: '🎉',
  eyes: '👀',
  pray: '🙏',
  clap: '👏',
  wave: '👋',
  ok_hand: '👌',
  muscle: '💪',
  raised_hands: '🙌',
  point_up: '☝️',
  '100': '💯',
  white_check_mark: '✅',
  heavy_check_mark: '✔️',
  x: '❌',
  warning: '⚠️',
  star: '⭐',
  sparkles: '✨',
  coffee: '☕',
  see_no_evil: '🙈',
} as const;

function build(): Map<string, string> {
  const table = new Map<string, string>(Object.entries(SLACK));
  const sets = [englishEmojis, frenchEmojis].map((data) =>
    Object.values((data as EmojiData).emojis).flat(),
  );
  const add = (name: string | undefined, emoji: string) => {
    if (!name) return;
    const key = shortcodeKey(name).replace(/\s+/g, '_');
    if (!table.has(key)) table.set(key, emoji);
  };
  // Full names first (`party_popper`, `cotillons`), then each emoji's first name (`tada`,
  // `fete`), then the others in the data's order (smileys first).
  for (const set of sets) for (const e of set) add(e.n.at(-1), fromUnified(e.u));
  for (const set of sets) for (const e of set) add(e.n[0], fromUnified(e.u));
  for (const set of sets) for (const e of set) for (const n of e.n) add(n, fromUnified(e.u));
  return table;
}

export const shortcodeTable: ReadonlyMap<string, string> = build();
