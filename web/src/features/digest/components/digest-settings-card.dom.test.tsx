import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { DigestSettings } from '#shared/digest';
import { type StubRequest, stubFetch } from '@/test/fetch-stub';
import { renderApp } from '@/test/render';
import { DigestSettingsCard } from './digest-settings-card';

const settings = (over: Partial<DigestSettings> = {}): DigestSettings => ({
  enabled: true,
  delayMinutes: 15,
  periodMinutes: 60,
  available: true,
  ...over,
});

describe('« E-mail récapitulatif » in the settings (docs/product.md)', () => {
  it('turns it off, and chooses the delay and the period, each saved at once', async () => {
    const requests = stubFetch({
      'GET /api/digest/settings': settings(),
      'PUT /api/digest/settings': ({ body }: StubRequest) => settings(body as object),
    });
    const { user } = renderApp(<DigestSettingsCard />);
    const card = await screen.findByRole('region', { name: 'E-mail récapitulatif' });
    const delay = await within(card).findByRole('combobox', { name: 'Après une absence de' });
    expect(delay).toHaveTextContent('15 minutes');
    const period = within(card).getByRole('combobox', { name: 'Au plus' });
    expect(period).toHaveTextContent('un e-mail par heure');

    await user.click(delay);
    await user.click(await screen.findByRole('option', { name: '1 heure' }));
    expect(await screen.findByText('E-mail récapitulatif enregistré')).toBeVisible();
    expect(delay).toHaveTextContent('1 heure');
    await user.click(period);
    await user.click(await screen.findByRole('option', { name: 'un e-mail par jour' }));
    await user.click(within(card).getByRole('switch', { name: 'Recevoir l’e-mail récapitulatif' }));

    const puts = requests.filter((r) => r.method === 'PUT').map((r) => r.body);
    expect(puts).toEqual([
      { enabled: true, delayMinutes: 60, periodMinutes: 60 },
      { enabled: true, delayMinutes: 60, periodMinutes: 1440 },
      { enabled: false, delayMinutes: 60, periodMinutes: 1440 },
    ]);
    expect(
      within(card).getByRole('switch', { name: 'Recevoir l’e-mail récapitulatif' }),
    ).not.toBeChecked();
    expect(delay).toBeDisabled();
  });

  it('says why, and stays inert, when the instance sends no mail', async () => {
    stubFetch({ 'GET /api/digest/settings': settings({ available: false }) });
    renderApp(<DigestSettingsCard />);
    const card = await screen.findByRole('region', { name: 'E-mail récapitulatif' });
    expect(await within(card).findByText(/Cette instance n’envoie pas d’e-mails/)).toBeVisible();
    const toggle = within(card).getByRole('switch', { name: 'Recevoir l’e-mail récapitulatif' });
    expect(toggle).toBeDisabled();
    expect(toggle).not.toBeChecked();
  });
});
