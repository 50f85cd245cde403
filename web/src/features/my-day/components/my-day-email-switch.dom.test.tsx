import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { MyDayEmailSetting } from '#shared/my-day';
import { type StubRequest, stubFetch } from '@/test/fetch-stub';
import { renderApp } from '@/test/render';
import { MyDayEmailSwitch } from './my-day-email-switch';

const LABEL = 'Recevoir «\u00a0Ma journée\u00a0» par e-mail chaque matin';
const NEXT = '2030-12-03T07:30:00.000Z';

describe('« Ma journée » by e-mail, on its page (docs/product.md)', () => {
  it('is off by default; turned on, it says when the next one goes, and turns off again', async () => {
    const requests = stubFetch({
      'GET /api/me/day/email': { enabled: false, available: true, nextSendAt: null },
      'PUT /api/me/day/email': ({ body }: StubRequest): MyDayEmailSetting => {
        const { enabled } = body as { enabled: boolean };
        return { enabled, available: true, nextSendAt: enabled ? NEXT : null };
      },
    });
    const { user } = renderApp(<MyDayEmailSwitch timeZone="Europe/Paris" />);
    const toggle = await screen.findByRole('switch', { name: LABEL });
    expect(toggle).not.toBeChecked();

    await user.click(toggle);
    expect(await screen.findByText(/^Prochain envoi\s: mardi 3 décembre à 08:30$/)).toBeVisible();
    expect(toggle).toBeChecked();
    await user.click(toggle);
    expect(await screen.findByText(/Au début de chacun de vos jours de travail/)).toBeVisible();
    expect(toggle).not.toBeChecked();
    expect(requests.filter((r) => r.method === 'PUT').map((r) => r.body)).toEqual([
      { enabled: true },
      { enabled: false },
    ]);
  });

  it('says why, and stays inert, when the instance sends no mail', async () => {
    stubFetch({ 'GET /api/me/day/email': { enabled: false, available: false, nextSendAt: null } });
    renderApp(<MyDayEmailSwitch timeZone="Europe/Paris" />);
    const toggle = await screen.findByRole('switch', { name: LABEL });
    expect(toggle).toBeDisabled();
    expect(toggle).toHaveAccessibleDescription(/Cette instance n’envoie pas d’e-mails/);
  });
});
