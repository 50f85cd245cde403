import type { Channel } from '#shared/channels';
import type { ChannelInvite } from '#shared/invites';
import type { Message } from '#shared/messages';
import type { Actor } from './factories';

/** A channel made through the API by `owner`, who becomes its owner. */
export async function buildChannel(
  owner: Actor,
  overrides: { name?: string; description?: string; type?: 'channel' | 'group' | 'voice' } = {},
): Promise<Channel> {
  const res = await owner.client.post<Channel>('/api/channels', {
    name: overrides.name ?? `canal-${Math.random().toString(36).slice(2, 8)}`,
    description: overrides.description,
    type: overrides.type ?? 'channel',
  });
  if (res.status !== 201) throw new Error(`channel: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

/** Bring `member` into the channel through an invite made by `inviter` (works for any type). */
export async function addMember(channel: Channel, inviter: Actor, member: Actor): Promise<void> {
  const invite = await inviter.client.post<ChannelInvite>(`/api/channels/${channel.id}/invites`);
  if (invite.status >= 300) throw new Error(`invite: ${invite.status}`);
  const res = await member.client.post(`/api/channel-invites/${invite.body.inviteCode}/join`);
  if (res.status !== 200) throw new Error(`join: ${res.status} ${JSON.stringify(res.body)}`);
}

export async function sendMessage(
  actor: Actor,
  channelId: string,
  body: Record<string, unknown> | string,
): Promise<Message> {
  const payload = typeof body === 'string' ? { content: body } : body;
  const res = await actor.client.post<Message>(`/api/channels/${channelId}/messages`, payload);
  if (res.status !== 201) throw new Error(`send: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}
