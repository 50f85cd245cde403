import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { StartDirectDialog } from '@/features/channels/components/start-direct-dialog';
import { normalize } from '@/lib/match-user';
import { stubFetch } from '@/test/fetch-stub';
import { renderApp } from '@/test/render';
import { buildChannel, buildUser } from '@/test/wire';

// The picker as people meet it: in "Nouvelle conversation" (docs/product.md §2.10).
const me = buildUser({ displayName: 'Alice Martin' });
const bob = buildUser({ displayName: 'Bob Durand', email: 'bob@ruche.test' });
const chloe = buildUser({ displayName: 'Chloé Petit', email: 'chloe@ruche.test' });
const dm = buildChannel({ id: 'c-dm-chloe', type: 'direct', directUser: chloe });

/** The server's search (GET /api/users/search): every word, accents and case aside. */
function directory(request: { path: string }) {
  const q = normalize(new URL(request.path, 'http://x').searchParams.get('q') ?? '');
  const users = [me, bob, chloe].filter((u) =>
    q.split(/\s+/).every((word) => normalize(`${u.displayName} ${u.email}`).includes(word)),
  );
  return { users, nextCursor: null };
}

function renderPicker() {
  const requests = stubFetch({
    'GET /api/users/search': directory,
    'POST /api/channels/direct': { status: 201, json: dm },
  });
  const rendered = renderApp(<StartDirectDialog open onOpenChange={() => undefined} />, {
    signedInAs: me,
  });
  return { ...rendered, requests };
}

describe('the person picker (components/person-picker.tsx)', () => {
  it('lists the others by name and email, without me, after a loading skeleton', async () => {
    renderPicker();
    expect(screen.getByRole('status', { name: 'Chargement des personnes…' })).toBeVisible();

    const people = await screen.findByRole('radiogroup', { name: 'Personnes' });
    expect(
      within(people)
        .getAllByRole('radio')
        .map((radio) => radio.getAttribute('aria-label')),
    ).toEqual(['Bob Durand (bob@ruche.test)', 'Chloé Petit (chloe@ruche.test)']);
    expect(screen.getByRole('button', { name: 'Démarrer la conversation' })).toBeDisabled();
  });

  it('asks the server for what one types and shows its answer, or says no one matches', async () => {
    const { user, requests } = renderPicker();
    const search = await screen.findByRole('searchbox', { name: 'Rechercher une personne' });
    await screen.findByRole('radiogroup', { name: 'Personnes' });

    await user.type(search, 'chloé p');
    await waitFor(() =>
      expect(screen.getAllByRole('radio').map((radio) => radio.getAttribute('aria-label'))).toEqual(
        ['Chloé Petit (chloe@ruche.test)'],
      ),
    );
    expect(requests.map((r) => r.path)).toContain('/api/users/search?q=chlo%C3%A9%20p');

    await user.type(search, 'x');
    expect(await screen.findByText('Aucun résultat')).toBeVisible();
    expect(screen.queryByRole('radiogroup')).toBeNull();
  });

  it('chooses one person with the keyboard and starts the conversation with them', async () => {
    const { user, requests, history } = renderPicker();
    const bobOption = await screen.findByRole('radio', { name: /Bob Durand/ });

    await user.click(bobOption);
    expect(bobOption).toBeChecked();
    // Held down as a person does: Radix moves the focus a tick after the key goes down and
    // checks the option it lands on only while an arrow is still pressed.
    await user.keyboard('{ArrowDown>}');
    const chloeOption = screen.getByRole('radio', { name: /Chloé Petit/ });
    await waitFor(() => expect(chloeOption).toBeChecked());
    await user.keyboard('{/ArrowDown}');
    expect(bobOption).not.toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Démarrer la conversation' }));

    await expect.poll(() => history.at(-1)).toBe('/channel/c-dm-chloe');
    expect(requests.find((r) => r.method === 'POST')?.body).toEqual({ recipientId: chloe.id });
  });
});
