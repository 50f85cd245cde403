import { describe, expect, it } from 'vitest';
import type { ServerEvent } from '#shared/protocol';
import { onEventsOfType } from './socket-events';

function fakeSocket() {
  const listeners = new Set<(event: ServerEvent) => void>();
  return {
    onEvent(listener: (event: ServerEvent) => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    emit(event: ServerEvent) {
      for (const listener of listeners) listener(event);
    },
  };
}

describe('onEventsOfType', () => {
  it('hands over only the events of the named types, until unsubscribed', () => {
    const socket = fakeSocket();
    const seen: string[] = [];
    const stop = onEventsOfType(socket, ['channel_deleted', 'resync'], (event) => {
      // Typed by the union: channelId exists on channel_deleted only.
      seen.push(event.type === 'channel_deleted' ? event.channelId : event.type);
    });
    socket.emit({ type: 'channel_deleted', channelId: 'c1' });
    socket.emit({ type: 'pong' });
    socket.emit({ type: 'resync' });
    stop();
    socket.emit({ type: 'channel_deleted', channelId: 'c2' });
    expect(seen).toEqual(['c1', 'resync']);
  });
});
