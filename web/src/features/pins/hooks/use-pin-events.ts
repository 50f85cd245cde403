import { useQueryClient } from '@tanstack/react-query';
import type { ServerEventType } from '#shared/protocol';
import { useSocketCatchUp, useSocketEvent } from '@/lib/socket-context';
import type { ServerEventOf } from '@/lib/socket-events';
import { forgetPin, PINS_KEY_ROOT, storePin } from '../api/pins';
import { forgetSaved, SAVED_KEY_ROOT, storeSaved } from '../api/saved';

const PIN_EVENTS = [
  'message_pinned',
  'message_unpinned',
  'message_saved',
  'message_unsaved',
] as const satisfies readonly ServerEventType[];

/**
 * Pins (to the channel's members) and saves (to one's own tabs) → the pins and saved
 * queries. Edits and deletions of the messages they hold come through lib/message-queries.
 * What a socket away missed is refetched after it is back.
 */
export function usePinEvents(): void {
  const queryClient = useQueryClient();
  useSocketEvent(PIN_EVENTS, (event: ServerEventOf<(typeof PIN_EVENTS)[number]>) => {
    switch (event.type) {
      case 'message_pinned':
        return storePin(queryClient, event.channelId, event.pin);
      case 'message_unpinned':
        return forgetPin(queryClient, event.channelId, event.messageId);
      case 'message_saved':
        return storeSaved(queryClient, event.saved);
      case 'message_unsaved':
        return forgetSaved(queryClient, event.channelId, event.messageId);
    }
  });
  useSocketCatchUp(({ first }) => {
    if (first) return;
    void queryClient.invalidateQueries({ queryKey: [PINS_KEY_ROOT] });
    void queryClient.invalidateQueries({ queryKey: [SAVED_KEY_ROOT] });
  });
}
