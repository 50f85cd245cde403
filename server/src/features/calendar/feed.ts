import { createHash, randomBytes } from 'node:crypto';
import { asc, eq } from 'drizzle-orm';
import ical from 'ical-generator';
import type { CalendarFeed } from '#shared/calendar';
import type { Db } from '../../db/client';
import { calendarEvents, calendarFeeds } from './schema';

/** 256 random bits, URL-safe: the feed's address is its only credential. */
const TOKEN_RE = /^[A-Za-z0-9_-]{43}$/;

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

export const feedPath = (token: string) => `/api/calendar/feed/${token}.ics`;

/** Whether the user has a feed (its address is shown only once, when made: it is kept hashed). */
export async function getFeed(db: Db, userId: string): Promise<CalendarFeed> {
  const [row] = await db
    .select({ createdAt: calendarFeeds.createdAt })
    .from(calendarFeeds)
    .where(eq(calendarFeeds.userId, userId));
  return { active: Boolean(row), createdAt: row?.createdAt.toISOString() ?? null, url: null };
}

/** A new secret replaces the old one, whose address stops working at once. */
export async function regenerateFeed(
  db: Db,
  userId: string,
  origin: string,
): Promise<CalendarFeed> {
  const token = randomBytes(32).toString('base64url');
  const [row] = await db
    .insert(calendarFeeds)
    .values({ userId, tokenHash: hashToken(token) })
    .onConflictDoUpdate({
      target: calendarFeeds.userId,
      set: { tokenHash: hashToken(token), createdAt: new Date() },
    })
    .returning();
  return { active: true, createdAt: row!.createdAt.toISOString(), url: origin + feedPath(token) };
}

export async function revokeFeed(db: Db, userId: string): Promise<void> {
  await db.delete(calendarFeeds).where(eq(calendarFeeds.userId, userId));
}

/**
 * The iCalendar text (RFC 5545) of the token's owner: their events, task due dates among
 * them (all-day DATE values), or null when the token is unknown or revoked.
 */
export async function renderFeed(db: Db, token: string, host: string): Promise<string | null> {
  if (!TOKEN_RE.test(token)) return null;
  const [feed] = await db
    .select({ userId: calendarFeeds.userId })
    .from(calendarFeeds)
    .where(eq(calendarFeeds.tokenHash, hashToken(token)));
  if (!feed) return null;
  const rows = await db
    .select()
    .from(calendarEvents)
    .where(eq(calendarEvents.userId, feed.userId))
    .orderBy(asc(calendarEvents.startTime));
  const calendar = ical({ name: 'Ruche', prodId: { company: 'Ruche', product: 'Agenda' } });
  for (const row of rows) {
    calendar.createEvent({
      id: `${row.id}@${host}`,
      start: row.startTime,
      end: row.endTime,
      allDay: row.allDay,
      summary: row.title,
      description: row.description,
      location: row.location,
      lastModified: row.updatedAt,
      created: row.createdAt,
    });
  }
  return calendar.toString();
}
