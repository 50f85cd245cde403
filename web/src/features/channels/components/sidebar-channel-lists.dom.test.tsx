import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { stubFetch } from '@/test/fetch-stub';
import { renderApp } from '@/test/render';
import { buildChannel, buildUser } from '@/test/wire';
import { ChannelNavList, DirectMessageNavList } from './sidebar-channel-lists';

const me = buildUser({ displayName: 'Alice Martin' });
const general = buildChannel({ id: 'c-general', name: 'général', unreadCount: 3 });
const design = buildChannel({ id: 'c-design', name: 'design', type: 'group' });
const busy = buildChannel({ id: 'c-busy', name: 'annonces', unreadCount: 250 });
const withBob = buildChannel({
  id: 'c-bob',
  name: 'dm',
  type: 'direct',
  unreadCount: 1,
  directUser: buildUser({ displayName: 'Bob Durand', status: 'away' }),
});

function renderSidebar(path = '/channel/c-design', channels = [general, design, busy, withBob]) {
  const requests = stubFetch({
    'GET /api/auth/user': me,
    'GET /api/channels': channels,
  });
  // Bare lists: no channel content provided (lib/channel-content.ts), so nothing is loaded
  // ahead; app/layout/sidebar.dom.test.tsx renders them with the messages' one.
  const rendered = renderApp(
    <nav>
      <ChannelNavList />
      <DirectMessageNavList />
    </nav>,
    { path },
  );
  return { ...rendered, requests };
}

describe('the sidebar channel lists (docs/product.md §2)', () => {
  it('shows five placeholder rows, then the channels and the direct messages in their own lists', async () => {
    renderSidebar();
    const loading = screen.getByRole('list', { name: 'Chargement des conversations…' });
    expect(loading).toHaveAttribute('aria-busy', 'true');
    expect(within(loading).getAllByRole('listitem')).toHaveLength(5);

    const rooms = await screen.findByRole('list', { name: 'Canaux' });
    expect(
      within(rooms)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['général3', 'design', 'annonces99+']);
    const directs = screen.getByRole('list', { name: 'Messages directs' });
    expect(within(directs).getByRole('link', { name: /Bob Durand/ })).toHaveAttribute(
      'href',
      '/channel/c-bob',
    );
    expect(screen.queryByRole('list', { name: 'Chargement des conversations…' })).toBeNull();
  });

  it('marks unread channels with their count, 99+ above 99, and none on the open one', async () => {
    renderSidebar('/channel/c-general');
    const rooms = await screen.findByRole('list', { name: 'Canaux' });

    const open = within(rooms).getByRole('link', { name: /général/ });
    expect(open).toHaveAttribute('aria-current', 'page');
    expect(within(open).queryByRole('status')).toBeNull();

    const busyLink = within(rooms).getByRole('link', { name: /annonces/ });
    expect(within(busyLink).getByRole('status')).toHaveAccessibleName('250 messages non lus');
    expect(busyLink).toHaveTextContent('99+');
    expect(within(rooms).getByRole('link', { name: /design/ })).not.toHaveAttribute('aria-current');
    expect(
      within(screen.getByRole('list', { name: 'Messages directs' })).getByRole('status'),
    ).toHaveAccessibleName('1 message non lu');
  });

  it('goes from channel to channel with the keyboard and opens the one chosen', async () => {
    const { user, history } = renderSidebar();
    await screen.findByRole('list', { name: 'Canaux' });

    await user.tab();
    expect(screen.getByRole('link', { name: /général/ })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('link', { name: /design/ })).toHaveFocus();
    await user.tab();
    await user.tab();
    expect(screen.getByRole('link', { name: /Bob Durand/ })).toHaveFocus();
    await user.keyboard('{Enter}');

    expect(history.at(-1)).toBe('/channel/c-bob');
    expect(screen.getByRole('link', { name: /Bob Durand/ })).toHaveAttribute(
      'aria-current',
      'page',
    );
  });

  it('says so when there is no channel and no conversation yet', async () => {
    renderSidebar('/', []);
    expect(await screen.findByText('Aucun canal pour le moment')).toBeVisible();
    expect(screen.getByText('Aucun message direct')).toBeVisible();
  });
});
