import i18n from 'i18next';
import type { VoiceEvent } from '#shared/protocol/voice';
import { toast } from '@/components/ui/use-toast';
import { getCallRequest } from '@/features/calls';
import { updateVoiceParticipant } from '../api/update-voice-participant';
import {
  getVoiceState,
  resetVoice,
  saveVoiceChannel,
  sendVoiceFrame,
  setVoiceState,
  type VoiceChannelRef,
} from './voice-store';

/** docs/product.md §4: the microphone with echo cancellation, noise suppression and auto gain; no video. */
const MIC_CONSTRAINTS: MediaStreamConstraints = {
  audio: { echoCancellation: true, noiseSuppression: true, autoGainControl: true },
  video: false,
};

/** A join the server has not answered in this time failed (the socket is away). */
const JOIN_TIMEOUT_MS = 15_000;

let joinTimer: ReturnType<typeof setTimeout> | null = null;
/** What the pending join should say when it succeeds. */
let joinNote: 'joined' | 'moved' | 'rejoined' = 'joined';

const t = (key: string, options?: Record<string, unknown>) => i18n.t(key, options ?? {});

function clearJoinTimer() {
  if (joinTimer) clearTimeout(joinTimer);
  joinTimer = null;
}

function sendJoin(channelId: string) {
  clearJoinTimer();
  sendVoiceFrame({ type: 'voice-join', channelId });
  joinTimer = setTimeout(() => {
    const { status, channel } = getVoiceState();
    if (status !== 'joining' || channel?.id !== channelId) return;
    resetVoice();
    toast({
      variant: 'destructive',
      title: t('voice.errorTitle'),
      description: t('voice.joinError'),
    });
  }, JOIN_TIMEOUT_MS);
}

type MicFailure = 'denied' | 'notFound' | 'other';

/** Why getUserMedia failed: refused (by the person, or the browser's or app's settings), no microphone, or else. */
function micFailureOf(err: unknown): MicFailure {
  const name = (err as { name?: string } | null)?.name;
  if (name === 'NotAllowedError' || name === 'SecurityError') return 'denied';
  if (name === 'NotFoundError' || name === 'OverconstrainedError') return 'notFound';
  return 'other';
}

/** What to say, and what to do about it (the same wording as calls and video rooms). */
function micFailureToast(failure: MicFailure) {
  if (failure === 'denied')
    return { title: t('voice.micDenied.title'), description: t('voice.micDenied.description') };
  if (failure === 'notFound')
    return {
      title: t('voice.micNotFound.title'),
      description: t('voice.micNotFound.description'),
    };
  return { title: t('voice.errorTitle'), description: t('voice.micError') };
}

/**
 * Join a voice channel (or move there from another one: one voice connection per person).
 * Asks for the microphone, then the server, over this tab's socket.
 */
export async function joinVoiceChannel(channel: VoiceChannelRef): Promise<void> {
  const current = getVoiceState();
  if (current.channel?.id === channel.id && current.status !== 'idle') return;
  // One voice connection per person: a call on screen is ended first, by the person.
  if (getCallRequest()) {
    toast({ title: t('voice.callFirst'), description: channel.name });
    return;
  }
  let micFailure: MicFailure = 'other';
  const stream = await navigator.mediaDevices
    ?.getUserMedia(MIC_CONSTRAINTS)
    .catch((err: unknown) => {
      micFailure = micFailureOf(err);
      return null;
    });
  if (!stream) {
    toast({ variant: 'destructive', ...micFailureToast(micFailure) });
    return;
  }
  // Already in another channel: the server moves the seat with this join.
  const moving = current.status !== 'idle' && current.channel !== null;
  resetVoice({ status: 'joining', channel, mic: stream });
  joinNote = moving ? 'moved' : 'joined';
  sendJoin(channel.id);
}

/** Leave the voice channel (the bar's or the panel's button), or because of `reason`. */
export function leaveVoiceChannel(reason: 'user' | 'call' = 'user'): void {
  clearJoinTimer();
  const { channel, status } = getVoiceState();
  if (!channel || status === 'idle') return;
  sendVoiceFrame({ type: 'voice-leave', channelId: channel.id });
  resetVoice();
  saveVoiceChannel(null);
  toast(
    reason === 'call'
      ? { title: t('voice.leftForCall'), description: channel.name }
      : { title: t('voice.left'), description: channel.name },
  );
}

/**
 * The socket opened: take the seat. After a drop, again (the server freed the old socket's
 * seat); on the page's first open, a join asked for before it (the click came while the
 * socket was still connecting, and the frame, never queued, was dropped).
 */
export function takeSeatOnOpen(): void {
  const { channel, status } = getVoiceState();
  if (!channel || status === 'idle') return;
  if (status !== 'joining') {
    setVoiceState({ status: 'reconnecting' });
    joinNote = 'rejoined';
  }
  sendJoin(channel.id);
}

