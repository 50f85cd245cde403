import { screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { initials } from '@/components/user-avatar';
import { renderApp } from '@/test/render';
import { CallDialog } from './call-dialog';

describe('incoming call dialog', () => {
  // jsdom has no WebRTC: the ringing dialog only creates an empty stream for later.
  beforeAll(() => {
    globalThis.MediaStream ??= class {
      getTracks() {
        return [];
      }
    } as unknown as typeof MediaStream;
  });

  it('shows the caller’s initials as their avatar does everywhere else', async () => {
    renderApp(
      <CallDialog
        request={{
          kind: 'incoming',
          callId: 'call-1',
          channelId: 'channel-1',
          fromUser: {
            userId: 'user-1',
            firstName: 'Camille',
            lastName: 'Durand',
            displayName: 'Camille Durand',
            email: 'camille@example.test',
          },
          offer: { type: 'offer', sdp: '' },
        }}
      />,
    );
    const dialog = await screen.findByRole('dialog', { name: 'Camille Durand vous appelle' });
    expect(initials('Camille Durand')).toBe('CD');
    expect(within(dialog).getByText('CD')).toBeTruthy();
  });
});
