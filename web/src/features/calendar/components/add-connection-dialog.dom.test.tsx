import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { CalendarProviderStatus } from '#shared/calendar';
import { stubFetch } from '@/test/fetch-stub';
import { renderApp } from '@/test/render';
import { AddConnectionDialog } from './add-connection-dialog';

const providers = (google: boolean, outlook: boolean): CalendarProviderStatus[] => [
  { provider: 'google', configured: google },
  { provider: 'outlook', configured: outlook },
];

const open = () => renderApp(<AddConnectionDialog open onOpenChange={() => undefined} />);

describe('« Ajouter une connexion » (docs/calendar.md, "Connections and OAuth")', () => {
  it('shows a provider the server cannot reach disabled, with why, before anything is filled', async () => {
    const requests = stubFetch({ 'GET /api/calendar/providers': providers(false, true) });
    open();
    const dialog = await screen.findByRole('dialog', { name: 'Ajouter une connexion' });
    const google = await within(dialog).findByRole('radio', { name: 'Google' });
    expect(google).toBeDisabled();
    expect(google).toHaveAccessibleDescription('Non configuré sur ce serveur');
    // The form starts on the one that works.
    const outlook = within(dialog).getByRole('radio', { name: 'Outlook' });
    expect(outlook).toBeEnabled();
    expect(outlook).toBeChecked();
    expect(
      within(dialog).getByRole('button', { name: 'Continuer vers le fournisseur' }),
    ).toBeEnabled();
    expect(requests.map((r) => `${r.method} ${r.path}`)).toEqual(['GET /api/calendar/providers']);
  });

  it('says so up front, and cannot be sent, when no provider is configured', async () => {
    stubFetch({ 'GET /api/calendar/providers': providers(false, false) });
    open();
    const dialog = await screen.findByRole('dialog', { name: 'Ajouter une connexion' });
    expect(
      await within(dialog).findByText(/Aucun fournisseur d’agenda n’est configuré sur ce serveur/),
    ).toBeVisible();
    expect(within(dialog).getByRole('radio', { name: 'Google' })).toBeDisabled();
    expect(within(dialog).getByRole('radio', { name: 'Outlook' })).toBeDisabled();
    expect(
      within(dialog).getByRole('button', { name: 'Continuer vers le fournisseur' }),
    ).toBeDisabled();
  });

  it('explains each direction beside its name', async () => {
    stubFetch({ 'GET /api/calendar/providers': providers(true, true) });
    open();
    const dialog = await screen.findByRole('dialog', { name: 'Ajouter une connexion' });
    expect(await within(dialog).findByRole('radio', { name: 'Google' })).toBeChecked();
    expect(
      within(dialog).getByRole('radio', { name: 'Bidirectionnelle' }),
    ).toHaveAccessibleDescription(
      'Dans les deux sens\u00a0: un changement d’un côté est reporté de l’autre.',
    );
  });
});
