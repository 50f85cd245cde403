import { setPresence } from '@/lib/presence-store';
import { useSocketEvent } from '@/lib/socket-context';

/** docs/product.md §4: everyone's live status dot follows presence_update (avatars read the store). */
export function usePresenceEvents(): void {
  useSocketEvent('presence_update', (event) => setPresence(event.userId, event.status));
}
