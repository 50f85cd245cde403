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
} from './provider';

const READ_SCOPES = 'offline_access Calendars.Read';
const WRITE_SCOPES = 'offline_access Calendars.ReadWrite';
/** How far the delta view reaches, before and after today. */
const WINDOW_DAYS_BACK = 365;
const WINDOW_DAYS_AHEAD = 2 * 365;
const DAY_MS = 24 * 3600 * 1000;

interface GraphTime {
  dateTime: string;
  timeZone?: string;
}
interface GraphEvent {
  id: string;
  changeKey?: string;
  /** ISO 8601 in UTC: the last change of the event. */
  lastModifiedDateTime?: string;
  subject?: string;
  body?: { content?: string };
  bodyPreview?: string;
  location?: { displayName?: string };
  start?: GraphTime;
  end?: GraphTime;
  isAllDay?: boolean;
  '@removed'?: unknown;
}
interface GraphPage<T> {
  value?: T[];
  '@odata.nextLink'?: string;
  '@odata.deltaLink'?: string;
}

/** Every time is asked in UTC (Prefer: outlook.timezone), and Graph omits the offset. */
const PREFER_UTC = { Prefer: 'outlook.timezone="UTC", odata.maxpagesize=100' };
const toDate = (t: GraphTime | undefined): Date | null =>
  t?.dateTime
    ? new Date(/[zZ]|[+-]\d\d:\d\d$/.test(t.dateTime) ? t.dateTime : `${t.dateTime}Z`)
    : null;

function toRemote(item: GraphEvent): RemoteEvent | null {
  const start = toDate(item.start);
  const end = toDate(item.end);
  if (!start || !end) return null;
  return {
    id: item.id,
    version: item.changeKey ?? '',
    title: (item.subject || '(sans titre)').slice(0, 200),
    description: item.body?.content || item.bodyPreview || null,
    location: item.location?.displayName?.slice(0, 200) || null,
    start,
    end,
    allDay: Boolean(item.isAllDay),
    updatedAt: stampOf(item.lastModifiedDateTime),
  };
}

const written = (made: GraphEvent): RemoteWrite => ({
  id: made.id,
  version: made.changeKey ?? '',
  updatedAt: stampOf(made.lastModifiedDateTime),
});

const utc = (d: Date) => ({ dateTime: d.toISOString().replace(/Z$/, ''), timeZone: 'UTC' });
const toGraph = (e: EventWrite) => ({
  subject: e.title,
  body: { contentType: 'text', content: e.description ?? '' },
  location: { displayName: e.location ?? '' },
  start: utc(e.start),
  end: utc(e.end),
  isAllDay: e.allDay,
});

/** Microsoft Graph v1.0 (calendarView/delta) and the Microsoft identity platform's OAuth 2.0. */
export function outlookProvider(config: CalendarProviderConfig): CalendarProvider {
  const api = config.apiUrl;
  const calendarPath = (id: string) => `${api}/me/calendars/${encodeURIComponent(id)}`;
  return {
    authorizeUrl({ redirectUri, state, codeChallenge, write }) {
      const url = new URL(config.authorizeUrl);
      url.search = new URLSearchParams({
        client_id: config.clientId,
        redirect_uri: redirectUri,
        response_type: 'code',
        response_mode: 'query',
        scope: write ? WRITE_SCOPES : READ_SCOPES,
        prompt: 'select_account',
        state,
        code_challenge: codeChallenge,
        code_challenge_method: 'S256',
      }).toString();
      return url.toString();
    },
    ...oauthGrants(config),
    async listCalendars(token) {
      const calendars: RemoteCalendar[] = [];
      let next: string | undefined = `${api}/me/calendars`;
      while (next) {
        const page: GraphPage<{ id: string; name?: string; isDefaultCalendar?: boolean }> =
          await apiCall(next, token);
        for (const c of page.value ?? []) {
          calendars.push({ id: c.id, name: c.name ?? c.id, primary: Boolean(c.isDefaultCalendar) });
        }
        next = page['@odata.nextLink'];
      }
      return calendars;
    },
    async listChanges(token, calendarId, cursor) {
      const changed: RemoteEvent[] = [];
      const removed: RemovedEvent[] = [];
      let next = cursor;
      if (!next) {
        const url = new URL(`${calendarPath(calendarId)}/calendarView/delta`);
        url.searchParams.set(
          'startDateTime',
          new Date(Date.now() - WINDOW_DAYS_BACK * DAY_MS).toISOString(),
        );
        url.searchParams.set(
          'endDateTime',
          new Date(Date.now() + WINDOW_DAYS_AHEAD * DAY_MS).toISOString(),
        );
        next = url.toString();
      }
      for (;;) {
        const page: GraphPage<GraphEvent> = await apiCall(next, token, { headers: PREFER_UTC });
        for (const item of page.value ?? []) {
          const remote = item['@removed'] ? null : toRemote(item);
          if (remote) changed.push(remote);
          // @removed carries a reason, not a time.
          else removed.push({ id: item.id, at: null });
        }
        if (page['@odata.nextLink']) {
          next = page['@odata.nextLink'];
          continue;
        }
        const deltaLink = page['@odata.deltaLink'];
        if (!deltaLink) throw new Error('graph calendarView/delta: no deltaLink on the last page');
        return { changed, removed, cursor: deltaLink };
      }
    },
    async createEvent(token, calendarId, event) {
      const made = await apiCall<GraphEvent>(`${calendarPath(calendarId)}/events`, token, {
        method: 'POST',
        body: toGraph(event),
      });
      return written(made);
    },
    async updateEvent(token, _calendarId, eventId, event) {
      const made = await apiCall<GraphEvent>(
        `${api}/me/events/${encodeURIComponent(eventId)}`,
        token,
        {
          method: 'PATCH',
          body: toGraph(event),
        },
      );
      return written(made);
    },
    async deleteEvent(token, _calendarId, eventId) {
      // 204 No Content; an event already deleted answers 404 (ErrorItemNotFound).
      await apiCall<void>(`${api}/me/events/${encodeURIComponent(eventId)}`, token, {
        method: 'DELETE',
        goneIsDone: true,
      });
    },
  };
}
