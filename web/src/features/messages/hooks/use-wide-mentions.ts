import { useMemo } from 'react';
import type { Channel } from '#shared/channels';
import { useUserGroups } from '@/features/user-groups';

export interface WideMention {
  /** What goes in after "@". */
  handle: string;
  kind: 'channel' | 'here' | 'everyone' | 'group';
  /** A group's name. */
  name?: string;
}

const fold = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

/**
 * What "@" offers besides people (docs/product.md, "@channel, @here, @everyone"): @channel and
 * @here in a channel or group, @everyone in the workspace's default channel only (`isDefault`,
 * DEFAULT_CHANNEL: the server notifies with it nowhere else), and the user groups by handle or name.
 */
export function useWideMentionSuggestions(
  query: string | null,
  channel: Pick<Channel, 'type' | 'role' | 'isDefault'>,
): WideMention[] {
  const { groups } = useUserGroups();
  const restricted = useBroadcastRestricted(channel);
  return useMemo(() => {
    if (query === null || channel.type === 'direct') return [];
    const wanted = fold(query);
    const broadcasts: WideMention[] = restricted
      ? []
      : [
          { handle: 'channel', kind: 'channel' },
          { handle: 'here', kind: 'here' },
          ...(channel.isDefault ? [{ handle: 'everyone', kind: 'everyone' as const }] : []),
        ];
    const grouped: WideMention[] = (groups ?? []).map((g) => ({
      handle: g.handle,
      kind: 'group',
      name: g.name,
    }));
    return [...broadcasts, ...grouped]
      .filter((m) => m.handle.startsWith(wanted) || (m.name && fold(m.name).includes(wanted)))
      .slice(0, 6);
  }, [query, channel.type, channel.isDefault, groups, restricted]);
}

// "@channel" as a word (not "moi@channel.fr", "@channels"): what the server notifies with.
const BROADCAST = /(?<![\p{L}\p{N}_])@(channel|here|everyone)(?![\p{L}\p{N}_-])/iu;

/** Whether sending `content` notifies the whole channel (the composer then asks first). */
export const hasBroadcast = (content: string): boolean => BROADCAST.test(content);

/**
 * CHANNEL_WIDE_MENTIONS=admins and the caller is a plain member: their @channel goes out as
 * text, notifying nobody (the composer says so instead of asking).
 */
export function useBroadcastRestricted(channel: Pick<Channel, 'role'>): boolean {
  const { channelWideMentions } = useUserGroups();
  return channelWideMentions === 'admins' && (channel.role ?? 'member') === 'member';
}
