import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { StartDirectDialog } from '@/features/channels/components/start-direct-dialog';
import { stubFetch } from '@/test/fetch-stub';
import { renderApp } from '@/test/render';
import { buildChannel, buildUser } from '@/test/wire';

// The picker as people meet it: in "Nouvelle conversation" (docs/product.md §2.10).
const me = buildUser({ displayName: 'Alice Martin' });
const bob = buildUser({ displayName: 'Bob Durand', email: 'bob@ruche.test' });
const chloe = buildUser({ displayName: 'Chloé Petit', email: 'chloe@ruche.test' });
const dm = buildChannel({ id: 'c-dm-chloe', type: 'direct', directUser: chloe });

function renderPicker(users: unknown = [me, bob, chloe]) {
  const requests = stubFetch({
    'GET /api/users': users,
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

  it('narrows the list as one types, accents aside, and says when no one matches', async () => {
    const { user } = renderPicker();
    const search = await screen.findByRole('searchbox', { name: 'Rechercher une personne' });
    await screen.findByRole('radiogroup', { name: 'Personnes' });

    await user.type(search, 'chloe');
    expect(screen.getAllByRole('radio').map((radio) => radio.getAttribute('aria-label'))).toEqual([
      'Chloé Petit (chloe@ruche.test)',
    ]);

    await user.type(search, 'x');
    expect(screen.getByText('Aucun résultat')).toBeVisible();
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
