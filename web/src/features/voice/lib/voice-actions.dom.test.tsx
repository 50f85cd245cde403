import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ClientFrame } from '#shared/protocol';
import type { VoiceParticipant } from '#shared/voice';
import { renderApp } from '@/test/render';
import {
  handleVoiceEvent,
  joinVoiceChannel,
  leaveVoiceChannel,
  takeSeatOnOpen,
} from './voice-actions';
import { getVoiceState, resetVoice, setVoiceSender, setVoiceState } from './voice-store';

/**
 * The session's state machine (docs/calls.md, "Salons vocaux"): what a tab does with the
 * server's answers and with news of its seat, without a browser.
 */
const channel = { id: 'c1', name: 'salon' };
const participant = {
  id: 'p1',
  channelId: 'c1',
  userId: 'u1',
  joinedAt: new Date(0).toISOString(),
  isMuted: false,
  isDeafened: false,
  isSharingScreen: false,
  user: {} as VoiceParticipant['user'],
} satisfies VoiceParticipant;

let sent: ClientFrame[] = [];
beforeEach(() => {
  sent = [];
  setVoiceSender((frame) => {
    sent.push(frame);
    return true;
  });
  resetVoice();
});
afterEach(() => setVoiceSender(null));

function joined(connectionId = 'conn-1') {
  setVoiceState({ status: 'joining', channel });
  handleVoiceEvent({ type: 'voice-joined', channelId: 'c1', participant, connectionId });
}

describe('the voice session', () => {
  it('is connected once the server gives the seat', () => {
    joined();
    expect(getVoiceState()).toMatchObject({ status: 'connected', connectionId: 'conn-1' });
  });

  it('stops when another tab takes the seat, and keeps going for news of its own', () => {
    joined();
    handleVoiceEvent({ type: 'voice-session', channelId: 'c1', connectionId: 'conn-1' });
    expect(getVoiceState().status).toBe('connected');
    handleVoiceEvent({ type: 'voice-session', channelId: 'c1', connectionId: 'conn-2' });
    expect(getVoiceState()).toMatchObject({ status: 'idle', channel: null, rejoinOffer: null });
  });

  it('offers to rejoin when its seat is gone (taken out, or expired)', () => {
    joined();
    handleVoiceEvent({ type: 'voice-session', channelId: null, connectionId: null });
    expect(getVoiceState()).toMatchObject({ status: 'idle', rejoinOffer: channel });
  });

  it('takes its seat again after the socket comes back, ignoring news of the old one', () => {
    joined();
    takeSeatOnOpen();
    expect(sent.at(-1)).toEqual({ type: 'voice-join', channelId: 'c1' });
    expect(getVoiceState().status).toBe('reconnecting');
    // The server freed the old socket's seat meanwhile: not a reason to stop.
    handleVoiceEvent({ type: 'voice-session', channelId: null, connectionId: null });
    expect(getVoiceState().status).toBe('reconnecting');
    handleVoiceEvent({
      type: 'voice-joined',
      channelId: 'c1',
      participant,
      connectionId: 'conn-3',
    });
    expect(getVoiceState()).toMatchObject({ status: 'connected', connectionId: 'conn-3' });
  });

  it('sends a join asked for before the socket opened once it opens, still joining', async () => {
    let open = false;
    setVoiceSender((frame) => {
      if (open) sent.push(frame);
      return open;
    });
    const mic = { getAudioTracks: () => [], getTracks: () => [] } as unknown as MediaStream;
    Object.defineProperty(navigator, 'mediaDevices', {
      configurable: true,
      value: { getUserMedia: () => Promise.resolve(mic) },
    });
    try {
      renderApp(<div />);
      await joinVoiceChannel(channel);
      expect(sent).toEqual([]);
      expect(getVoiceState().status).toBe('joining');
      open = true;
      takeSeatOnOpen();
      expect(sent).toEqual([{ type: 'voice-join', channelId: 'c1' }]);
      expect(getVoiceState().status).toBe('joining');
      handleVoiceEvent({ type: 'voice-joined', channelId: 'c1', participant, connectionId: 'c' });
      expect(getVoiceState()).toMatchObject({ status: 'connected', connectionId: 'c' });
      await screen.findByText('Connecté au canal vocal');
    } finally {
      Reflect.deleteProperty(navigator, 'mediaDevices');
    }
  });

  it('gives back a seat that arrives after leaving', () => {
    joined();
    leaveVoiceChannel();
    expect(sent.at(-1)).toEqual({ type: 'voice-leave', channelId: 'c1' });
    handleVoiceEvent({ type: 'voice-joined', channelId: 'c1', participant, connectionId: 'late' });
    expect(getVoiceState().status).toBe('idle');
    expect(sent.at(-1)).toEqual({ type: 'voice-leave', channelId: 'c1' });
  });

  it('says why a join was refused, and is idle', () => {
    setVoiceState({ status: 'joining', channel });
    handleVoiceEvent({
      type: 'voice-join-refused',
      channelId: 'c1',
      status: 409,
      message: 'Un serveur multimédia est nécessaire',
    });
    expect(getVoiceState().status).toBe('idle');
  });
});

/** The browser's answer to the microphone request: a DOMException named like a real refusal. */
function micAnswers(errorName: string) {
  Object.defineProperty(navigator, 'mediaDevices', {
    configurable: true,
    value: { getUserMedia: () => Promise.reject(new DOMException('refusé', errorName)) },
  });
}

describe("joining when the microphone cannot be had (docs/calls.md, L'application mobile)", () => {
  afterEach(() => {
    Reflect.deleteProperty(navigator, 'mediaDevices');
  });

  it('says the microphone was refused and where to allow it, and does not join', async () => {
    micAnswers('NotAllowedError');
    renderApp(<div />);
    await joinVoiceChannel(channel);
    expect(await screen.findByText('Accès au micro refusé')).toBeVisible();
    expect(
      screen.getByText(
        'Autorisez le micro pour Ruche (dans les réglages du navigateur, ou de l’appareil pour l’application), puis rejoignez le canal vocal à nouveau.',
      ),
    ).toBeVisible();
    expect(getVoiceState().status).toBe('idle');
    expect(sent).toEqual([]);
  });

  it('says no microphone was found and to plug one in, and does not join', async () => {
    micAnswers('NotFoundError');
    renderApp(<div />);
    await joinVoiceChannel(channel);
    expect(await screen.findByText('Aucun micro détecté')).toBeVisible();
    expect(
      screen.getByText('Branchez ou activez un micro, puis rejoignez le canal vocal à nouveau.'),
    ).toBeVisible();
    expect(getVoiceState().status).toBe('idle');
    expect(sent).toEqual([]);
  });
});
