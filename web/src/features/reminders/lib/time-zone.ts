import { DEFAULT_TIME_ZONE } from '#shared/time-zone';

/** The browser's zone: the server keeps it as the person's until they choose one. */
export function browserTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || DEFAULT_TIME_ZONE;
  } catch {
    return DEFAULT_TIME_ZONE;
  }
}
