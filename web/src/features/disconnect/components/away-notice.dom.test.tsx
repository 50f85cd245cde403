import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AvailabilityList } from '#shared/disconnect';
import type { ScheduledMessage } from '#shared/reminders';
import { type StubRequest, stubFetch } from '@/test/fetch-stub';
import { renderApp } from '@/test/render';
import { AwayNotice } from './away-notice';

const ALICE = '11111111-1111-4111-8111-111111111111';
const CHANNEL = '22222222-2222-4222-8222-222222222222';
// Friday 4 December 2026, 20:00; Alice is back on Monday at 9:00 — both in the zone the test
// runs in, which is the sender's (the browser's) for the warning.
const NOW = new Date(2026, 11, 4, 20, 0);
const MONDAY_9 = new Date(2026, 11, 7, 9, 0).toISOString();

const away = (urgentAllowed: boolean): AvailabilityList => ({
  urgentAllowed,
  items: [
    {
      userId: ALICE,
      displayName: 'Alice',
      available: false,
      reason: 'hours',
      nextAvailableAt: MONDAY_9,
    },
  ],
});

beforeEach(() => {
  vi.useFakeTimers({ now: NOW, toFake: ['Date'] });
});
afterEach(() => vi.useRealTimers());

function renderNotice(answer: AvailabilityList, text = 'On se voit lundi ?') {
  const done = vi.fn();
  const sendUrgent = vi.fn();
  const requests = stubFetch({
    'POST /api/disconnect/availability': answer,
    'POST /api/scheduled-messages': ({ body }: StubRequest) => ({
      status: 201,
      json: { id: 's1', ...(body as object), dueAt: MONDAY_9 } as unknown as ScheduledMessage,
    }),
  });
  const rendered = renderApp(
    <AwayNotice
      channelId={CHANNEL}
      parentMessageId={null}
      recipients={[ALICE]}
      text={text}
      schedulable={text !== ''}
      done={done}
      sendUrgent={sendUrgent}
    />,
  );
  return { ...rendered, requests, done, sendUrgent };
}

describe('the composer’s warning before sending outside working hours', () => {
  it('says when the person will be notified, and schedules the draft for then', async () => {
    const { user, requests, done } = renderNotice(away(false));
    expect(
      await screen.findByText(
        // The catalogue's non-breaking spaces read as spaces here (Testing Library's normalizer).
        'Alice est hors de ses heures de travail — sa notification arrivera lundi à 9 h',
      ),
    ).toBeVisible();
    expect(requests[0]).toEqual({
      method: 'POST',
      path: '/api/disconnect/availability',
      body: { userIds: [ALICE] },
    });
    // Not allowed by the instance: no urgent send offered.
    expect(screen.queryByRole('button', { name: 'Envoyer comme urgent' })).toBeNull();

    await user.click(screen.getByRole('button', { name: /^Programmer pour lundi 9\sh$/ }));
    expect(await screen.findByText('Message programmé pour lundi à 9 h')).toBeVisible();
    expect(requests.find((r) => r.path === '/api/scheduled-messages')?.body).toMatchObject({
      channelId: CHANNEL,
      parentMessageId: null,
      content: 'On se voit lundi ?',
      at: MONDAY_9,
    });
    expect(done).toHaveBeenCalledOnce();
  });

  it('offers « Envoyer comme urgent » where the instance allows it', async () => {
    const { user, sendUrgent } = renderNotice(away(true));
    await user.click(await screen.findByRole('button', { name: 'Envoyer comme urgent' }));
    expect(sendUrgent).toHaveBeenCalledOnce();
  });

  it('says nothing when everyone is available', async () => {
    const { requests } = renderNotice({
      urgentAllowed: true,
      items: [{ ...away(true).items[0]!, available: true, reason: null, nextAvailableAt: null }],
    });
    await vi.waitFor(() => expect(requests).toHaveLength(1));
    expect(
      screen.queryByRole('region', { name: 'Destinataires hors de leurs heures de travail' }),
    ).toBeNull();
  });
});
