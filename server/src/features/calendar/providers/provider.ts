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
  /** The provider's modification time (Google `updated`, Graph `lastModifiedDateTime`). */
  updatedAt: Date;
}

/** An event deleted at the provider (Google cancelled, Graph @removed). */
export interface RemovedEvent {
  id: string;
  /** When, if the provider says (Google's `updated` on a cancelled event; Graph does not). */
  at: Date | null;
}

/** What a create or an update answers: the remote id, its new version and modification time. */
export interface RemoteWrite {
  id: string;
  version: string;
  updatedAt: Date;
}

export interface ChangePage {
  changed: RemoteEvent[];
  removed: RemovedEvent[];
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
  createEvent(token: string, calendarId: string, event: EventWrite): Promise<RemoteWrite>;
  updateEvent(
    token: string,
    calendarId: string,
    eventId: string,
    event: EventWrite,
  ): Promise<RemoteWrite>;
  /** Deletes the remote copy; one already gone (404, 410) counts as deleted. */
  deleteEvent(token: string, calendarId: string, eventId: string): Promise<void>;
}

export type ProviderFactory = (config: CalendarProviderConfig) => CalendarProvider;

const ymd = (d: Date) => d.toISOString().slice(0, 10);

/** A provider's time stamp; when missing or unreadable, the time it was read. */
export const stampOf = (value: string | undefined): Date => {
  const at = value ? new Date(value) : new Date(Number.NaN);
  return Number.isNaN(at.getTime()) ? new Date() : at;
};

export { ymd };
