import { useCallback } from 'react';
import type { User } from '#shared/users';

/** Start a video call with the other person of a direct channel (the header's button). */
export function useStartCall() {
  return useCallback((channelId: string, user: User, name: string) => {
    // The store comes with the call layer's chunk, not with the channel view.
    void import('../lib/call-store').then(({ requestCall }) =>
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
      }),
    );
  }, []);
}
