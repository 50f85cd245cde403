import { type Query, type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useLocation } from 'wouter';
import type { Channel, ChannelMember, ChannelWithMembers } from '#shared/channels';
import type { ChannelLinkPreviews } from '#shared/link-previews';
import type { ServerEventType } from '#shared/protocol';
import { useSocketCatchUp, useSocketEvent } from '@/lib/socket-context';
import type { ServerEventOf } from '@/lib/socket-events';
import { BROWSE_CHANNELS_KEY } from '../api/browse-channels';
import { applyChannelSettings, applyMemberRole } from '../api/channel-admin';
import { channelLinkPreviewsKey } from '../api/channel-link-previews-key';
import { channelKey } from '../api/get-channel';
import { channelMembersKey } from '../api/get-channel-members';
import { CHANNELS_KEY, patchListedChannel } from '../api/get-channels';

/**
 * Channel and member events → the same query keys the REST calls fill: the sidebar list,
 * the open channel and its member list. (Messages, unread bumps and presence are the
 * messages feature's.) A channel that disappears from under the user sends them home.
 */
export function useChannelEvents(meId: string): void {
  const queryClient = useQueryClient();
  const [location, navigate] = useLocation();
  useSocketEvent(CHANNEL_EVENTS, (event) => {
    const gone = applyChannelEvent(queryClient, event, meId);
    if (gone && location === `/channel/${gone}`) navigate('/', { replace: true });
  });
  // Channel events missed while the socket was away (renamed, deleted, members changed,
  // read elsewhere) carry no seq: the lists and the open channels are fetched afresh.
  useSocketCatchUp(({ first }) => {
    if (!first) void queryClient.invalidateQueries({ predicate: isChannelQuery });
  });
}

const CHANNEL_EVENTS = [
  'channel_updated',
  'channel_deleted',
  'member_added',
  'member_removed',
  'channel_read',
  'channel_changed',
  'member_role_changed',
  'channel_link_previews_changed',
] as const satisfies readonly ServerEventType[];

type ChannelEvent = ServerEventOf<(typeof CHANNEL_EVENTS)[number]>;

/** The channel list, one channel, or its members — not its messages (their own catch-up). */
const isChannelQuery = ({ queryKey }: Query) =>
  queryKey[0] === CHANNELS_KEY[0] &&
  (queryKey.length <= 2 || (queryKey.length === 3 && queryKey[2] === 'members'));

/** Returns the id of a channel the user no longer sees, if the event removed one. */
export function applyChannelEvent(
  queryClient: QueryClient,
  event: ChannelEvent,
  meId: string,
): string | null {
  switch (event.type) {
    case 'channel_updated':
      updateChannel(queryClient, event.channel);
      return null;
    case 'channel_deleted':
      forgetChannel(queryClient, event.channelId);
      void queryClient.invalidateQueries({ queryKey: BROWSE_CHANNELS_KEY });
      return event.channelId;
    case 'member_added':
      if (event.member.userId === meId) {
        // A channel we were just added to (invite, DM opened by someone else).
        void queryClient.invalidateQueries({ queryKey: CHANNELS_KEY, exact: true });
        return null;
      }
      addMember(queryClient, event.channelId, event.member);
      return null;
    case 'member_removed':
      if (event.userId === meId) {
        forgetChannel(queryClient, event.channelId);
        return event.channelId;
      }
      removeMember(queryClient, event.channelId, event.userId);
      return null;
    case 'channel_changed':
      // Renamed, described, archived or brought back (issue 48): the sidebar moves it apart.
      applyChannelSettings(queryClient, event);
      return null;
    case 'member_role_changed':
      applyMemberRole(queryClient, event, meId);
      return null;
    case 'channel_link_previews_changed':
      // The switch's own state, then the channel's messages read again: the server shows
      // or hides their cards (docs/product.md, « Aperçus de liens »).
      queryClient.setQueryData<ChannelLinkPreviews>(
        channelLinkPreviewsKey(event.channelId),
        (current) => (current ? { ...current, enabled: event.enabled } : current),
      );
      void queryClient.invalidateQueries({ queryKey: [CHANNELS_KEY[0], event.channelId] });
      return null;
    case 'channel_read':
      // Read in another tab or device: clear the badge here too, and move the read
      // position the next visit's "Nouveaux messages" line starts from.
      patchListedChannel(queryClient, event.channelId, {
        unreadCount: 0,
        lastReadAt: event.lastReadAt,
        lastReadSeq: event.lastReadSeq,
      });
      return null;
  }
}

function updateChannel(queryClient: QueryClient, channel: Channel) {
  // The per-user fields (unread count, the other person of a DM) stay as this user had them.
  const merge = <T extends Channel>(current: T): T => ({
    ...current,
    name: channel.name,
    description: channel.description,
    updatedAt: channel.updatedAt,
  });
  const list = queryClient.getQueryData<Channel[]>(CHANNELS_KEY);
  if (list && !list.some((c) => c.id === channel.id)) {
    // A channel just opened to us (created, joined, a DM someone started): show it at once,
    // then let the server's list put it in its place.
    queryClient.setQueryData<Channel[]>(CHANNELS_KEY, [...list, channel]);
    void queryClient.invalidateQueries({ queryKey: CHANNELS_KEY, exact: true });
  } else {
    queryClient.setQueryData<Channel[]>(CHANNELS_KEY, (current) =>
      current?.map((c) => (c.id === channel.id ? merge(c) : c)),
    );
  }
  queryClient.setQueryData<ChannelWithMembers>(channelKey(channel.id), (current) =>
    current ? merge(current) : current,
  );
}

function forgetChannel(queryClient: QueryClient, channelId: string) {
  queryClient.setQueryData<Channel[]>(CHANNELS_KEY, (list) =>
    list?.filter((c) => c.id !== channelId),
  );
  queryClient.removeQueries({ queryKey: channelKey(channelId) });
}

function addMember(queryClient: QueryClient, channelId: string, member: ChannelMember) {
  const add = (members: ChannelMember[]) =>
    members.some((m) => m.userId === member.userId) ? members : [...members, member];
  queryClient.setQueryData<ChannelMember[]>(channelMembersKey(channelId), (members) =>
    members ? add(members) : members,
  );
  queryClient.setQueryData<ChannelWithMembers>(channelKey(channelId), (channel) =>
    channel ? { ...channel, members: add(channel.members) } : channel,
  );
}

function removeMember(queryClient: QueryClient, channelId: string, userId: string) {
  const drop = (members: ChannelMember[]) => members.filter((m) => m.userId !== userId);
  queryClient.setQueryData<ChannelMember[]>(channelMembersKey(channelId), (members) =>
    members ? drop(members) : members,
  );
  queryClient.setQueryData<ChannelWithMembers>(channelKey(channelId), (channel) =>
    channel ? { ...channel, members: drop(channel.members) } : channel,
  );
}
