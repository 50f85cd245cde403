import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ChannelWithMembers } from '#shared/channels';
import type { Message } from '#shared/messages';
import type { ChannelPins, SavedPage as SavedPageData } from '#shared/pins';
import { stubFetch } from '@/test/fetch-stub';
import { renderApp } from '@/test/render';
import { buildChannel, buildUser } from '@/test/wire';
import { PinsButton } from './pins-button';
import { SavedPage } from './saved-page';

const bob = buildUser({ id: 'bob', displayName: 'Bob' });
const at = '2026-01-01T12:00:00.000Z';
const message = (id: string, content: string): Message => ({
  id,
  channelId: 'c1',
  userId: bob.id,
  content,
  attachments: [],
  mentions: [],
  parentMessageId: null,
  edited: false,
  seq: 1,
  clientId: null,
  createdAt: at,
  updatedAt: at,
  user: bob,
  reactions: [],
  replyCount: 0,
  lastReplyAt: null,
});
const channel: ChannelWithMembers = { ...buildChannel({ id: 'c1', name: 'projet' }), members: [] };

describe('the channel header’s pins', () => {
  it('says how many, lists them as messages show, and opens the one chosen', async () => {
    const pins: ChannelPins = {
      pins: [{ message: message('m1', 'Le **plan** est prêt'), pinnedAt: at, pinnedBy: bob }],
    };
    stubFetch({ 'GET /api/channels/c1/pins': pins });
    const { user, history } = renderApp(<PinsButton channel={channel} />, { path: '/channel/c1' });
    const button = await screen.findByRole('button', { name: '1 message épinglé' });
    await user.click(button);
    const list = await screen.findByRole('list', { name: 'Messages épinglés du canal' });
    const link = within(list).getByRole('link', { name: /^Aller au message de Bob/ });
    expect(link).toHaveAttribute('href', '/channel/c1?message=m1');
    expect(await within(link).findByText('plan')).toHaveProperty('tagName', 'STRONG');
    expect(link).not.toHaveTextContent('**');
    await user.click(link);
    expect(history.at(-1)).toBe('/channel/c1?message=m1');
    await waitFor(() =>
      expect(screen.queryByRole('list', { name: 'Messages épinglés du canal' })).toBeNull(),
    );
  });

  it('says when there is none', async () => {
    stubFetch({ 'GET /api/channels/c1/pins': { pins: [] } satisfies ChannelPins });
    const { user } = renderApp(<PinsButton channel={channel} />);
    await user.click(await screen.findByRole('button', { name: 'Messages épinglés' }));
    expect(await screen.findByText(/Aucun message épinglé/)).not.toBeNull();
  });
});

describe('« Enregistrés »', () => {
  it('lists one’s saved messages and takes one out', async () => {
    const page: SavedPageData = {
      items: [{ message: message('m2', 'À relire avant lundi'), savedAt: at }],
      nextCursor: null,
    };
    const requests = stubFetch({
      'GET /api/saved': page,
      'GET /api/channels': [buildChannel({ id: 'c1', name: 'projet' })],
      'DELETE /api/messages/m2/save': { status: 204 },
    });
    const { user } = renderApp(<SavedPage />, { signedInAs: bob });
    const list = await screen.findByRole('list', { name: 'Messages enregistrés' });
    expect(
      await within(list).findByRole('link', { name: 'Ouvrir le message de Bob dans projet' }),
    ).toHaveAttribute('href', '/channel/c1?message=m2');
    await user.click(within(list).getByRole('button', { name: 'Retirer des enregistrés' }));
    await waitFor(() =>
      expect(
        requests.some((r) => r.method === 'DELETE' && r.path === '/api/messages/m2/save'),
      ).toBe(true),
    );
    expect(await screen.findByText(/Aucun message enregistré/)).not.toBeNull();
  });
});
