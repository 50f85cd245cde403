import { afterEach, describe, expect, it } from 'vitest';
import { PRESENCE_WATCH_MAX } from '#shared/limits';
import {
  clearPresence,
  LINGER_MS,
  onWatchAdded,
  showPresenceOf,
  watchedUsers,
} from './presence-store';

afterEach(() => clearPresence());

describe('whom the page watches (presence_watch)', () => {
  it('watches whoever is shown, once however many avatars show them', () => {
    const added: number[] = [];
    const stop = onWatchAdded(() => added.push(1));
    const hideA1 = showPresenceOf('a');
    const hideA2 = showPresenceOf('a');
    showPresenceOf('b');
    expect(watchedUsers().sort()).toEqual(['a', 'b']);
    expect(added.length).toBe(2);
    hideA1();
    hideA2();
    // Hidden, but still watched for a while: no churn when it comes back.
    expect(watchedUsers().sort()).toEqual(['a', 'b']);
    showPresenceOf('a');
    expect(added.length).toBe(2);
    stop();
  });

  it('lets someone hidden go after LINGER_MS', () => {
    const hide = showPresenceOf('a');
    showPresenceOf('b');
    hide();
    const now = Date.now();
    expect(watchedUsers(now + LINGER_MS - 1000).sort()).toEqual(['a', 'b']);
    expect(watchedUsers(now + LINGER_MS + 1000)).toEqual(['b']);
  });

  it('keeps the shown first and stays within the server limit', () => {
    for (let i = 0; i < PRESENCE_WATCH_MAX; i++) showPresenceOf(`hidden-${i}`)();
    showPresenceOf('shown');
    const watched = watchedUsers();
    expect(watched.length).toBe(PRESENCE_WATCH_MAX);
    expect(watched[0]).toBe('shown');
  });
});
