import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { STATUS_MESSAGE_MAX } from '#shared/limits';
import { type StubRequest, stubFetch } from '@/test/fetch-stub';
import { renderApp } from '@/test/render';
import { buildUser } from '@/test/wire';
import { StatusForm } from './status-form';

const me = buildUser({ displayName: 'Alice Martin', status: 'online', statusMessage: null });

function renderForm(answer: unknown) {
  const requests = stubFetch({ 'PATCH /api/auth/user': answer });
  const rendered = renderApp(<StatusForm user={me} />, { signedInAs: me });
  const status = screen.getByRole('combobox', { name: 'Statut de présence' });
  const message = screen.getByLabelText('Message de statut');
  const submit = screen.getByRole('button', { name: 'Enregistrer le statut' });
  const patches = () => requests.filter((request: StubRequest) => request.method === 'PATCH');
  return { ...rendered, status, message, submit, patches };
}

describe('the status form (Paramètres › Statut, docs/product.md §5)', () => {
  it('counts the message’s characters and refuses one over 200 in French, without asking the server', async () => {
    const { user, message, submit, patches } = renderForm({ status: 500 });
    expect(screen.getByText(`0 / ${STATUS_MESSAGE_MAX}`)).toBeVisible();
    expect(submit).toBeDisabled();

    await user.click(message);
    await user.paste('a'.repeat(STATUS_MESSAGE_MAX + 1));
    expect(screen.getByText(`201 / ${STATUS_MESSAGE_MAX}`)).toBeVisible();
    await user.click(submit);

    expect(await screen.findByRole('alert')).toHaveTextContent('Maximum 200 caractères');
    expect(message).toHaveAttribute('aria-invalid', 'true');
    expect(patches()).toEqual([]);
  });

  // Before the success: a toast stays in the toaster's store (use-toast.ts) for the file.
  it('says so when the server fails, and keeps what was typed', async () => {
    const { user, message, submit } = renderForm({
      status: 503,
      json: { message: 'Ruche est très sollicité' },
    });

    await user.type(message, 'En réunion');
    await user.click(submit);

    expect(await screen.findByText('Impossible de mettre à jour votre profil.')).toBeVisible();
    expect(message).toHaveValue('En réunion');
  });

  it('sends the status chosen in the list with its message, and confirms', async () => {
    const { user, status, message, submit, patches } = renderForm(({ body }: StubRequest) => ({
      ...me,
      ...(body as object),
    }));
    expect(status).toHaveTextContent('En ligne');

    await user.click(status);
    await user.click(await screen.findByRole('option', { name: 'Absent' }));
    expect(status).toHaveTextContent('Absent');
    await user.click(message);
    await user.paste('  En déplacement jusqu’à jeudi ');
    await user.click(submit);

    expect(await screen.findByText('Votre statut a été enregistré.')).toBeVisible();
    expect(patches()).toEqual([
      {
        method: 'PATCH',
        path: '/api/auth/user',
        body: { status: 'away', statusMessage: 'En déplacement jusqu’à jeudi' },
      },
    ]);
  });

  it('sends no message at all when the field is left empty', async () => {
    const { user, status, submit, patches } = renderForm(({ body }: StubRequest) => ({
      ...me,
      ...(body as object),
    }));
    await user.click(status);
    await user.click(await screen.findByRole('option', { name: 'Hors ligne' }));
    await user.click(submit);

    await waitFor(() =>
      expect(patches().map((request) => request.body)).toEqual([
        { status: 'offline', statusMessage: null },
      ]),
    );
    expect(screen.getByText('Votre statut a été enregistré.')).toBeVisible();
  });
});
