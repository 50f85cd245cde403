import type { RemoteCalendar } from '#shared/calendar';
import type { CalendarProviderConfig } from '../../../config';
import { apiCall, oauthGrants } from './http';
import {
  type CalendarProvider,
  type EventWrite,
  type RemoteEvent,
  type RemoteWrite,
  type RemovedEvent,
  stampOf,
  ymd,
} from './provider';

/** The narrowest scopes: list calendars, and read (or, to export, write) events. */
const READ_SCOPES = [
  'https://www.googleapis.com/auth/calendar.calendarlist.readonly',
  'https://www.googleapis.com/auth/calendar.events.readonly',
];
const WRITE_SCOPES = [
  'https://www.googleapis.com/auth/calendar.calendarlist.readonly',
  'https://www.googleapis.com/auth/calendar.events',
];

interface GoogleTime {
  date?: string;
  dateTime?: string;
}
interface GoogleEvent {
  id: string;
  etag?: string;
  status?: string;
  /** RFC 3339: the last modification of the event (also on a cancelled one). */
  updated?: string;
  summary?: string;
  description?: string;
  location?: string;
  start?: GoogleTime;
  end?: GoogleTime;
}
interface GoogleEventList {
  items?: GoogleEvent[];
  nextPageToken?: string;
  nextSyncToken?: string;
}

const toTime = (t: GoogleTime | undefined): Date | null =>
  t?.dateTime ? new Date(t.dateTime) : t?.date ? new Date(`${t.date}T00:00:00Z`) : null;

function toRemote(item: GoogleEvent): RemoteEvent | null {
  const start = toTime(item.start);
  const end = toTime(item.end);
  if (!start || !end) return null;
  return {
    id: item.id,
    version: item.etag ?? '',
    title: (item.summary ?? '(sans titre)').slice(0, 200),
    description: item.description ?? null,
    location: item.location?.slice(0, 200) ?? null,
    start,
    end,
    allDay: Boolean(item.start?.date),
    updatedAt: stampOf(item.updated),
  };
}

const written = (made: GoogleEvent): RemoteWrite => ({
  id: made.id,
  version: made.etag ?? '',
  updatedAt: stampOf(made.updated),
});

const toGoogle = (e: EventWrite) => ({
  summary: e.title,
  description: e.description ?? undefined,
  location: e.location ?? undefined,
  start: e.allDay ? { date: ymd(e.start) } : { dateTime: e.start.toISOString() },
  end: e.allDay ? { date: ymd(e.end) } : { dateTime: e.end.toISOString() },
});

/** Google Calendar API v3 and Google's OAuth 2.0 endpoints, with PKCE and offline access. */
export function googleProvider(config: CalendarProviderConfig): CalendarProvider {
  const api = config.apiUrl;
  const eventsOf = (calendarId: string) =>
    `${api}/calendars/${encodeURIComponent(calendarId)}/events`;
  return {
    authorizeUrl({ redirectUri, state, codeChallenge, write }) {
      const url = new URL(config.authorizeUrl);
      url.search = new URLSearchParams({
        client_id: config.clientId,
        redirect_uri: redirectUri,
        response_type: 'code',
        scope: (write ? WRITE_SCOPES : READ_SCOPES).join(' '),
        access_type: 'offline',
        // A refresh token is only sent at consent: ask for it every time a connection is made.
        prompt: 'consent',
        include_granted_scopes: 'true',
        state,
        code_challenge: codeChallenge,
        code_challenge_method: 'S256',
      }).toString();
      return url.toString();
    },
    ...oauthGrants(config),
    async listCalendars(token) {
      const calendars: RemoteCalendar[] = [];
      let pageToken: string | undefined;
      do {
        const url = new URL(`${api}/users/me/calendarList`);
        if (pageToken) url.searchParams.set('pageToken', pageToken);
        const page = await apiCall<{
          items?: Array<{
            id: string;
            summary?: string;
            summaryOverride?: string;
            primary?: boolean;
          }>;
          nextPageToken?: string;
        }>(url.toString(), token);
        for (const c of page.items ?? []) {
          calendars.push({
            id: c.id,
            name: c.summaryOverride ?? c.summary ?? c.id,
            primary: Boolean(c.primary),
          });
        }
        pageToken = page.nextPageToken;
      } while (pageToken);
      return calendars;
    },
    async listChanges(token, calendarId, cursor) {
      const changed: RemoteEvent[] = [];
      const removed: RemovedEvent[] = [];
      let pageToken: string | undefined;
      for (;;) {
        const url = new URL(eventsOf(calendarId));
        // Recurring events expanded into instances, cancelled ones listed (they are deletions).
        url.searchParams.set('singleEvents', 'true');
        url.searchParams.set('showDeleted', 'true');
        url.searchParams.set('maxResults', '250');
        if (cursor) url.searchParams.set('syncToken', cursor);
        if (pageToken) url.searchParams.set('pageToken', pageToken);
        const page = await apiCall<GoogleEventList>(url.toString(), token);
        for (const item of page.items ?? []) {
          const remote = item.status === 'cancelled' ? null : toRemote(item);
          if (remote) changed.push(remote);
          else removed.push({ id: item.id, at: item.updated ? stampOf(item.updated) : null });
        }
        if (page.nextPageToken) {
          pageToken = page.nextPageToken;
          continue;
        }
        if (!page.nextSyncToken)
          throw new Error('google events.list: no nextSyncToken on the last page');
        return { changed, removed, cursor: page.nextSyncToken };
      }
    },
    async createEvent(token, calendarId, event) {
      const made = await apiCall<GoogleEvent>(eventsOf(calendarId), token, {
        method: 'POST',
        body: toGoogle(event),
      });
      return written(made);
    },
    async updateEvent(token, calendarId, eventId, event) {
      const made = await apiCall<GoogleEvent>(
        `${eventsOf(calendarId)}/${encodeURIComponent(eventId)}`,
        token,
        { method: 'PATCH', body: toGoogle(event) },
      );
      return written(made);
    },
    async deleteEvent(token, calendarId, eventId) {
      // 204; an event already deleted answers 410 Gone, an unknown one 404.
      await apiCall<void>(`${eventsOf(calendarId)}/${encodeURIComponent(eventId)}`, token, {
        method: 'DELETE',
        goneIsDone: true,
      });
    },
  };
}
