import EmojiPicker, { Categories, EmojiStyle, Theme } from 'emoji-picker-react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useCustomEmoji } from '@/features/emoji';

// French names and categories for search; hoisted so that it loads once (library advice).
const loadFrenchEmojis = () => import('emoji-picker-react/data/emojis-fr');

/**
 * emoji-picker-react, loaded lazily by ReactionPicker; native emojis, no CDN images. The
 * instance's custom emoji come first, under « Personnalisés », and are picked as `:nom:`.
 */
export default function FullEmojiPicker({
  theme,
  onPick,
  searchPlaceholder,
}: {
  theme: 'light' | 'dark';
  onPick: (emoji: string) => void;
  searchPlaceholder: string;
}) {
  const { t } = useTranslation();
  const custom = useCustomEmoji();
  const customEmojis = useMemo(
    () => [...custom.values()].map((e) => ({ id: e.name, names: [e.name], imgUrl: e.url })),
    [custom],
  );
  const categories = useMemo(
    () => [
      Categories.SUGGESTED,
      { category: Categories.CUSTOM, name: t('customEmoji.category') },
      Categories.SMILEYS_PEOPLE,
      Categories.ANIMALS_NATURE,
      Categories.FOOD_DRINK,
      Categories.TRAVEL_PLACES,
      Categories.ACTIVITIES,
      Categories.OBJECTS,
      Categories.SYMBOLS,
      Categories.FLAGS,
    ],
    [t],
  );
  return (
    <EmojiPicker
      theme={theme === 'dark' ? Theme.DARK : Theme.LIGHT}
      emojiStyle={EmojiStyle.NATIVE}
      emojiData={loadFrenchEmojis}
      customEmojis={customEmojis}
      categories={categories}
      onEmojiClick={(data) =>
        onPick(data.isCustom ? `:${data.names[0] ?? data.unified}:` : data.emoji)
      }
      labels={{ searchPlaceholder, searchLabel: searchPlaceholder }}
      previewConfig={{ showPreview: false }}
      lazyLoadEmojis
      width={340}
      height={420}
    />
  );
}
