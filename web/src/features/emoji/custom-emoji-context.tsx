import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useState,
} from 'react';
import type { CustomEmoji } from '#shared/emoji';
import { useSocketCatchUp, useSocketEvent } from '@/lib/socket-context';
import { listCustomEmoji } from './api';

interface CustomEmojiState {
  /** Newest first; null until loaded. */
  list: readonly CustomEmoji[] | null;
  /** Name (without colons) → emoji. */
  byName: ReadonlyMap<string, CustomEmoji>;
  added: (emoji: CustomEmoji) => void;
  removed: (name: string) => void;
}

const NONE: CustomEmojiState = {
  list: null,
  byName: new Map(),
  added: () => undefined,
  removed: () => undefined,
};
const CustomEmojiContext = createContext<CustomEmojiState>(NONE);

const withAdded = (list: readonly CustomEmoji[] | null, emoji: CustomEmoji) =>
  list ? [emoji, ...list.filter((e) => e.name !== emoji.name)] : list;

/**
 * The instance's custom emoji for everything below it, loaded once and kept live by
 * custom_emoji_created / _deleted (reloaded after a reconnect). Plain state, not a query:
 * it sits in every signed-in page's first load (bundle-budget.test.ts). Outside it (a test,
 * a page before sign-in) there are none: `:nom:` stays text.
 */
export function CustomEmojiProvider({
  children,
  initial,
}: {
  children: ReactNode;
  /** Known already (tests): not fetched. */
  initial?: CustomEmoji[];
}) {
  const [list, setList] = useState<readonly CustomEmoji[] | null>(initial ?? null);
  const load = useCallback(() => {
    listCustomEmoji().then(setList, () => undefined);
  }, []);
  useEffect(() => {
    if (!initial) load();
  }, [initial, load]);
  useSocketEvent(['custom_emoji_created', 'custom_emoji_deleted'], (event) => {
    if (event.type === 'custom_emoji_created') setList((now) => withAdded(now, event.emoji));
    else setList((now) => now?.filter((e) => e.name !== event.name) ?? now);
  });
  useSocketCatchUp(({ first }) => {
    if (!first) load();
  });
  const value = useMemo(
    (): CustomEmojiState => ({
      list,
      byName: new Map((list ?? []).map((emoji) => [emoji.name, emoji])),
      added: (emoji) => setList((now) => withAdded(now, emoji)),
      removed: (name) => setList((now) => now?.filter((e) => e.name !== name) ?? now),
    }),
    [list],
  );
  return <CustomEmojiContext.Provider value={value}>{children}</CustomEmojiContext.Provider>;
}

/** Name → custom emoji (without the colons). */
export const useCustomEmoji = (): ReadonlyMap<string, CustomEmoji> =>
  useContext(CustomEmojiContext).byName;

/** The list and its local updates, for the settings card. */
export const useCustomEmojiState = (): CustomEmojiState => useContext(CustomEmojiContext);
