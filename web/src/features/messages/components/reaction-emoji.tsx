import { CustomEmojiImage, useCustomEmoji } from '@/features/emoji';

const CODE = /^:([a-z0-9_-]{2,32}):$/;

/** A reaction's emoji: the character, or the image of a custom one (`:nom:`). */
export function ReactionEmoji({ value }: { value: string }) {
  const custom = useCustomEmoji();
  const name = CODE.exec(value)?.[1];
  const emoji = name ? custom.get(name) : undefined;
  if (emoji) return <CustomEmojiImage emoji={emoji} className="size-4" />;
  return <span className="text-sm leading-none">{value}</span>;
}
