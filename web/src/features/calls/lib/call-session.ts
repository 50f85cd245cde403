import { CALL_RING_TIMEOUT_MS } from '#shared/calls';
import type { ClientFrame } from '#shared/protocol';
import type { CallEvent, CallUser } from '#shared/protocol/calls';
import { getIceServers } from '../api/get-ice-servers';
import { attachCallSink, type CallRequest, onSocketReady, TAB_ID } from './call-store';
import { playRingback, playRingtone, type Tone } from './tones';

/** docs/product.md §4 video call states, with the steps in between shown. */
export type CallPhase = 'preparing' | 'calling' | 'incoming' | 'connecting' | 'active' | 'ended';

/** What the call screen tells the user when something happens (toasts, in fr.json `calls`). */
export type CallNotice =
  | 'permissionDenied'
  | 'microphoneError'
  | 'cameraError'
  | 'failed'
  | 'busy'
  | 'declined'
  | 'noAnswer'
  | 'ended';

export interface CallSnapshot {
  phase: CallPhase;
  localStream: MediaStream | null;
  remoteStream: MediaStream | null;
  micOn: boolean;
  cameraOn: boolean;
  hasCamera: boolean;
  /** When the media started flowing (epoch ms). */
  activeSince: number | null;
}

/** A connection that stays disconnected this long has failed (a brief drop recovers by itself). */
const DISCONNECTED_GRACE_MS = 5000;
/** How often a tab in a call says it is there (well inside CALL_RECONNECT_GRACE_MS). */
const HEARTBEAT_MS = 5000;

const errorName = (err: unknown) => (err as { name?: string } | null)?.name ?? '';

/**
 * One 1:1 call on this tab (docs/calls.md): media, the peer connection and the signalling,
 * from the ring or the button to the end. docs/product.md §4: candidates that arrive before
 * the remote description are queued and applied once it is set; a failed connection ends
 * the call with a toast; ending stops the local tracks, closes the connection and sends
 * end-call.
 */
export class CallSession {
  readonly callId: string;
  readonly channelId: string;
  readonly peer: CallUser;
  private snapshot: CallSnapshot;
  private readonly listeners = new Set<() => void>();
  private pc: RTCPeerConnection | null = null;
  private local: MediaStream | null = null;
  private readonly remote: MediaStream;
  private readonly queued: RTCIceCandidateInit[] = [];
  private tone: Tone | null = null;
  private disconnectTimer: number | undefined;
  private ringTimer: number | undefined;
  private heartbeat: number | undefined;
  private offerSent = false;
  private ice: Promise<RTCConfiguration> | null = null;
  private awaitingResume = false;
  private closed = false;
  private readonly detach: Array<() => void> = [];

  constructor(
    private readonly request: CallRequest,
    private readonly send: (frame: ClientFrame) => void,
    private readonly notify: (notice: CallNotice) => void,
    private readonly onClosed: () => void,
  ) {
    this.callId = request.kind === 'incoming' ? request.callId : crypto.randomUUID();
    this.channelId = request.channelId;
    this.peer = request.kind === 'incoming' ? request.fromUser : request.peer;
    this.remote = new MediaStream();
    this.snapshot = {
      phase: request.kind === 'incoming' ? 'incoming' : 'preparing',
      localStream: null,
      remoteStream: null,
      micOn: true,
      cameraOn: true,
      hasCamera: true,
      activeSince: null,
    };
  }

  /** Take the call's events and begin: ring (incoming) or get media and send the offer. */
  start(): void {
    this.detach.push(
      attachCallSink((event) => this.handle(event)),
      onSocketReady(() => {
        this.awaitingResume = true;
      }),
    );
    // Tells the server this tab is still there, also when its user appears offline.
    this.heartbeat = window.setInterval(() => {
      if (!this.closed) this.send({ type: 'video-call-resume', tabId: TAB_ID });
    }, HEARTBEAT_MS);
    if (this.request.kind === 'incoming') {
      this.tone = playRingtone();
      // Fetched while it rings: answering does not wait for it.
      this.ice = this.iceServers();
    } else {
      void this.call();
    }
  }

  getSnapshot = (): CallSnapshot => this.snapshot;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  private set(patch: Partial<CallSnapshot>): void {
    this.snapshot = { ...this.snapshot, ...patch };
    for (const listener of this.listeners) listener();
  }

  private route() {
    return {
      channelId: this.channelId,
      toUserId: this.peer.userId,
      callId: this.callId,
      tabId: TAB_ID,
    };
  }

  // ── the two ways in ────────────────────────────────────────────────────────────────────

