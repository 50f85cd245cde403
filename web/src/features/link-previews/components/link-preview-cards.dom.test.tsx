import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { LinkPreview } from '#shared/link-previews';
import type { Message } from '#shared/messages';
import { stubFetch } from '@/test/fetch-stub';
import { renderApp } from '@/test/render';
import { buildUser } from '@/test/wire';
import { LinkPreviewCards } from './link-preview-cards';

const alice = buildUser({ id: 'alice', displayName: 'Alice' });
const bob = buildUser({ id: 'bob', displayName: 'Bob' });
const at = '2026-01-01T12:00:00.000Z';
const preview: LinkPreview = {
  id: 'p1',
  url: 'https://abeilles.example/guide',
  siteName: 'Le Journal des abeilles',
  title: 'Installer une ruche',
  description: 'Où la placer et quand la peupler.',
  image: { url: '/api/link-previews/p1/image?v=1', width: 240, height: 126 },
};
const message: Message = {
  id: 'm1',
  channelId: 'c1',
  userId: alice.id,
  content: 'https://abeilles.example/guide',
  attachments: [],
  mentions: [],
  parentMessageId: null,
  edited: false,
  seq: 1,
  clientId: null,
  createdAt: at,
  updatedAt: at,
  user: alice,
  reactions: [],
  replyCount: 0,
  lastReplyAt: null,
  previews: [
    preview,
    {
      ...preview,
      id: 'p2',
      url: 'https://autre.example/',
      siteName: null,
      title: null,
      description: null,
      image: null,
    },
  ],
};

describe('link preview cards', () => {
  it('show the site, the title as the link, the description and the server’s thumbnail', async () => {
    stubFetch({});
    renderApp(<LinkPreviewCards message={message} />, { signedInAs: bob });
    const list = await screen.findByRole('list', { name: 'Aperçus des liens' });
    const [first, second] = within(list).getAllByRole('listitem');
    const link = within(first as HTMLElement).getByRole('link', { name: 'Installer une ruche' });
    expect(link).toHaveAttribute('href', 'https://abeilles.example/guide');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer nofollow');
    expect(first).toHaveTextContent('Le Journal des abeilles');
    expect(first).toHaveTextContent('Où la placer et quand la peupler.');
    expect(first?.querySelector('img')).toHaveAttribute('src', '/api/link-previews/p1/image?v=1');
    // A page without a title: its host names the link and the site.
    expect(within(second as HTMLElement).getByRole('link', { name: 'autre.example' })).toBeTruthy();
    // Not the author: nothing to remove.
    expect(screen.queryByRole('button', { name: 'Retirer l’aperçu' })).toBeNull();
  });

  it('let the author remove one', async () => {
    const requests = stubFetch({ 'DELETE /api/messages/m1/previews/p1': { status: 204 } });
    const { user } = renderApp(<LinkPreviewCards message={message} />, { signedInAs: alice });
    const list = await screen.findByRole('list', { name: 'Aperçus des liens' });
    const [remove] = within(list).getAllByRole('button', { name: 'Retirer l’aperçu' });
    await user.click(remove as HTMLElement);
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(1));
    expect(
      requests.some((r) => r.method === 'DELETE' && r.path === '/api/messages/m1/previews/p1'),
    ).toBe(true);
  });
});
