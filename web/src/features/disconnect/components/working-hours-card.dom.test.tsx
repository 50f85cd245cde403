import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DEFAULT_WEEK, type WorkingHours } from '#shared/disconnect';
import { type StubRequest, stubFetch } from '@/test/fetch-stub';
import { renderApp } from '@/test/render';
import { WorkingHoursCard } from './working-hours-card';

const hours = (over: Partial<WorkingHours> = {}): WorkingHours => ({
  ...DEFAULT_WEEK,
  timeZone: 'Europe/Paris',
  usesDefault: true,
  timeOff: [],
  ...over,
});

describe('« Heures de travail » in the settings (docs/product.md, « Droit à la déconnexion »)', () => {
  it('saves a week with Friday off and Monday from 8:30, and refuses an end before its start', async () => {
    const requests = stubFetch({
      'GET /api/me/working-hours': hours(),
      'PUT /api/me/working-hours': ({ body }: StubRequest) =>
        hours({ ...(body as object), usesDefault: false }),
    });
    const { user } = renderApp(<WorkingHoursCard />);
    const card = await screen.findByRole('region', { name: 'Heures de travail' });
    expect(
      await within(card).findByText(/Horaires de l’instance, fuseau Europe\/Paris/),
    ).toBeVisible();
    const save = within(card).getByRole('button', { name: 'Enregistrer les horaires' });
    expect(save).toBeDisabled();
    expect(
      within(card).getByRole('button', { name: 'Revenir aux horaires de l’instance' }),
    ).toBeDisabled();

    await user.click(within(card).getByRole('switch', { name: 'Vendredi travaillé' }));
    expect(within(card).queryByLabelText('Vendredi, début')).toBeNull();
    // A time input takes its value whole (as the browser's picker gives it).
    const mondayEnd = within(card).getByLabelText('Lundi, fin');
    fireEvent.change(mondayEnd, { target: { value: '08:00' } });
    expect(await within(card).findByRole('alert')).toHaveTextContent(
      'L’heure de fin doit suivre l’heure de début',
    );
    expect(save).toBeDisabled();
    fireEvent.change(mondayEnd, { target: { value: '17:00' } });
    fireEvent.change(within(card).getByLabelText('Lundi, début'), { target: { value: '08:30' } });
    await user.click(save);

    expect(await screen.findByText('Heures de travail enregistrées')).toBeVisible();
    const put = requests.find((r) => r.method === 'PUT');
    expect(put?.body).toEqual({
      holidays: true,
      days: [
        { weekday: 1, start: '08:30', end: '17:00' },
        { weekday: 2, start: '09:00', end: '18:00' },
        { weekday: 3, start: '09:00', end: '18:00' },
        { weekday: 4, start: '09:00', end: '18:00' },
        { weekday: 5, off: true },
        { weekday: 6, off: true },
        { weekday: 7, off: true },
      ],
    });
    expect(await within(card).findByText(/Vos horaires, fuseau/)).toBeVisible();
  });

  it('adds a time off with its label, lists it, and deletes it', async () => {
    let timeOff: WorkingHours['timeOff'] = [];
    const requests = stubFetch({
      'GET /api/me/working-hours': () => hours({ timeOff }),
      'POST /api/me/time-off': ({ body }: StubRequest) => {
        const item = { id: 't1', ...(body as { start: string; end: string; label?: string }) };
        timeOff = [item];
        return { status: 201, json: item };
      },
      'DELETE /api/me/time-off/t1': () => {
        timeOff = [];
        return { status: 204 };
      },
    });
    const { user } = renderApp(<WorkingHoursCard />);
    const form = await screen.findByRole('form', { name: 'Ajouter un congé' });
    await user.type(within(form).getByLabelText('Premier jour'), '2027-03-12');
    await user.type(within(form).getByLabelText('Dernier jour'), '2027-03-20');
    await user.type(within(form).getByLabelText('Libellé (facultatif)'), 'Ski');
    await user.click(within(form).getByRole('button', { name: 'Ajouter le congé' }));

    const list = await screen.findByRole('list', { name: 'Congés prévus' });
    expect(list).toHaveTextContent('du 12 mars au 20 mars · Ski');
    expect(requests.find((r) => r.method === 'POST')?.body).toEqual({
      start: '2027-03-12',
      end: '2027-03-20',
      label: 'Ski',
    });
    await user.click(
      within(list).getByRole('button', {
        name: 'Supprimer le congé du 12\u00a0mars au 20\u00a0mars',
      }),
    );
    expect(await screen.findByText('Aucun congé prévu.')).toBeVisible();
  });
});
