import type { ClientFrame, ServerEvent } from '#shared/protocol';
import type { SfuCandidate, SfuDescription } from '#shared/protocol/sfu';

export type SfuMode = 'pending' | 'sfu' | 'mesh';

/** The events an SfuClient handles. */
export const SFU_EVENTS = [
  'sfu_joined',
  'sfu_unavailable',
  'sfu_publisher',
  'sfu_unpublished',
  'sfu_description',
  'sfu_reset',
] as const;

export interface SfuClientOptions {
  /** `voice:<channelId>` or `room:<participantId>` (shared/protocol/sfu.ts). */
  space: string;
  send(frame: ClientFrame): void;
  /** What this page sends (audio only in voice); null: receive only. */
  local: MediaStream | null;
  /**
   * Voice: no camera, but a video line from the start for a screen shared later
   * (`replaceVideo`), so that sharing needs no renegotiation.
   */
  screenSlot?: boolean;
  /**
   * Send the camera as simulcast (three resolutions, docs/calls.md, "Salles à plusieurs"),
   * so that each subscriber gets the one its tile needs (`setLayer`).
   */
  simulcast?: boolean;
  /** The layer to receive a publisher's video on first (0 lowest, 2 full; 2 when absent). */
  layerOf?(display: string): number;
  /**
   * This page now receives `display`'s video at `layer` (a subscription, or a tile that grew
   * or shrank): told to that publisher, which stops encoding its full size when nobody shows
   * it, nor its half size when every page shows it small (`sendLayers`).
   */
  onLayer?(display: string, layer: number): void;
  /** A remote publisher's media (display: a user id in voice, a seat id in a room); null when gone. */
  onStream(display: string, stream: MediaStream | null): void;
  /**
   * The server answered: through Janus, or the peer mesh (no Janus), and the ICE servers and
   * transport policy (`relay`: TURN only) to use.
   */
  onMode(
    mode: 'sfu' | 'mesh',
    iceServers: RTCIceServer[],
    iceTransportPolicy: RTCIceTransportPolicy,
  ): void;
}

/**
 * The camera's three encodings, full size first: Janus reads the rids in this order, the first
 * as its highest layer (2). The bitrates are what each size needs at 30 fps in VP8.
 */
const SIMULCAST_ENCODINGS: RTCRtpEncodingParameters[] = [
  { rid: 'h', maxBitrate: 900_000 },
  { rid: 'm', maxBitrate: 300_000, scaleResolutionDownBy: 2 },
  { rid: 'l', maxBitrate: 100_000, scaleResolutionDownBy: 4 },
];

/**
 * A connection that fails (a network change, a starved machine) is tried again this many
 * times at most: a subscription is asked for again, a publisher joins the space again.
 */
const RETRIES = 3;

interface Subscription {
  display: string;
  pc: RTCPeerConnection;
  stream: MediaStream;
}

const candidateOf = (candidate: RTCIceCandidate | null): SfuCandidate | null => {
  if (!candidate) return null;
  const init = candidate.toJSON();
  return {
    candidate: init.candidate ?? '',
    sdpMid: init.sdpMid,
    sdpMLineIndex: init.sdpMLineIndex,
  };
};

/**
 * Media through Janus (docs/calls.md): one publisher connection that sends this page's
 * tracks once, and one subscriber connection per remote publisher. The server drives Janus;
 * this page only exchanges SDP and candidates with the server over /ws.
 */
export class SfuClient {
  private publisher: RTCPeerConnection | null = null;
  private readonly subs = new Map<number, Subscription>();
  private readonly displays = new Map<number, string>();
  /** The layer asked of each subscribed feed (sfu_subscribe's, then sfu_layer's). */
  private readonly layers = new Map<number, number>();
  /** How many times each feed's failed subscription was asked for again. */
  private readonly retries = new Map<number, number>();
  /** How many times this page joined again after its publisher's connection failed. */
  private publisherRetries = 0;
  /** The largest simulcast layer encoded (sendLayers), and its change under way. */
  private highest = 2;
  private applying = Promise.resolve();
  /** The video sent instead of the camera (a screen), from replaceVideo; undefined: none. */
  private video: MediaStreamTrack | null | undefined;
  private closed = false;
  /** From the server's answer to sfu_join (shared/protocol/sfu.ts). */
  private iceServers: RTCIceServer[] = [];
  private iceTransportPolicy: RTCIceTransportPolicy = 'all';

  constructor(private readonly options: SfuClientOptions) {}

  start(): void {
    this.options.send({ type: 'sfu_join', space: this.options.space });
  }

