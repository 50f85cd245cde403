import { useEffect } from 'react';
import type { UserStatus } from '#shared/limits';
import { sendPresence } from '@/features/users';
import type { RealtimeSocket } from '@/lib/socket';

/** No keyboard, pointer or scroll input for this long: the user is away. */
export const IDLE_AWAY_MS = 5 * 60_000;
/** A hidden tab for this long: away too (short hides — switching apps — do not flap). */
export const HIDDEN_AWAY_MS = 60_000;

const ACTIVITY_PING_MS = 60_000;

const ACTIVITY_EVENTS = ['keydown', 'pointerdown', 'pointermove', 'wheel', 'touchstart'] as const;

/**
 * docs/product.md §4 presence: away after inactivity, online again on activity. Only when the user's
 * chosen status is online: someone who chose away or offline keeps it.
 */
export function useAutoAway(socket: RealtimeSocket | null, chosenStatus: UserStatus): void {
  useEffect(() => {
    if (!socket || chosenStatus !== 'online') return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let lastActivity = 0;
    let lastPing = Date.now();
    const arm = (ms: number) => {
      clearTimeout(timer);
      timer = setTimeout(() => sendPresence(socket, 'away'), ms);
    };
    const handleActivity = () => {
      const now = Date.now();
      // pointermove fires constantly: re-arming once a second is plenty.
      if (now - lastActivity < 1000) return;
      lastActivity = now;
      sendPresence(socket, 'online');
      // The hub's own away rule counts client frames: a reader who only scrolls and moves
      // the mouse is active too, so say so now and then.
      if (now - lastPing > ACTIVITY_PING_MS) {
        lastPing = now;
        socket.send({ type: 'ping' }, { queue: false });
      }
      arm(IDLE_AWAY_MS);
    };
    const handleVisibility = () => {
      if (document.visibilityState === 'hidden') arm(HIDDEN_AWAY_MS);
      else {
        lastActivity = 0;
        handleActivity();
      }
    };
    for (const name of ACTIVITY_EVENTS)
      window.addEventListener(name, handleActivity, { passive: true });
    document.addEventListener('visibilitychange', handleVisibility);
    arm(document.visibilityState === 'hidden' ? HIDDEN_AWAY_MS : IDLE_AWAY_MS);
    return () => {
      clearTimeout(timer);
      for (const name of ACTIVITY_EVENTS) window.removeEventListener(name, handleActivity);
      document.removeEventListener('visibilitychange', handleVisibility);
    };
  }, [socket, chosenStatus]);
}
