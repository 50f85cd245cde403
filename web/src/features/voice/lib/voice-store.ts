import { useSyncExternalStore } from 'react';
import type { ClientFrame } from '#shared/protocol';
import type { VoiceEvent } from '#shared/protocol/voice';
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
  /** One's own screen while sharing it with the channel (getDisplayMedia). */
  screen: MediaStream | null;
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
  screen: null,
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

/**
 * Back to idle: the microphone and a shared screen stop (the host closes the connections as
 * the mic goes).
 */
export function resetVoice(keep: Partial<VoiceState> = {}): void {
  for (const track of [...(state.mic?.getTracks() ?? []), ...(state.screen?.getTracks() ?? [])])
    track.stop();
  earlySignals = [];
  meshReadyFor = null;
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

// ── the mesh's signals that come before the page can answer them ────────────────────────
/**
 * Without Janus, the people already in offer to a newcomer as soon as they hear of its seat
 * (use-voice-mesh.ts), which can be before this page heard the server's voice-joined, or
 * loaded its media: those offers and candidates are kept here (VoiceSessionHost), and
 * answered once the page's mesh is ready for its seat.
 */
export type VoiceMeshSignal = Extract<VoiceEvent, { type: 'voice-offer' | 'voice-ice-candidate' }>;
let earlySignals: VoiceMeshSignal[] = [];
/** The seat (connection) the mounted mesh answers for; null: none. */
let meshReadyFor: string | null = null;

/** Whether the mesh answers signals now (else they are kept for it). */
export const meshCanAnswer = () =>
  state.status === 'connected' && meshReadyFor === state.connectionId;

/** Kept for the mesh of this channel's voice (none when idle: no channel). */
export const keepEarlySignal = (signal: VoiceMeshSignal) => {
  if (state.channel?.id === signal.channelId) earlySignals.push(signal);
};

/**
 * The mesh is ready for this seat: the signals kept for it, in their order. Null: it stopped
 * answering (its seat changes, or it unmounts); what is kept stays for the next seat.
 */
export const meshReady = (connectionId: string | null): VoiceMeshSignal[] => {
  meshReadyFor = connectionId;
  return connectionId ? earlySignals.splice(0) : [];
};
