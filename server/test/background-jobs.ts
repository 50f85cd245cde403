/**
 * Every periodic job that reads or writes the store, off: for a test that counts the store's
 * commits over a span (typing.test.ts, status.test.ts), where a job's tick landing in that span
 * is not the subject. The session sweep stays (the counters start right after one).
 */
export const STORE_JOBS_OFF: Record<string, string> = {
  REMINDERS_POLL_MS: '0',
  DIGEST_POLL_MS: '0',
  MY_DAY_POLL_MS: '0',
  PRIVACY_JOB_INTERVAL_MS: '0',
  AUDIT_PURGE_INTERVAL_MS: '0',
  FILES_DRAFT_PURGE_INTERVAL_MS: '0',
};
