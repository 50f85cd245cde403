import type { RemoteCalendar } from '#shared/calendar';
import type { CalendarProviderConfig } from '../../../config';
import type { TokenSet } from './http';

/** An event as both providers' APIs describe it, reduced to what Ruche keeps. */
export interface RemoteEvent {
  id: string;
  /** etag (Google) or changeKey (Graph): unchanged means nothing to import. */
  version: string;
  title: string;
  description: string | null;
  location: string | null;
  start: Date;
  end: Date;
  allDay: boolean;
}

export interface ChangePage {
  changed: RemoteEvent[];
  removed: string[];
  /** Where the next incremental sync starts (Google nextSyncToken, Graph deltaLink). */
  cursor: string;
}

export interface EventWrite {
  title: string;
  description: string | null;
  location: string | null;
  start: Date;
  end: Date;
  allDay: boolean;
}

/** What the sync needs from a provider; google.ts and outlook.ts implement it with fetch. */
export interface CalendarProvider {
  authorizeUrl(input: {
    redirectUri: string;
    state: string;
    codeChallenge: string;
    write: boolean;
  }): string;
  exchangeCode(input: {
    code: string;
    redirectUri: string;
    codeVerifier: string;
  }): Promise<TokenSet>;
  refresh(refreshToken: string): Promise<TokenSet>;
  listCalendars(token: string): Promise<RemoteCalendar[]>;
  /** Every change since `cursor` (all events when null), following every page. */
  listChanges(token: string, calendarId: string, cursor: string | null): Promise<ChangePage>;
  createEvent(
    token: string,
    calendarId: string,
    event: EventWrite,
  ): Promise<{ id: string; version: string }>;
  updateEvent(
    token: string,
    calendarId: string,
    eventId: string,
    event: EventWrite,
  ): Promise<{ id: string; version: string }>;
}

export type ProviderFactory = (config: CalendarProviderConfig) => CalendarProvider;

const ymd = (d: Date) => d.toISOString().slice(0, 10);

export { ymd };
