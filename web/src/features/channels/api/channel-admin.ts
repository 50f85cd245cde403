import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  Channel,
  ChannelMember,
  ChannelSettings,
  ChannelUpdateInput,
  ChannelWithMembers,
} from '#shared/channels';
import type { MemberRole } from '#shared/limits';
import { apiRequest } from '@/lib/api';
import { channelKey } from './get-channel';
import { channelMembersKey } from './get-channel-members';
import { patchListedChannel } from './get-channels';

const path = (channelId: string) => `/api/channels/${encodeURIComponent(channelId)}`;

/** A channel's new settings (channel_changed, or the answer of a change) into every cache of it. */
export function applyChannelSettings(
  queryClient: QueryClient,
  settings: Pick<ChannelSettings, 'name' | 'description' | 'archivedAt'> & { channelId: string },
): void {
  const change = {
    name: settings.name,
    description: settings.description,
    archivedAt: settings.archivedAt,
  } satisfies Partial<Channel>;
  patchListedChannel(queryClient, settings.channelId, change);
  queryClient.setQueryData<ChannelWithMembers>(channelKey(settings.channelId), (current) =>
    current ? { ...current, ...change } : current,
  );
}

/** A member's new role (member_role_changed, or the answer of a change) into every cache. */
export function applyMemberRole(
  queryClient: QueryClient,
  change: { channelId: string; userId: string; role: MemberRole },
  meId: string | undefined,
): void {
  const { channelId, userId, role } = change;
  const patch = (members: ChannelMember[]) =>
    members.map((m) => (m.userId === userId ? { ...m, role } : m));
  queryClient.setQueryData<ChannelMember[]>(channelMembersKey(channelId), (members) =>
    members ? patch(members) : members,
  );
  queryClient.setQueryData<ChannelWithMembers>(channelKey(channelId), (current) =>
    current
      ? {
          ...current,
          members: patch(current.members),
          ...(userId === meId ? { role } : {}),
        }
      : current,
  );
  if (userId === meId) patchListedChannel(queryClient, channelId, { role });
}

/** PATCH /api/channels/{id}: its owner and administrators rename it or change its description. */
export function useUpdateChannelSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ channelId, ...input }: ChannelUpdateInput & { channelId: string }) =>
      apiRequest<ChannelSettings>('PATCH', path(channelId), input),
    onSuccess: (settings) =>
      applyChannelSettings(queryClient, { ...settings, channelId: settings.id }),
  });
}

/** POST /api/channels/{id}/archive|unarchive (its owner and administrators). */
export function useSetChannelArchived() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ channelId, archived }: { channelId: string; archived: boolean }) =>
      apiRequest<ChannelSettings>(
        'POST',
        `${path(channelId)}/${archived ? 'archive' : 'unarchive'}`,
      ),
    onSuccess: (settings) =>
      applyChannelSettings(queryClient, { ...settings, channelId: settings.id }),
  });
}

/** PUT /api/channels/{id}/members/{userId}/role: the owner names or removes an administrator. */
export function useSetMemberRole(meId: string | undefined) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      channelId,
      userId,
      role,
    }: {
      channelId: string;
      userId: string;
      role: 'admin' | 'member';
    }) =>
      apiRequest<ChannelMember>(
        'PUT',
        `${path(channelId)}/members/${encodeURIComponent(userId)}/role`,
        {
          role,
        },
      ),
    onSuccess: (member) => applyMemberRole(queryClient, member, meId),
  });
}

/** POST /api/channels/{id}/owner: the owner hands the channel over and stays as administrator. */
export function useTransferOwnership() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ channelId, userId }: { channelId: string; userId: string }) =>
      apiRequest<ChannelMember>('POST', `${path(channelId)}/owner`, { userId }),
    onSuccess: (_member, { channelId }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: channelKey(channelId) }),
        queryClient.invalidateQueries({ queryKey: channelMembersKey(channelId) }),
      ]),
  });
}
