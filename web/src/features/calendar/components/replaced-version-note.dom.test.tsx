import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { CalendarEvent, ReplacedVersion } from '#shared/calendar';
import { stubFetch } from '@/test/fetch-stub';
import { renderApp } from '@/test/render';
import { ReplacedVersionNote } from './replaced-version-note';

// The fields the note reads; the rest of an event (meetings and the like) plays no part.
const event = (replacedVersion: ReplacedVersion | null) =>
  ({
    id: 'e1',
    userId: 'u1',
    title: 'Revue (distante)',
    description: null,
    startTime: '2031-03-02T09:00:00.000Z',
    endTime: '2031-03-02T10:00:00.000Z',
    location: null,
    allDay: false,
    taskId: null,
    task: null,
    replacedVersion,
    externalId: 'google-evt-1',
    externalSource: 'google',
    googleEventId: 'google-evt-1',
    connectionId: 'c1',
    createdAt: '2031-03-01T08:00:00.000Z',
    updatedAt: '2031-03-01T08:00:00.000Z',
  }) as CalendarEvent;

const NOTE = 'Version remplacée par la synchronisation';

const lostInRuche: ReplacedVersion = {
  provider: 'google',
  side: 'ruche',
  change: 'edited',
  changedAt: '2031-03-01T13:05:00.000Z',
  resolvedAt: '2031-03-01T13:20:00.000Z',
  previous: {
    title: 'Revue (Ruche)',
    description: 'Apporter le plan',
    location: 'Salle Ada',
    startTime: '2031-03-02T13:00:00.000Z',
    endTime: '2031-03-02T14:00:00.000Z',
    allDay: false,
  },
};

describe('the note of a version a sync replaced', () => {
  it('says which change was kept, shows the other, and goes once dismissed', async () => {
    const requests = stubFetch({
      'DELETE /api/calendar/events/e1/replaced-version': { status: 204 },
    });
    const { user } = renderApp(<ReplacedVersionNote event={event(lostInRuche)} />);
    const note = screen.getByRole('region', { name: NOTE });
    expect(note).toHaveTextContent(
      /modifié cet événement dans Ruche le 1 mars 2031 à \d\d:05, et il a été modifié ensuite dans Google Agenda/,
    );
    expect(within(note).getByText('Revue (Ruche)')).not.toBeNull();
    expect(within(note).getByText('Salle Ada')).not.toBeNull();
    expect(within(note).getByText('Apporter le plan')).not.toBeNull();
    expect(within(note).getByText(/^2 mars 2031, \d\d:00 – \d\d:00$/)).not.toBeNull();

    await user.click(within(note).getByRole('button', { name: 'Effacer la note' }));
    await waitFor(() => expect(screen.queryByRole('region', { name: NOTE })).toBeNull());
    expect(requests.map((r) => `${r.method} ${r.path}`)).toContain(
      'DELETE /api/calendar/events/e1/replaced-version',
    );
  });

  it('tells a deletion that lost, without a version to show', () => {
    stubFetch({});
    renderApp(
      <ReplacedVersionNote
        event={event({
          provider: 'outlook',
          side: 'provider',
          change: 'deleted',
          changedAt: null,
          resolvedAt: '2031-03-01T13:20:00.000Z',
          previous: null,
        })}
      />,
    );
    const note = screen.getByRole('region', { name: NOTE });
    expect(note).toHaveTextContent(
      'Cet événement a été supprimé dans Outlook, mais vous l’aviez modifié dans Ruche depuis la synchronisation précédente : il a été gardé.',
    );
    expect(within(note).queryByRole('term')).toBeNull();
  });

  it('shows nothing for an event without one', () => {
    stubFetch({});
    renderApp(<ReplacedVersionNote event={event(null)} />);
    expect(screen.queryByRole('region', { name: NOTE })).toBeNull();
  });
});
