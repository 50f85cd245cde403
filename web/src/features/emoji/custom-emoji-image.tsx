import type { CustomEmoji } from '#shared/emoji';
import { useServerImage } from '@/lib/server-image';
import { cn } from '@/lib/utils';

/** A custom emoji at text size (1.375em in messages, as Slack shows them), `:nom:` as its text. */
export function CustomEmojiImage({
  emoji,
  className,
}: {
  emoji: Pick<CustomEmoji, 'name' | 'url'>;
  className?: string;
}) {
  const src = useServerImage(emoji.url);
  const code = `:${emoji.name}:`;
  return (
    <img
      src={src}
      alt={code}
      title={code}
      draggable={false}
      className={cn('inline-block size-[1.375em] object-contain align-text-bottom', className)}
    />
  );
}
