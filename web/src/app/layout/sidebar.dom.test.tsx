import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Channel } from '#shared/channels';
import type { MessagePage } from '#shared/messages';
import type { User } from '#shared/users';
import { ChannelsWorkspace } from '@/features/channels';
import { messagesChannelContent } from '@/features/messages';
import { ChannelContentProvider } from '@/lib/channel-content';
import { stubFetch } from '@/test/fetch-stub';
import { renderApp } from '@/test/render';
import { buildChannel, buildUser } from '@/test/wire';
import { sidebarSections } from '../shell/sidebar-sections';
import { Sidebar } from './sidebar';

const general = buildChannel({ id: 'c-general', name: 'général' });
const design = buildChannel({ id: 'c-design', name: 'design', type: 'group', unreadCount: 2 });
const withBob = buildChannel({
  id: 'c-bob',
  name: 'dm',
  type: 'direct',
  directUser: buildUser({ displayName: 'Bob Durand' }),
});

const NO_MESSAGES: MessagePage = { messages: [], nextCursor: null, newerCursor: null };

/** The sidebar as the signed-in shell mounts it: its registered sections, messages' content. */
function renderSidebar({
  me = buildUser({ displayName: 'Alice Martin' }),
  channels = [general, design, withBob],
  path = '/channel/c-general',
}: {
  me?: User;
  channels?: Channel[];
  path?: string;
} = {}) {
  const requests = stubFetch({
    'GET /api/auth/user': me,
    'GET /api/channels': channels,
    'GET /api/channels/c-general/messages': NO_MESSAGES,
    'GET /api/channels/c-design/messages': NO_MESSAGES,
    'GET /api/channels/c-bob/messages': NO_MESSAGES,
  });
  const rendered = renderApp(
    <ChannelContentProvider value={messagesChannelContent}>
      <ChannelsWorkspace title="Ruche">
        <Sidebar sections={sidebarSections} />
      </ChannelsWorkspace>
    </ChannelContentProvider>,
    { path, signedInAs: me },
  );
  const messagesAsked = (channelId: string) =>
    requests.filter((r) => r.path.startsWith(`/api/channels/${channelId}/messages`));
  return { ...rendered, requests, messagesAsked };
}

describe('the sidebar (docs/product.md §2)', () => {
  it('shows the registered sections in order, each with its title, buttons and list', async () => {
    renderSidebar();
    const nav = screen.getByRole('navigation', { name: 'Canaux et conversations' });
    const sections = within(nav).getAllByRole('region');
    expect(sections.map((section) => section.getAttribute('aria-label'))).toEqual([
      'Canaux',
      'Messages directs',
    ]);
    const [rooms, directs] = sections as [HTMLElement, HTMLElement];
    expect(within(rooms).getByRole('button', { name: 'Rejoindre avec un code' })).toBeVisible();
    expect(within(rooms).getByRole('button', { name: 'Créer un canal' })).toBeVisible();
    expect(within(directs).getByRole('button', { name: 'Nouvelle conversation' })).toBeVisible();

    expect(await within(rooms).findByRole('link', { name: /design/ })).toHaveAttribute(
      'href',
      '/channel/c-design',
    );
    expect(within(rooms).getByRole('button', { name: 'Parcourir les canaux' })).toBeVisible();
    expect(within(directs).getByRole('link', { name: /Bob Durand/ })).toBeVisible();
  });

  it('folds a section away and opens it again', async () => {
    const { user } = renderSidebar();
    const rooms = screen.getByRole('region', { name: 'Canaux' });
    await within(rooms).findByRole('link', { name: /design/ });
    const toggle = within(rooms).getByRole('button', {
      name: /^Afficher ou masquer «\s*Canaux\s*»$/,
    });
    expect(toggle).toHaveAttribute('aria-expanded', 'true');

    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(within(rooms).queryByRole('link', { name: /design/ })).toBeNull();
    // The other section stays as it was.
    expect(screen.getByRole('link', { name: /Bob Durand/ })).toBeVisible();

    await user.click(toggle);
    expect(within(rooms).getByRole('link', { name: /design/ })).toBeVisible();
  });

  it('counts the unread messages of a channel, and none on the one open', async () => {
    renderSidebar({ channels: [{ ...general, unreadCount: 4 }, design, withBob] });
    const design_ = await screen.findByRole('link', { name: /design/ });
    expect(within(design_).getByRole('status')).toHaveAccessibleName('2 messages non lus');
    const open = screen.getByRole('link', { name: /général/ });
    expect(open).toHaveAttribute('aria-current', 'page');
    expect(within(open).queryByRole('status')).toBeNull();
    expect(
      within(screen.getByRole('link', { name: /Bob Durand/ })).queryByRole('status'),
    ).toBeNull();
  });

  it('marks the channels where an unsent draft waits, except the one open', async () => {
    const me = buildUser({ displayName: 'Claire Petit' });
    localStorage.setItem(
      `ruche:drafts:${me.id}`,
      JSON.stringify({ 'c-design': 'À relire demain', 'c-general:m-1': 'réponse', 'c-bob': '' }),
    );
    renderSidebar({ me });
    const design_ = await screen.findByRole('link', { name: /design/ });
    expect(within(design_).getByRole('img', { name: 'Brouillon' })).toBeVisible();
    // A thread's draft is the channel's too, but the open channel shows its composer instead.
    expect(
      within(screen.getByRole('link', { name: /général/ })).queryByRole('img', {
        name: 'Brouillon',
      }),
    ).toBeNull();
    expect(
      within(screen.getByRole('link', { name: /Bob Durand/ })).queryByRole('img', {
        name: 'Brouillon',
      }),
    ).toBeNull();
  });

  it('loads a channel’s messages ahead when the pointer or the focus reaches it', async () => {
    const { user, messagesAsked } = renderSidebar({ channels: [general, withBob] });
    const bob = await screen.findByRole('link', { name: /Bob Durand/ });
    expect(messagesAsked('c-bob')).toEqual([]);

    await user.hover(bob);
    await waitFor(() => expect(messagesAsked('c-bob')).toHaveLength(1));
    // Fresh for a while: hovering again asks nothing more.
    await user.unhover(bob);
    await user.hover(bob);
    expect(messagesAsked('c-bob')).toHaveLength(1);
  });
});