  /** Feed every server event here; those of other spaces are ignored. */
  handle(event: ServerEvent): void {
    if (this.closed || !('space' in event) || event.space !== this.options.space) return;
    switch (event.type) {
      case 'sfu_unavailable':
        this.iceServers = event.iceServers;
        this.iceTransportPolicy = event.iceTransportPolicy ?? 'all';
        this.options.onMode('mesh', event.iceServers, this.iceTransportPolicy);
        break;
      case 'sfu_joined':
        this.iceServers = event.iceServers;
        this.iceTransportPolicy = event.iceTransportPolicy ?? 'all';
        this.options.onMode('sfu', event.iceServers, this.iceTransportPolicy);
        void this.publish();
        for (const p of event.publishers) this.subscribe(p.feed, p.display);
        break;
      case 'sfu_publisher':
        this.subscribe(event.publisher.feed, event.publisher.display);
        break;
      case 'sfu_unpublished':
        this.drop(event.feed);
        break;
      case 'sfu_description':
        void this.onDescription(event.feed, event.description);
        break;
      case 'sfu_reset':
        // Janus restarted: everything on it is gone; join again.
        this.rejoin();
        break;
    }
  }

  private async publish(): Promise<void> {
    this.publisher?.close();
    const { local, space, send } = this.options;
    const { iceServers, iceTransportPolicy } = this;
    // Nothing to send (no camera nor microphone): receive only.
    if (!local || local.getTracks().length === 0) return;
    const pc = new RTCPeerConnection({ iceServers, iceTransportPolicy });
    this.publisher = pc;
    for (const track of local.getTracks()) {
      const sent = track.kind === 'video' && this.video !== undefined ? this.video : track;
      pc.addTransceiver(sent ?? 'video', {
        direction: 'sendonly',
        streams: [local],
        ...(track.kind === 'video' && this.options.simulcast
          ? {
              sendEncodings: SIMULCAST_ENCODINGS.map((e, i) => ({
                ...e,
                active: this.encodes(i, sent),
              })),
            }
          : {}),
      });
    }
    if (this.options.screenSlot && local.getVideoTracks().length === 0)
      pc.addTransceiver(this.video ?? 'video', { direction: 'sendonly', streams: [local] });
    pc.onicecandidate = ({ candidate }) =>
      send({ type: 'sfu_candidate', space, feed: null, candidate: candidateOf(candidate) });
    // Janus unpublishes a publisher whose connection failed: everyone stops receiving it
    // until it joins again, which it does.
    pc.onconnectionstatechange = () => {
      if (pc.connectionState !== 'failed' || this.publisher !== pc) return;
      if (this.publisherRetries >= RETRIES) return;
      this.publisherRetries++;
      this.rejoin();
    };
    await pc.setLocalDescription(await pc.createOffer());
    const offer = pc.localDescription;
    if (offer && this.publisher === pc) {
      send({
        type: 'sfu_description',
        space,
        feed: null,
        description: { type: 'offer', sdp: offer.sdp },
      });
    }
  }

  private subscribe(feed: number, display: string): void {
    if (this.displays.has(feed)) return;
    this.displays.set(feed, display);
    const layer = this.options.layerOf?.(display);
    if (layer === undefined) {
      this.options.send({ type: 'sfu_subscribe', space: this.options.space, feed });
      return;
    }
    this.layers.set(feed, layer);
    this.options.send({ type: 'sfu_subscribe', space: this.options.space, feed, layer });
    this.options.onLayer?.(display, layer);
  }

  /**
   * Receive `display`'s video at another simulcast layer (its tile grew or shrank): Janus
   * switches at the next key frame, without renegotiating. Nothing is sent for a layer
   * already asked.
   */
  setLayer(display: string, layer: number): void {
    for (const [feed, shown] of this.displays) {
      if (shown !== display || this.layers.get(feed) === layer) continue;
      this.layers.set(feed, layer);
      this.options.send({ type: 'sfu_layer', space: this.options.space, feed, layer });
      this.options.onLayer?.(display, layer);
    }
  }

  /**
   * Encode the simulcast layers up to `highest` only (simulcast only): the largest layer any
   * page shows this publisher at. The full size of a 720p camera is three quarters of the
   * pixels of all three layers; in a big room, most people are thumbnails everywhere, and
   * encode only the quarter size. The lowest layer is always sent, and the half size below
   * 960×540, where Chromium makes no quarter size (a page asking a layer gets the nearest
   * one sent).
   */
  sendLayers(highest: number): Promise<void> {
    if (this.options.simulcast && this.highest !== highest) {
      this.highest = highest;
      this.reapplyLayers();
    }
    return this.applying;
  }

