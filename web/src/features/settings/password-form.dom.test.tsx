import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ApiErrorBody } from '#shared/auth';
import { stubFetch } from '@/test/fetch-stub';
import { renderApp } from '@/test/render';
import { PasswordForm } from './password-form';

const wrongCurrent: ApiErrorBody = {
  message: 'Le mot de passe actuel est incorrect',
  errors: { currentPassword: ['Le mot de passe actuel est incorrect'] },
};

function renderForm(answer: unknown = { status: 204 }) {
  const requests = stubFetch({ 'POST /api/auth/password': answer, 'GET /api/auth/sessions': [] });
  const rendered = renderApp(<PasswordForm />);
  const current = screen.getByLabelText('Mot de passe actuel');
  const next = screen.getByLabelText('Nouveau mot de passe');
  const submit = screen.getByRole('button', { name: 'Changer le mot de passe' });
  return { ...rendered, requests, current, next, submit };
}

describe('the password form (Paramètres › Sécurité)', () => {
  it('cannot be sent untouched, and says in French what is wrong before asking the server', async () => {
    const { user, requests, current, next, submit } = renderForm();
    expect(submit).toBeDisabled();

    await user.type(next, 'court');
    await user.click(submit);

    const alerts = await screen.findAllByRole('alert');
    expect(alerts.map((alert) => alert.textContent)).toEqual([
      'Le mot de passe actuel est requis',
      'Le mot de passe doit contenir au moins 8 caractères',
    ]);
    expect(current).toHaveAttribute('aria-invalid', 'true');
    expect(next).toHaveAttribute('aria-invalid', 'true');
    expect(requests.filter((r) => r.method === 'POST')).toEqual([]);
  });

  // Before the success: a toast stays in the toaster's store (use-toast.ts) for the file.
  it('puts the server’s refusal under the field it is about', async () => {
    const { user, current, next, submit } = renderForm({ status: 400, json: wrongCurrent });

    await user.type(current, 'pas le bon');
    await user.type(next, 'abeilles rousses au verger');
    await user.click(submit);

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Le mot de passe actuel est incorrect',
    );
    expect(current).toHaveAttribute('aria-invalid', 'true');
    expect(next).toHaveValue('abeilles rousses au verger');
    expect(screen.queryByText('Mot de passe changé')).toBeNull();
  });

  it('sends both passwords, empties the form and confirms once the server agrees', async () => {
    const { user, requests, current, next, submit } = renderForm();

    await user.type(current, 'ancien mot de passe');
    await user.type(next, 'abeilles rousses au verger');
    await user.click(submit);

    expect(await screen.findByText('Mot de passe changé')).toBeVisible();
    expect(screen.getByText('Vos autres sessions ont été déconnectées.')).toBeVisible();
    expect(requests.find((r) => r.method === 'POST')).toEqual({
      method: 'POST',
      path: '/api/auth/password',
      body: { currentPassword: 'ancien mot de passe', newPassword: 'abeilles rousses au verger' },
    });
    expect(current).toHaveValue('');
    expect(next).toHaveValue('');
  });
});
