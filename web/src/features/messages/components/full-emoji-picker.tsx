import EmojiPicker, { EmojiStyle, Theme } from 'emoji-picker-react';

// French names and categories for search; hoisted so that it loads once (library advice).
const loadFrenchEmojis = () => import('emoji-picker-react/data/emojis-fr');

/** emoji-picker-react, loaded lazily by ReactionPicker; native emojis, no CDN images. */
export default function FullEmojiPicker({
  theme,
  onPick,
  searchPlaceholder,
}: {
  theme: 'light' | 'dark';
  onPick: (emoji: string) => void;
  searchPlaceholder: string;
}) {
  return (
    <EmojiPicker
      theme={theme === 'dark' ? Theme.DARK : Theme.LIGHT}
      emojiStyle={EmojiStyle.NATIVE}
      emojiData={loadFrenchEmojis}
      onEmojiClick={(data) => onPick(data.emoji)}
      labels={{ searchPlaceholder, searchLabel: searchPlaceholder }}
      previewConfig={{ showPreview: false }}
      lazyLoadEmojis
      width={340}
      height={420}
    />
  );
}
