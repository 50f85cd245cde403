/** The custom emoji feature's events (server/src/features/emoji/realtime.ts); it has no frames. */
import type { CustomEmoji } from '../emoji';

/** Each goes to every signed-in socket of the instance, after the change commits. */
export type CustomEmojiEvent =
  | { type: 'custom_emoji_created'; emoji: CustomEmoji }
  | { type: 'custom_emoji_deleted'; name: string };
