import type { Channel } from '#shared/channels';
import { useAuthProviders } from '@/features/auth';

/**
 * What the caller may do to a channel (issue 48, channel roles; the server decides, this only
 * shows the controls): its owner and administrators moderate it (members, invites, pins,
 * settings, archiving); its owner names administrators and hands it over; a workspace
 * administrator may do both.
 */
export function useChannelPowers(channel: Pick<Channel, 'type' | 'role'>) {
  const instanceAdmin = useAuthProviders().data?.isAdmin ?? false;
  const direct = channel.type === 'direct';
  const { role } = channel;
  return {
    moderate: !direct && (instanceAdmin || role === 'owner' || role === 'admin'),
    manageRoles: !direct && (instanceAdmin || role === 'owner'),
    instanceAdmin,
  };
}