  private async call(): Promise<void> {
    const [media, ice] = await Promise.all([this.getMedia(), this.iceServers()]);
    if (!media || this.closed) {
      if (!this.closed) this.close();
      return;
    }
    const pc = this.connect(ice);
    const offer = await pc.createOffer();
    await pc.setLocalDescription(offer);
    if (this.closed) return;
    this.send({
      type: 'video-offer',
      ...this.route(),
      offer: { type: 'offer', sdp: offer.sdp ?? '' },
    });
    this.offerSent = true;
    this.set({ phase: 'calling' });
    this.tone = playRingback();
    // The server ends an unanswered call after CALL_RING_TIMEOUT_MS; should its word be lost,
    // this tab stops ringing a little later all the same.
    this.ringTimer = window.setTimeout(() => {
      if (this.snapshot.phase !== 'calling') return;
      this.send({ type: 'video-end-call', ...this.route() });
      this.finish('noAnswer');
    }, CALL_RING_TIMEOUT_MS + 5000);
  }

  async accept(): Promise<void> {
    if (this.request.kind !== 'incoming' || this.snapshot.phase !== 'incoming') return;
    this.stopTone();
    this.set({ phase: 'connecting' });
    const [media, ice] = await Promise.all([this.getMedia(), this.ice ?? this.iceServers()]);
    if (this.closed) return;
    if (!media) {
      // No camera nor microphone: the caller hears a decline.
      this.end();
      return;
    }
    const pc = this.connect(ice);
    try {
      await pc.setRemoteDescription(this.request.offer);
      await this.flushCandidates();
      const answer = await pc.createAnswer();
      await pc.setLocalDescription(answer);
      if (this.closed) return;
      this.send({
        type: 'video-answer',
        ...this.route(),
        answer: { type: 'answer', sdp: answer.sdp ?? '' },
      });
    } catch {
      this.fail();
    }
  }

  // ── media and connection ───────────────────────────────────────────────────────────────

  /** The server's ICE servers and transport policy (`relay`: through TURN only, docs/calls.md). */
  private async iceServers(): Promise<RTCConfiguration> {
    try {
      const { iceServers, iceTransportPolicy } = await getIceServers();
      return { iceServers, iceTransportPolicy: iceTransportPolicy ?? 'all' };
    } catch {
      // Host candidates still connect two people on one network.
      return { iceServers: [] };
    }
  }

  /** Camera and microphone; without a camera, the microphone alone; else a toast and null. */
  private async getMedia(): Promise<MediaStream | null> {
    const devices = navigator.mediaDevices;
    if (!devices?.getUserMedia) {
      this.notify('microphoneError');
      return null;
    }
    let stream: MediaStream | null = null;
    try {
      stream = await devices.getUserMedia({ audio: true, video: true });
    } catch (err) {
      if (errorName(err) === 'NotAllowedError' || errorName(err) === 'SecurityError') {
        this.notify('permissionDenied');
        return null;
      }
      try {
        stream = await devices.getUserMedia({ audio: true });
        this.notify('cameraError');
      } catch (second) {
        this.notify(
          errorName(second) === 'NotAllowedError' ? 'permissionDenied' : 'microphoneError',
        );
        return null;
      }
    }
    if (this.closed) {
      for (const track of stream.getTracks()) track.stop();
      return null;
    }
    this.local = stream;
    const hasCamera = stream.getVideoTracks().length > 0;
    this.set({ localStream: stream, hasCamera, cameraOn: hasCamera });
    return stream;
  }

  private connect(config: RTCConfiguration): RTCPeerConnection {
    const pc = new RTCPeerConnection(config);
    this.pc = pc;
    for (const track of this.local?.getTracks() ?? [])
      pc.addTrack(track, this.local as MediaStream);
    pc.onicecandidate = ({ candidate }) => {
      if (!candidate || this.closed) return;
      const init = candidate.toJSON();
      this.send({
        type: 'video-ice-candidate',
        ...this.route(),
        candidate: { ...init, candidate: init.candidate ?? '' },
      });
    };
    pc.ontrack = ({ track }) => {
      this.remote.addTrack(track);
      this.set({ remoteStream: this.remote });
    };
    pc.onconnectionstatechange = () => {
      if (this.closed) return;
      const state = pc.connectionState;
      if (state === 'connected') {
        window.clearTimeout(this.disconnectTimer);
        this.disconnectTimer = undefined;
        if (this.snapshot.phase !== 'active')
          this.set({ phase: 'active', activeSince: Date.now() });
      } else if (state === 'failed') {
        this.fail();
      } else if (state === 'disconnected' && this.disconnectTimer === undefined) {
        this.disconnectTimer = window.setTimeout(() => {
          this.disconnectTimer = undefined;
          if (pc.connectionState !== 'connected') this.fail();
        }, DISCONNECTED_GRACE_MS);
      }
    };
    return pc;
  }

