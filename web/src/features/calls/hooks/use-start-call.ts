import { useCallback } from 'react';
import type { User } from '#shared/users';
import { requestCall } from '../lib/call-store';

/** Start a video call with the other person of a direct channel (the header's button). */
export function useStartCall() {
  return useCallback((channelId: string, user: User, name: string) => {
    requestCall({
      kind: 'outgoing',
      channelId,
      peerName: name,
      peer: {
        userId: user.id,
        firstName: user.firstName,
        lastName: user.lastName,
        displayName: user.displayName,
        email: user.email,
      },
    });
  }, []);
}
