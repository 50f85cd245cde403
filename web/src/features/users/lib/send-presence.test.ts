import { describe, expect, it } from 'vitest';
import { setup } from '@/lib/test-socket';
import { sendPresence } from './send-presence';

describe('sendPresence', () => {
  it('sends a change once, and re-sends away after auth on a reconnect', () => {
    const { client, current, timers } = setup();
    client.start('u1');
    current().open();
    sendPresence(client, 'away');
    sendPresence(client, 'away');
    expect(current().sent).toEqual([
      { type: 'auth', userId: 'u1' },
      { type: 'presence', status: 'away' },
    ]);
    current().drop();
    timers.advance(3000);
    current().open();
    expect(current().sent).toEqual([
      { type: 'auth', userId: 'u1' },
      { type: 'presence', status: 'away' },
    ]);
  });

  it('does not re-send an online presence after a reconnect', () => {
    const { client, current, timers } = setup();
    client.start('u1');
    current().open();
    sendPresence(client, 'away');
    sendPresence(client, 'online');
    current().drop();
    timers.advance(3000);
    current().open();
    expect(current().sent).toEqual([{ type: 'auth', userId: 'u1' }]);
  });
});
