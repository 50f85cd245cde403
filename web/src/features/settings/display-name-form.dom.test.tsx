import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ApiErrorBody } from '#shared/auth';
import { CURRENT_USER_KEY } from '@/features/auth';
import { type StubRequest, stubFetch } from '@/test/fetch-stub';
import { renderApp } from '@/test/render';
import { buildUser } from '@/test/wire';
import { DisplayNameForm } from './display-name-form';

const me = buildUser({ displayName: 'Alice Martin' });

function renderForm(answer: unknown) {
  const requests = stubFetch({ 'PATCH /api/auth/user': answer });
  const rendered = renderApp(<DisplayNameForm user={me} />, { signedInAs: me });
  const field = screen.getByLabelText('Nom d’affichage');
  const submit = screen.getByRole('button', { name: 'Enregistrer le nom' });
  const patches = () => requests.filter((request: StubRequest) => request.method === 'PATCH');
  return { ...rendered, field, submit, patches };
}

describe('the display name form (Paramètres › Profil, docs/product.md §4)', () => {
  it('starts with the current name, and refuses an empty one in French without asking the server', async () => {
    const { user, field, submit, patches } = renderForm({ status: 500 });
    expect(field).toHaveValue('Alice Martin');
    expect(submit).toBeDisabled();

    await user.clear(field);
    await user.type(field, '   ');
    await user.click(submit);

    expect(await screen.findByRole('alert')).toHaveTextContent(
      /^Le nom d[’']affichage est requis$/,
    );
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(patches()).toEqual([]);
  });

  // Before the success: a toast stays in the toaster's store (use-toast.ts) for the file.
  it('shows the server’s refusal under the field, and says the profile was not updated', async () => {
    const refusal: ApiErrorBody = {
      message: 'Données invalides',
      errors: { displayName: ['Ce nom est réservé'] },
    };
    const { user, field, submit } = renderForm({ status: 400, json: refusal });

    await user.clear(field);
    await user.type(field, 'Administrateur');
    await user.click(submit);

    expect(await screen.findByText('Impossible de mettre à jour votre profil.')).toBeVisible();
    expect(screen.getByRole('alert')).toHaveTextContent('Ce nom est réservé');
    expect(field).toHaveValue('Administrateur');
  });

  it('sends the new name, trimmed, and confirms once the server agrees', async () => {
    const { user, field, submit, patches, queryClient } = renderForm(({ body }: StubRequest) => ({
      ...me,
      ...(body as object),
    }));

    await user.clear(field);
    await user.type(field, '  Alice M.  ');
    expect(submit).toBeEnabled();
    await user.click(submit);

    expect(await screen.findByText('Votre nom d’affichage a été enregistré.')).toBeVisible();
    expect(patches()).toEqual([
      { method: 'PATCH', path: '/api/auth/user', body: { displayName: 'Alice M.' } },
    ]);
    // Every screen that shows the signed-in user's name reads it from there.
    expect(queryClient.getQueryData(CURRENT_USER_KEY)).toMatchObject({ displayName: 'Alice M.' });
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
