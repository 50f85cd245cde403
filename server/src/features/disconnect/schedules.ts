import { sql } from 'drizzle-orm';
import type { DisconnectPolicy, WorkingDay } from '#shared/disconnect';
import { safeTimeZone } from '#shared/french-dates';
import type { Db } from '../../db/client';
import { uuids } from '../../db/values';
import { chosenTimeZones } from '../reminders/service';
import type { Schedule } from './hours';
import { timeOff, workingHours } from './schema';

const DAY_MS = 86_400_000;

/**
 * safeTimeZone makes an Intl.DateTimeFormat to check the zone: a third of a millisecond, once
 * per zone here rather than once per person (1,000 recipients took 300 ms).
 */
const checkedZones = new Map<string, string>();
function zoneOrDefault(zone: string): string {
  let safe = checkedZones.get(zone);
  if (safe === undefined) {
    safe = safeTimeZone(zone);
    if (checkedZones.size < 1_000) checkedZones.set(zone, safe);
  }
  return safe;
}

/** YYYY-MM-DD of a UTC day `days` before `at`: time off ending before it can no longer matter. */
const cutoff = (at: Date, days: number) =>
  new Date(at.getTime() - days * DAY_MS).toISOString().slice(0, 10);

/**
 * The schedules read for the notifications of one moment are kept SCHEDULE_TTL_MS per store:
 * a busy channel's messages (hundreds a second in bench scenario (a)) then ask the store
 * nothing — reading them for each message's batch cost the fan-out most of its throughput.
 * A change made on this node forgets its person's at once (forgetSchedule), a policy change
 * all of them; one made on another node (or a new time zone) is seen within the TTL.
 */
const SCHEDULE_TTL_MS = 30_000;
const CACHE_MAX = 50_000;
interface Cached {
  schedule: Schedule;
  key: string;
  /** The earliest end of time off it holds (YYYY-MM-DD): older ones were not read. */
  cutoff: string;
  until: number;
}
const caches = new WeakMap<Db, Map<string, Cached>>();

export function forgetSchedule(db: Db, userId?: string): void {
  if (userId === undefined) caches.delete(db);
  else caches.get(db)?.delete(userId);
}

/**
 * The schedules of `userIds`, in bulk, with a key equal for equal schedules (most people keep
 * the instance's week, zone and no time off, so a batch computes each distinct schedule once):
 * from the cache, else their own weeks, zones and time off in three statements whatever
 * their number, the policy's defaults for the rest. Time off that ended two days before
 * `from` is left out (no zone is two days behind). `fresh`: read the store, not the cache.
 */
export async function schedulesOf(
  db: Db,
  policy: DisconnectPolicy,
  userIds: readonly string[],
  from: Date,
  { fresh = false } = {},
): Promise<Map<string, { schedule: Schedule; key: string }>> {
  const out = new Map<string, { schedule: Schedule; key: string }>();
  if (userIds.length === 0) return out;
  const since = cutoff(from, 2);
  const now = Date.now();
  let cache = caches.get(db);
  if (!cache) {
    cache = new Map();
    caches.set(db, cache);
  }
  const missing: string[] = [];
  for (const userId of userIds) {
    const hit = fresh ? undefined : cache.get(userId);
    if (hit && hit.until > now && hit.cutoff <= since) out.set(userId, hit);
    else missing.push(userId);
  }
  if (missing.length === 0) return out;
  const read = await readSchedules(db, policy, missing, since);
  if (cache.size + read.size > CACHE_MAX) cache.clear();
  for (const [userId, schedule] of read) {
    const entry = {
      schedule,
      key: scheduleKey(schedule),
      cutoff: since,
      until: now + SCHEDULE_TTL_MS,
    };
    cache.set(userId, entry);
    out.set(userId, entry);
  }
  return out;
}

async function readSchedules(
  db: Db,
  policy: DisconnectPolicy,
  userIds: readonly string[],
  since: string,
): Promise<Map<string, Schedule>> {
  const ids = uuids(userIds);
  const [weeks, zones, offs] = await Promise.all([
    db.execute<{ user_id: string; days: WorkingDay[]; holidays: boolean }>(
      sql`select user_id, days, holidays from ${workingHours} where user_id = any(${ids})`,
    ),
    chosenTimeZones(db, userIds),
    db.execute<{ user_id: string; start_date: string; end_date: string }>(
      sql`select user_id, start_date, end_date from ${timeOff}
        where user_id = any(${ids}) and end_date >= ${since}
        order by start_date`,
    ),
  ]);
  const weekOf = new Map([...weeks].map((w) => [w.user_id, w]));
  const offOf = new Map<string, Array<{ start: string; end: string }>>();
  for (const o of offs) {
    const list = offOf.get(o.user_id) ?? [];
    list.push({ start: o.start_date, end: o.end_date });
    offOf.set(o.user_id, list);
  }
  // Whoever keeps every default shares one schedule (and so one key, and one computation).
  const shared: Schedule = {
    days: policy.defaultHours.days,
    holidays: policy.defaultHours.holidays,
    timeZone: zoneOrDefault(policy.defaultTimeZone),
    timeOff: [],
  };
  const out = new Map<string, Schedule>();
  for (const userId of userIds) {
    const week = weekOf.get(userId);
    const zone = zones.get(userId);
    const offsOf = offOf.get(userId);
    if (!week && !zone && !offsOf) {
      out.set(userId, shared);
      continue;
    }
    out.set(userId, {
      days: week?.days ?? policy.defaultHours.days,
      holidays: week?.holidays ?? policy.defaultHours.holidays,
      timeZone: zoneOrDefault(zone ?? policy.defaultTimeZone),
      timeOff: offsOf ?? [],
    });
  }
  return out;
}

const keys = new WeakMap<Schedule, string>();

/** A key equal for equal schedules (service.ts, availabilityOf). */
function scheduleKey(s: Schedule): string {
  let key = keys.get(s);
  if (key === undefined) {
    key = JSON.stringify([s.days, s.holidays, s.timeZone, s.timeOff]);
    keys.set(s, key);
  }
  return key;
}
