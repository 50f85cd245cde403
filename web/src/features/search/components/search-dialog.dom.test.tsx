import { screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { MessageSearchResult, SearchPage } from '#shared/search';
import { type StubRequest, stubFetch } from '@/test/fetch-stub';
import { renderApp } from '@/test/render';
import { buildChannel, buildUser } from '@/test/wire';
import { SearchDialog } from './search-dialog';

const me = buildUser({ displayName: 'Alice Martin' });
const bob = buildUser({ displayName: 'Bob Durand' });
const general = buildChannel({ id: 'c-general', name: 'général' });

function messageResult(id: string, before: string, match: string): MessageSearchResult {
  return {
    kind: 'message',
    id,
    content: `${before}${match}`,
    channelId: general.id,
    userId: bob.id,
    user: bob,
    channel: { id: general.id, name: general.name, type: general.type },
    parentMessageId: null,
    attachments: [],
    createdAt: '2026-11-30T10:15:00.000Z',
    snippet: [
      { text: before, match: false },
      { text: match, match: true },
    ],
  };
}

const page: SearchPage = {
  results: [
    messageResult('m-1', 'On se voit à la ', 'réunion'),
    messageResult('m-2', 'Compte rendu de la ', 'réunion'),
  ],
  nextCursor: null,
};

function renderSearch(answer: (q: string) => SearchPage = () => page) {
  const onClose = vi.fn();
  const requests = stubFetch({
    'GET /api/auth/user': me,
    'GET /api/channels': [general],
    'GET /api/search': ({ path }: StubRequest) =>
      answer(new URL(path, 'http://ruche.test').searchParams.get('q') ?? ''),
  });
  const rendered = renderApp(<SearchDialog onClose={onClose} />, { path: '/channel/c-general' });
  return { ...rendered, requests, onClose };
}

describe('the search dialog (docs/search.md)', () => {
  // The excerpts' renderer is its own chunk (lazy): loaded once here, not inside a test's time.
  beforeAll(() => import('@/features/messages/components/message-snippet'), 60_000);

  it('asks for three characters, then shows the results of what was typed', async () => {
    const { user, requests } = renderSearch();
    const box = screen.getByRole('combobox', {
      name: 'Rechercher dans les messages et les fichiers',
    });
    expect(box).toHaveFocus();

    await user.type(box, 'ré');
    expect(screen.getByText('Saisissez au moins 3 caractères pour rechercher')).toBeVisible();

    await user.type(box, 'union');
    const results = screen.getByRole('listbox', { name: 'Résultats de la recherche' });
    const options = await within(results).findAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual([
      expect.stringContaining('On se voit à la réunion'),
      expect.stringContaining('Compte rendu de la réunion'),
    ]);
    expect(options[0]).toHaveTextContent('Bob Durand');
    expect(options[0]).toHaveTextContent('général');
    expect(within(options[0] as HTMLElement).getByText('réunion').tagName).toBe('MARK');
    // Typing pauses are waited for: one request for the whole word, none for "ré".
    expect(requests.filter((r) => r.path.startsWith('/api/search'))).toEqual([
      { method: 'GET', path: '/api/search?q=r%C3%A9union', body: undefined },
    ]);
  });

  it('renders an excerpt as its message reads: bold, code, links, the match kept', async () => {
    const result = messageResult('m-3', '**Bonjour** l’équipe, la ', 'réunion');
    result.snippet.push({
      text: ' est dans `agenda` et [la doc](https://exemple.fr/doc)',
      match: false,
    });
    const { user } = renderSearch(() => ({ results: [result], nextCursor: null }));
    await user.type(screen.getByRole('combobox'), 'réunion');
    const option = await screen.findByRole('option');
    expect(await within(option).findByText('Bonjour')).toHaveProperty('tagName', 'STRONG');
    expect(within(option).getByText('agenda').tagName).toBe('CODE');
    expect(within(option).getByText('réunion').tagName).toBe('MARK');
    expect(within(option).getByText('la doc').tagName).not.toBe('A');
    expect(option).not.toHaveTextContent('**');
    expect(option).not.toHaveTextContent('](');
  });

  it('moves through the results with the arrows and opens the one chosen with Entrée', async () => {
    const { user, history, onClose } = renderSearch();
    const box = screen.getByRole('combobox');
    await user.type(box, 'réunion');
    const options = await screen.findAllByRole('option');
    expect(options[0]).toHaveAttribute('aria-selected', 'true');

    await user.keyboard('{ArrowDown}');
    expect(options[1]).toHaveAttribute('aria-selected', 'true');
    expect(box).toHaveAttribute('aria-activedescendant', options[1]?.id);
    await user.keyboard('{Enter}');

    expect(onClose).toHaveBeenCalledOnce();
    expect(history.at(-1)).toBe('/channel/c-general?message=m-2');
  });

  it('says when nothing matches, and remembers the searches that led somewhere', async () => {
    const { user, unmount } = renderSearch((q) =>
      q === 'réunion' ? page : { results: [], nextCursor: null },
    );
    const box = screen.getByRole('combobox');
    await user.type(box, 'licorne');
    // Testing Library folds every space, the catalogue's no-break ones too (docs/product.md §1).
    expect(await screen.findByText(/^Aucun résultat pour «\s*licorne\s*»$/)).toBeVisible();

    await user.clear(box);
    await user.type(box, 'réunion');
    await user.click((await screen.findAllByRole('option'))[0] as HTMLElement);
    unmount();

    renderSearch();
    const recent = screen.getByRole('group', { name: 'Recherches récentes' });
    expect(
      within(recent)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['réunion']);
  });
});
