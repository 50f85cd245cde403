/**
 * Slack's and Mattermost's emoji short names (`thumbsup`, `+1`, `thumbsup::skin-tone-2`) as
 * Unicode, from emoji-datasource (iamcal's data, the set both products name their emoji
 * from). A name it does not know is a custom emoji of the source: kept as `:name:`.
 */
import { createRequire } from 'node:module';

interface DataEmoji {
  unified: string;
  short_names: string[];
  skin_variations?: Record<string, { unified: string }>;
}

const SKIN_TONES: Record<string, string> = {
  'skin-tone-2': '1F3FB',
  'skin-tone-3': '1F3FC',
  'skin-tone-4': '1F3FD',
  'skin-tone-5': '1F3FE',
  'skin-tone-6': '1F3FF',
};

let byName: Map<string, DataEmoji> | undefined;

function table(): Map<string, DataEmoji> {
  if (byName) return byName;
  // Read at run time (1 MB of JSON): only an import needs it.
  const data = createRequire(import.meta.url)('emoji-datasource/emoji.json') as DataEmoji[];
  byName = new Map();
  for (const emoji of data) for (const name of emoji.short_names) byName.set(name, emoji);
  return byName;
}

const fromUnified = (unified: string) =>
  String.fromCodePoint(...unified.split('-').map((hex) => Number.parseInt(hex, 16)));

/** The emoji a short name stands for, or `:name:` when it is not a standard one. */
export function emojiFromShortName(raw: string): string {
  const name = raw.replace(/^:|:$/g, '');
  const [base = '', tone] = name.split('::');
  const emoji = table().get(base);
  if (!emoji) return `:${name}:`;
  const toned = tone ? emoji.skin_variations?.[SKIN_TONES[tone] ?? '']?.unified : undefined;
  return fromUnified(toned ?? emoji.unified);
}
