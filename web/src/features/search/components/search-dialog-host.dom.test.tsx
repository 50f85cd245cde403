import { screen, waitFor } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { FileSearchResult, SearchPage } from '#shared/search';
import { stubFetch } from '@/test/fetch-stub';
import { renderApp } from '@/test/render';
import { buildChannel, buildUser } from '@/test/wire';
import { SearchDialogHost } from './search-dialog-host';

const me = buildUser({ displayName: 'Alice Martin' });
const general = buildChannel({ id: 'c-general', name: 'général' });

const devis: FileSearchResult = {
  kind: 'file',
  id: 'f-1',
  channelId: general.id,
  userId: me.id,
  user: me,
  channel: { id: general.id, name: general.name, type: general.type },
  name: 'devis-toiture.pdf',
  mimeType: 'application/pdf',
  size: 48_000,
  url: '/api/files/f-1',
  createdAt: '2026-11-30T10:15:00.000Z',
};

function renderHost() {
  const page: SearchPage = { results: [devis], nextCursor: null };
  const requests = stubFetch({
    'GET /api/auth/user': me,
    'GET /api/channels': [general],
    'GET /api/search': page,
  });
  return { ...renderApp(<SearchDialogHost />, { signedInAs: me }), requests };
}

describe('the search dialog’s shortcut (docs/search.md)', () => {
  // The dialog is its own chunk (lazy): loaded once here, not inside a test's time (a busy
  // machine took more than findBy's wait to load it with the rest of the suite beside it).
  beforeAll(() => import('./search-dialog'), 60_000);

  it('opens on Ctrl+Maj+F with the focus in the field, and closes on Échap', async () => {
    const { user } = renderHost();
    expect(screen.queryByRole('dialog')).toBeNull();

    await user.keyboard('{Control>}{Shift>}F{/Shift}{/Control}');
    const box = await screen.findByRole('combobox', {
      name: 'Rechercher dans les messages et les fichiers',
    });
    await waitFor(() => expect(box).toHaveFocus());

    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('lists a file found, and Entrée opens it in a new tab', async () => {
    const opened = vi.fn();
    vi.stubGlobal('open', opened);
    const { user, requests } = renderHost();
    await user.keyboard('{Control>}{Shift>}F{/Shift}{/Control}');
    const box = await screen.findByRole('combobox');
    await user.type(box, 'devis');

    const option = await screen.findByRole('option', { name: /devis-toiture\.pdf/ });
    expect(option).toHaveAttribute('aria-selected', 'true');
    expect(requests.some((r) => r.path === '/api/search?q=devis')).toBe(true);
    await user.keyboard('{Enter}');
    expect(opened).toHaveBeenCalledWith('/api/files/f-1', '_blank', 'noopener');
  });
});
