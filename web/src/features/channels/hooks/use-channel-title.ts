import type { Channel } from '#shared/channels';
import { useDisplayName } from '@/lib/use-display-name';

/** A direct conversation is named after the other person; other channels by their name. */
export function useChannelTitle(): (
  channel: Pick<Channel, 'name' | 'type' | 'directUser'>,
) => string {
  const displayName = useDisplayName();
  return (channel) =>
    channel.type === 'direct' && channel.directUser
      ? displayName(channel.directUser)
      : channel.name;
}
