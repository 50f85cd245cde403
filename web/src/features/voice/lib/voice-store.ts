import { useSyncExternalStore } from 'react';
import type { ClientFrame } from '#shared/protocol';
import type { VoiceParticipant } from '#shared/voice';
import type { SfuMode } from '@/lib/sfu-client';

/**
 * The person's one voice session (docs/calls.md, "Salons vocaux"): it belongs to the app
 * shell, not to a screen, so it stays while they open text channels, the board, the
 * calendar or the settings, until they leave. The media (microphone, peer connections,
 * remote audio) live in VoiceSessionHost, mounted once in the realtime provider; screens
 * read this store and call its actions.
 */
export type VoiceStatus = 'idle' | 'joining' | 'connected' | 'reconnecting';
export type VoiceQuality = 'good' | 'fair' | 'poor';

export interface VoiceChannelRef {
  id: string;
  name: string;
}

export interface VoiceState {
  status: VoiceStatus;
  channel: VoiceChannelRef | null;
  /** One's own seat, once the server gave it. */
  me: VoiceParticipant | null;
  /** The socket connection that holds the seat (the server's voice-joined). */
  connectionId: string | null;
  mic: MediaStream | null;
  mode: SfuMode;
  /** Each other person's audio as this page receives it. */
  streams: ReadonlyMap<string, MediaStream>;
  /** Whether one's own microphone speaks now (unmuted). */
  selfSpeaking: boolean;
  quality: VoiceQuality | null;
  /** After a reload: the channel the page was in, offered back (a gesture starts the audio). */
  rejoinOffer: VoiceChannelRef | null;
}

const IDLE: VoiceState = {
  status: 'idle',
  channel: null,
  me: null,
  connectionId: null,
  mic: null,
  mode: 'pending',
  streams: new Map(),
  selfSpeaking: false,
  quality: null,
  rejoinOffer: null,
};

let state: VoiceState = IDLE;
const listeners = new Set<() => void>();

export function getVoiceState(): VoiceState {
  return state;
}

export function setVoiceState(patch: Partial<VoiceState>): void {
  state = { ...state, ...patch };
  for (const listener of listeners) listener();
}

export function subscribeVoice(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useVoiceState(): VoiceState;
export function useVoiceState<T>(select: (s: VoiceState) => T): T;
export function useVoiceState<T>(select?: (s: VoiceState) => T): T | VoiceState {
  return useSyncExternalStore(subscribeVoice, () => (select ? select(state) : state));
}

/** Back to idle: the microphone stops (the host closes the connections as the mic goes). */
export function resetVoice(keep: Partial<VoiceState> = {}): void {
  for (const track of state.mic?.getTracks() ?? []) track.stop();
  state = { ...IDLE, ...keep };
  for (const listener of listeners) listener();
}

// ── what survives a reload ──────────────────────────────────────────────────────────────
const SAVED_KEY = 'ruche.voice';

export function saveVoiceChannel(channel: VoiceChannelRef | null): void {
  try {
    if (channel) sessionStorage.setItem(SAVED_KEY, JSON.stringify(channel));
    else sessionStorage.removeItem(SAVED_KEY);
  } catch {
    // Storage refused (private mode): a reload just does not offer to rejoin.
  }
}

export function savedVoiceChannel(): VoiceChannelRef | null {
  try {
    const raw = sessionStorage.getItem(SAVED_KEY);
    const value = raw ? (JSON.parse(raw) as Partial<VoiceChannelRef>) : null;
    return value && typeof value.id === 'string' && typeof value.name === 'string'
      ? { id: value.id, name: value.name }
      : null;
  } catch {
    return null;
  }
}

// ── the socket, given by the host ───────────────────────────────────────────────────────
let sendFrame: ((frame: ClientFrame) => boolean) | null = null;

export function setVoiceSender(send: ((frame: ClientFrame) => boolean) | null): void {
  sendFrame = send;
}

export function sendVoiceFrame(frame: ClientFrame): boolean {
  return sendFrame?.(frame) ?? false;
}
