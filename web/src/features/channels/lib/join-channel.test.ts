import { describe, expect, it } from 'vitest';
import { setup } from '@/lib/test-socket';
import { joinChannel } from './join-channel';

describe('joinChannel', () => {
  it('joins now when open, and the last joined channel again after auth on every reconnect', () => {
    const { client, current, timers } = setup();
    client.start('u1');
    current().open();
    joinChannel(client, 'c1');
    joinChannel(client, 'c2');
    expect(current().sent).toEqual([
      { type: 'auth', userId: 'u1' },
      { type: 'join_channel', channelId: 'c1' },
      { type: 'join_channel', channelId: 'c2' },
    ]);
    current().drop();
    client.send({ type: 'typing', channelId: 'c2', isTyping: false });
    timers.advance(3000);
    current().open();
    expect(current().sent).toEqual([
      { type: 'auth', userId: 'u1' },
      { type: 'join_channel', channelId: 'c2' },
      { type: 'typing', channelId: 'c2', isTyping: false },
    ]);
  });

  it('does not queue a join made while closed: the open sends the latest one', () => {
    const { client, current } = setup();
    client.start('u1');
    joinChannel(client, 'c1');
    joinChannel(client, 'c3');
    expect(client.queuedCount).toBe(0);
    current().open();
    expect(current().sent).toEqual([
      { type: 'auth', userId: 'u1' },
      { type: 'join_channel', channelId: 'c3' },
    ]);
  });
});