/** The server's answers to voice-join, and the user's seat moving (voice-session). */
export function handleVoiceEvent(event: VoiceEvent): void {
  const state = getVoiceState();
  switch (event.type) {
    case 'voice-joined': {
      if (state.channel?.id !== event.channelId || state.status === 'idle') {
        // Left (or moved on) before the answer: give the seat back.
        sendVoiceFrame({ type: 'voice-leave', channelId: event.channelId });
        return;
      }
      clearJoinTimer();
      const first = state.status === 'joining';
      // Keep one's own mute and deafen across a reconnection.
      const me = state.me ?? event.participant;
      // A screen shared before a reconnection goes on: the server forgot it at the join.
      const isSharingScreen = !first && state.screen !== null;
      setVoiceState({
        status: 'connected',
        me: {
          ...event.participant,
          isMuted: me.isMuted,
          isDeafened: me.isDeafened,
          isSharingScreen,
        },
        connectionId: event.connectionId,
      });
      if (!first && (me.isMuted || me.isDeafened || isSharingScreen)) {
        void updateVoiceParticipant(event.participant.id, {
          isMuted: me.isMuted,
          isDeafened: me.isDeafened,
          isSharingScreen,
        }).catch(() => undefined);
      }
      saveVoiceChannel(state.channel);
      if (first) {
        toast({
          title:
            joinNote === 'moved'
              ? t('voice.moved', { name: state.channel.name })
              : t('voice.joined'),
          description: state.channel.name,
        });
      }
      return;
    }
    case 'voice-join-refused': {
      if (state.channel?.id !== event.channelId) return;
      clearJoinTimer();
      resetVoice();
      saveVoiceChannel(null);
      toast({ variant: 'destructive', title: t('voice.errorTitle'), description: event.message });
      return;
    }
    case 'voice-session': {
      // Our own join is on its way: what comes meanwhile is about the seat before it.
      if (state.status !== 'connected' || event.connectionId === state.connectionId) return;
      const channel = state.channel;
      resetVoice();
      if (event.channelId !== null) {
        // Another tab of ours took the seat (here or in another channel).
        saveVoiceChannel(null);
        toast({ title: t('voice.movedElsewhere'), description: channel?.name });
      } else {
        // The seat is gone (taken out of the channel, or it expired): offer it back.
        toast({ title: t('voice.disconnected'), description: channel?.name });
        setVoiceState({ rejoinOffer: channel });
      }
      return;
    }
    default:
      return;
  }
}

/** docs/product.md §4: mute, and deafen (which forces mute on and silences every remote stream). */
export async function toggleVoice(patch: {
  isMuted?: boolean;
  isDeafened?: boolean;
  isSharingScreen?: boolean;
}): Promise<void> {
  const { me, mic } = getVoiceState();
  if (!me) return;
  const next = { ...me, ...patch, ...(patch.isDeafened ? { isMuted: true } : {}) };
  for (const track of mic?.getAudioTracks() ?? []) track.enabled = !next.isMuted;
  setVoiceState({ me: next });
  await updateVoiceParticipant(me.id, patch).catch(() => undefined);
}

export const toggleMute = () => {
  const { me } = getVoiceState();
  if (me) void toggleVoice({ isMuted: !me.isMuted });
};

export const toggleDeafen = () => {
  const { me } = getVoiceState();
  if (me)
    void toggleVoice(me.isDeafened ? { isDeafened: false, isMuted: false } : { isDeafened: true });
};

/** The reload's offer, accepted or set aside. */
export function acceptRejoinOffer(): void {
  const offer = getVoiceState().rejoinOffer;
  setVoiceState({ rejoinOffer: null });
  if (offer) void joinVoiceChannel(offer);
}

export function dismissRejoinOffer(): void {
  setVoiceState({ rejoinOffer: null });
  saveVoiceChannel(null);
}

/** Whether this browser can share a screen (not phones' browsers, nor the mobile app). */
export const canShareScreen = () =>
  typeof navigator !== 'undefined' && typeof navigator.mediaDevices?.getDisplayMedia === 'function';

/**
 * Share one's screen with the voice channel, or stop (docs/calls.md, "Salons vocaux"): the
 * browser asks which screen or window; the others in the voice see it. Stopping from the
 * browser's own bar stops it here too.
 */
export async function toggleScreenShare(): Promise<void> {
  const { screen, me } = getVoiceState();
  if (screen) {
    stopScreenShare();
    return;
  }
  if (!me) return;
  let shared: MediaStream | undefined;
  try {
    // Undefined in the mobile app's web views (scripts/native-permissions.test.ts).
    shared = await navigator.mediaDevices?.getDisplayMedia?.({ video: true, audio: false });
  } catch (err) {
    // The person closed the picker: nothing to say.
    const name = (err as { name?: string } | null)?.name;
    if (name !== 'NotAllowedError' && name !== 'AbortError') {
      toast({
        variant: 'destructive',
        title: t('voice.errorTitle'),
        description: t('voice.screen.error'),
      });
    }
    return;
  }
  const track = shared?.getVideoTracks()[0];
  // Left the voice while the picker was open.
  if (!shared || !track || getVoiceState().me?.id !== me.id) {
    for (const each of shared?.getTracks() ?? []) each.stop();
    return;
  }
  track.addEventListener('ended', () => {
    if (getVoiceState().screen === shared) stopScreenShare();
  });
  setVoiceState({ screen: shared });
  await toggleVoice({ isSharingScreen: true });
}

function stopScreenShare(): void {
  const { screen } = getVoiceState();
  for (const track of screen?.getTracks() ?? []) track.stop();
  setVoiceState({ screen: null });
  void toggleVoice({ isSharingScreen: false });
}