  private async addCandidate(candidate: RTCIceCandidateInit): Promise<void> {
    const pc = this.pc;
    if (!pc?.remoteDescription) {
      this.queued.push(candidate);
      return;
    }
    try {
      await pc.addIceCandidate(candidate);
    } catch {
      // A candidate the connection cannot use (another m-line, a stale generation): skipped.
    }
  }

  private async flushCandidates(): Promise<void> {
    for (const candidate of this.queued.splice(0)) await this.addCandidate(candidate);
  }

  // ── signalling ─────────────────────────────────────────────────────────────────────────

  private handle(event: CallEvent): void {
    if (this.closed) return;
    if (event.type === 'video-call-state') {
      if (!this.awaitingResume) return;
      this.awaitingResume = false;
      const gone = !event.call || event.call.callId !== this.callId;
      // The call ended while this tab's socket was away (media still flowing says otherwise:
      // a peer that hung up closes its side, and the connection fails on its own).
      const flowing = this.pc?.connectionState === 'connected';
      if (gone && !flowing && (this.offerSent || this.request.kind === 'incoming')) {
        this.finish('ended');
      }
      return;
    }
    if (event.callId !== this.callId) return;
    switch (event.type) {
      case 'video-answer':
        if (event.toTabId !== TAB_ID) return;
        void this.remoteAnswer(event.answer);
        return;
      case 'video-ice-candidate':
        if (event.toTabId !== null && event.toTabId !== TAB_ID) return;
        void this.addCandidate(event.candidate);
        return;
      case 'video-call-accepted':
        // Answered on another tab (or device): this one stops ringing.
        if (event.tabId !== TAB_ID) this.finish(null);
        return;
      case 'video-end-call':
        this.finish(this.noticeFor(event.reason));
        return;
      default:
        return;
    }
  }

  private noticeFor(reason: string): CallNotice | null {
    const caller = this.request.kind === 'outgoing';
    if (reason === 'busy') return 'busy';
    if (reason === 'declined') return caller ? 'declined' : null;
    if (reason === 'missed') return caller ? 'noAnswer' : null;
    if (reason === 'failed' || reason === 'lost') return 'failed';
    if (reason === 'ended') return 'ended';
    return null;
  }

  private async remoteAnswer(answer: RTCSessionDescriptionInit): Promise<void> {
    const pc = this.pc;
    if (pc?.signalingState !== 'have-local-offer') return;
    this.stopTone();
    this.set({ phase: 'connecting' });
    try {
      await pc.setRemoteDescription(answer);
      await this.flushCandidates();
    } catch {
      this.fail();
    }
  }

  // ── the controls ───────────────────────────────────────────────────────────────────────

  toggleMic(): void {
    const tracks = this.local?.getAudioTracks() ?? [];
    const on = !this.snapshot.micOn;
    for (const track of tracks) track.enabled = on;
    this.set({ micOn: on });
  }

  toggleCamera(): void {
    const tracks = this.local?.getVideoTracks() ?? [];
    if (tracks.length === 0) return;
    const on = !this.snapshot.cameraOn;
    for (const track of tracks) track.enabled = on;
    this.set({ cameraOn: on });
  }

  /** Hang up, cancel or decline: end-call goes out (once the other side knows of the call). */
  end(): void {
    if (this.closed) return;
    if (this.offerSent || this.request.kind === 'incoming') {
      this.send({ type: 'video-end-call', ...this.route() });
    }
    this.finish(null);
  }

  private fail(): void {
    if (this.closed) return;
    this.send({ type: 'video-end-call', ...this.route(), failed: true });
    this.finish('failed');
  }

  private finish(notice: CallNotice | null): void {
    if (this.closed) return;
    if (notice) this.notify(notice);
    this.close();
  }

  private stopTone(): void {
    this.tone?.stop();
    this.tone = null;
  }

  /** Stop everything this tab holds for the call; back to idle. */
  close(): void {
    if (this.closed) return;
    this.closed = true;
    this.stopTone();
    window.clearTimeout(this.disconnectTimer);
    window.clearTimeout(this.ringTimer);
    window.clearInterval(this.heartbeat);
    for (const track of this.local?.getTracks() ?? []) track.stop();
    this.pc?.close();
    this.pc = null;
    for (const undo of this.detach.splice(0)) undo();
    this.set({ phase: 'ended', localStream: null, remoteStream: null });
    this.onClosed();
  }
}
