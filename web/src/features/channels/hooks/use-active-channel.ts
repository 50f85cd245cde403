import { useRoute } from 'wouter';
import type { Channel } from '#shared/channels';
import { lastChannel } from '@/lib/last-channel';
import { useChannels } from '../api/get-channels';

/** Sidebar order: the Channels section comes before Direct messages (docs/product.md §2). */
export function sortForSidebar(channels: Channel[]): { rooms: Channel[]; directs: Channel[] } {
  return {
    rooms: channels.filter((channel) => channel.type !== 'direct'),
    directs: channels.filter((channel) => channel.type === 'direct'),
  };
}

/**
 * With no channel in the address: the one this browser last opened, while the user is still
 * in it; else the first one (docs/product.md §2).
 */
export function defaultChannelId(channels: Channel[] | undefined): string | null {
  if (!channels?.length) return null;
  const last = lastChannel();
  if (last && channels.some((channel) => channel.id === last)) return last;
  const { rooms, directs } = sortForSidebar(channels);
  // An open channel before an archived one (issue 48: archived ones are listed last).
  const open = rooms.find((channel) => !channel.archivedAt);
  return (open ?? rooms[0] ?? directs[0])?.id ?? null;
}

/** The channel the main pane shows: /channel/{id}, or the default one on /. */
export function useActiveChannelId(): string | null {
  const [isChannel, params] = useRoute<{ id: string }>('/channel/:id');
  const [isHome] = useRoute('/');
  const { data } = useChannels();
  if (isChannel) return params.id;
  if (isHome) return defaultChannelId(data);
  return null;
}
