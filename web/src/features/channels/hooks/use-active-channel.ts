import { useRoute } from 'wouter';
import type { Channel } from '#shared/channels';
import { useChannels } from '../api/get-channels';

/** Sidebar order: the Channels section comes before Direct messages (docs/product.md §2). */
export function sortForSidebar(channels: Channel[]): { rooms: Channel[]; directs: Channel[] } {
  return {
    rooms: channels.filter((channel) => channel.type !== 'direct'),
    directs: channels.filter((channel) => channel.type === 'direct'),
  };
}

/** docs/product.md §2: with no channel in the address, the first one is selected by default. */
export function firstChannelId(channels: Channel[] | undefined): string | null {
  if (!channels?.length) return null;
  const { rooms, directs } = sortForSidebar(channels);
  return (rooms[0] ?? directs[0])?.id ?? null;
}

/** The channel the main pane shows: /channel/{id}, or the first channel on /. */
export function useActiveChannelId(): string | null {
  const [isChannel, params] = useRoute<{ id: string }>('/channel/:id');
  const [isHome] = useRoute('/');
  const { data } = useChannels();
  if (isChannel) return params.id;
  if (isHome) return firstChannelId(data);
  return null;
}