  /** Whether encoding `index` (0 the full size) is sent for `track` now. */
  private encodes(index: number, track: MediaStreamTrack | null | undefined): boolean {
    const layer = SIMULCAST_ENCODINGS.length - 1 - index;
    if (layer === 0 || layer <= this.highest) return true;
    return layer === 1 && (track?.getSettings().height ?? 0) < 540;
  }

  /** One setParameters at a time (a second during the first is refused), each the latest. */
  private reapplyLayers(): void {
    this.applying = this.applying.then(async () => {
      const sender = this.videoSender();
      const parameters = sender?.getParameters();
      if (!sender || !parameters?.encodings || parameters.encodings.length < 2) return;
      let changed = false;
      parameters.encodings.forEach((encoding, i) => {
        const active = this.encodes(i, sender.track);
        changed ||= encoding.active !== active;
        encoding.active = active;
      });
      // A publisher closed meanwhile refuses: the next one is made with the current layers.
      if (changed) await sender.setParameters(parameters).catch(() => undefined);
    });
  }

  private videoSender(): RTCRtpSender | undefined {
    return this.publisher
      ?.getTransceivers()
      .find((t) => t.sender.track?.kind === 'video' || t.receiver.track.kind === 'video')?.sender;
  }

  private async onDescription(feed: number | null, description: SfuDescription): Promise<void> {
    const { space, send } = this.options;
    const { iceServers, iceTransportPolicy } = this;
    if (feed === null) {
      await this.publisher?.setRemoteDescription(description);
      return;
    }
    const display = this.displays.get(feed);
    if (display === undefined || description.type !== 'offer') return;
    this.subs.get(feed)?.pc.close();
    const pc = new RTCPeerConnection({ iceServers, iceTransportPolicy });
    const stream = new MediaStream();
    this.subs.set(feed, { display, pc, stream });
    pc.onicecandidate = ({ candidate }) =>
      send({ type: 'sfu_candidate', space, feed, candidate: candidateOf(candidate) });
    // A subscription whose connection failed (a network change, a starved machine) is asked
    // for again: the server replaces its Janus handle and sends a new offer.
    pc.onconnectionstatechange = () => {
      if (pc.connectionState !== 'failed' || this.subs.get(feed)?.pc !== pc) return;
      const retries = (this.retries.get(feed) ?? 0) + 1;
      if (retries > RETRIES) return;
      this.retries.set(feed, retries);
      const layer = this.layers.get(feed);
      send({ type: 'sfu_subscribe', space, feed, ...(layer === undefined ? {} : { layer }) });
    };
    pc.ontrack = ({ track }) => {
      stream.addTrack(track);
      // A new MediaStream object each time, so a <video>/<audio> element picks the change up.
      this.options.onStream(display, new MediaStream(stream.getTracks()));
    };
    await pc.setRemoteDescription(description);
    await pc.setLocalDescription(await pc.createAnswer());
    const answer = pc.localDescription;
    if (answer && this.subs.get(feed)?.pc === pc) {
      send({
        type: 'sfu_description',
        space,
        feed,
        description: { type: 'answer', sdp: answer.sdp },
      });
    }
  }

  private drop(feed: number): void {
    const sub = this.subs.get(feed);
    this.subs.delete(feed);
    const display = this.displays.get(feed);
    this.displays.delete(feed);
    this.layers.delete(feed);
    this.retries.delete(feed);
    sub?.pc.close();
    if (display !== undefined) this.options.onStream(display, null);
  }

  private closeAll(): void {
    this.publisher?.close();
    this.publisher = null;
    for (const feed of [...this.subs.keys()]) this.drop(feed);
    this.displays.clear();
    this.layers.clear();
    this.retries.clear();
  }

  /** The peer connections open now (a quality indicator reads their stats). */
  connections(): RTCPeerConnection[] {
    return [
      ...(this.publisher ? [this.publisher] : []),
      ...[...this.subs.values()].map((s) => s.pc),
    ];
  }

  /** The socket reconnected (the server left Janus for the old one): join again. */
  rejoin(): void {
    if (this.closed) return;
    this.closeAll();
    this.start();
  }

  /** Send another video track (screen or camera), without renegotiating. */
  async replaceVideo(track: MediaStreamTrack | null): Promise<void> {
    // Kept for a publisher made again (a rejoin): it sends what is shown, not the camera.
    this.video = track === this.options.local?.getVideoTracks()[0] ? undefined : track;
    await this.videoSender()?.replaceTrack(track);
    // A screen of another size than the camera's may make other layers.
    if (this.options.simulcast) this.reapplyLayers();
  }

  close(): void {
    if (this.closed) return;
    this.closeAll();
    this.closed = true;
    this.options.send({ type: 'sfu_leave', space: this.options.space });
  }
}
