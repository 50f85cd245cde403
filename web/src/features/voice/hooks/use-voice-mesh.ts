import { useEffect, useRef, useState } from 'react';
import type { ClientFrame } from '#shared/protocol';
import { SFU_EVENTS, SfuClient, type SfuMode } from '@/lib/sfu-client';
import { useSocket, useSocketEvent } from '@/lib/socket-context';
import { meshCanAnswer, meshReady } from '../lib/voice-store';

/**
 * docs/product.md §4 voice channel, while joined: through Janus when the server has it (docs/calls.md:
 * one publisher connection, one subscriber connection per other user), else a peer mesh —
 * one audio peer connection per other user in the
 * channel. The one already in offers to whoever joins (voice-user-joined); offers, answers
 * and candidates from others are handled; a user who leaves has their connection closed.
 * Every connection also has a video line from the start, for a screen shared later
 * (`screen`): sharing then replaces its track, without renegotiating.
 */
export function useVoiceMesh(
  channelId: string,
  userId: string,
  mic: MediaStream | null,
  /** The connection holding the seat: a new one (a reconnection) starts the media again. */
  connectionId: string | null,
  /** One's shared screen, sent to everyone in the voice; null: none. */
  screen: MediaStreamTrack | null,
) {
  const socket = useSocket();
  const pcs = useRef(new Map<string, RTCPeerConnection>());
  const queued = useRef(new Map<string, RTCIceCandidateInit[]>());
  const [streams, setStreams] = useState<ReadonlyMap<string, MediaStream>>(new Map());
  const joined = mic !== null && connectionId !== null;
  const [mode, setMode] = useState<SfuMode>('pending');
  // The ICE servers the server gave with its answer to sfu_join (docs/calls.md).
  const iceServers = useRef<RTCIceServer[]>([]);
  const sfu = useRef<SfuClient | null>(null);
  const screenRef = useRef(screen);
  screenRef.current = screen;

  const send = (frame: ClientFrame) => socket?.send(frame, { queue: false });

  // The SFU first: the server answers sfu_joined (Janus) or sfu_unavailable (the mesh below).
  useEffect(() => {
    if (!mic || !socket || !connectionId) return;
    // A new seat (first join, or after a reconnection): the mesh of the old one is over.
    for (const pc of pcs.current.values()) pc.close();
    pcs.current.clear();
    queued.current.clear();
    setStreams(new Map());
    setMode('pending');
    const client = new SfuClient({
      space: `voice:${channelId}`,
      send: (frame) => socket.send(frame, { queue: false }),
      local: mic,
      screenSlot: true,
      onMode: (next, servers) => {
        iceServers.current = servers;
        setMode(next);
      },
      onStream: (peer, stream) =>
        setStreams((current) => {
          const next = new Map(current);
          if (stream) next.set(peer, stream);
          else next.delete(peer);
          return next;
        }),
    });
    sfu.current = client;
    void client.replaceVideo(screenRef.current);
    client.start();
    return () => {
      client.close();
      sfu.current = null;
    };
  }, [channelId, mic, socket, connectionId]);
  useSocketEvent(SFU_EVENTS, (event) => sfu.current?.handle(event));

  // The screen shared or stopped: every connection sends it, or nothing.
  useEffect(() => {
    void sfu.current?.replaceVideo(screen);
    for (const pc of pcs.current.values()) void screenSender(pc)?.replaceTrack(screen);
  }, [screen]);

  const drop = (peer: string) => {
    pcs.current.get(peer)?.close();
    pcs.current.delete(peer);
    queued.current.delete(peer);
    setStreams((current) => {
      const next = new Map(current);
      next.delete(peer);
      return next;
    });
  };

  const connectionFor = (peer: string, offering: boolean) => {
    drop(peer);
    const pc = new RTCPeerConnection({ iceServers: iceServers.current });
    pcs.current.set(peer, pc);
    for (const track of mic?.getAudioTracks() ?? []) pc.addTrack(track, mic as MediaStream);
    // The screen's line, in the microphone's stream: the other side hears and sees one stream.
    // The answering side takes the offer's line instead (voice-offer).
    if (offering)
      pc.addTransceiver(screenRef.current ?? 'video', {
        direction: 'sendrecv',
        streams: mic ? [mic] : [],
      });
    pc.onicecandidate = ({ candidate }) => {
      if (!candidate) return;
      const init = candidate.toJSON();
      send({
        type: 'voice-ice-candidate',
        channelId,
        toUserId: peer,
        candidate: { ...init, candidate: init.candidate ?? '' },
      });
    };
    pc.ontrack = (event) => {
      const stream = event.streams[0] ?? new MediaStream([event.track]);
      setStreams((current) => new Map(current).set(peer, stream));
    };
    return pc;
  };

  const flush = async (peer: string, pc: RTCPeerConnection) => {
    for (const c of queued.current.get(peer) ?? [])
      await pc.addIceCandidate(c).catch(() => undefined);
    queued.current.delete(peer);
  };

  useSocketEvent('voice-user-joined', async (event) => {
    if (!joined || mode === 'sfu') return;
    if (event.channelId !== channelId || event.participant.userId === userId) return;
    const peer = event.participant.userId;
    const pc = connectionFor(peer, true);
    await pc.setLocalDescription(await pc.createOffer());
    const offer = pc.localDescription;
    if (offer)
      send({
        type: 'voice-offer',
        channelId,
        toUserId: peer,
        offer: { type: 'offer', sdp: offer.sdp },
      });
  });

  const answer = async (
    from: string,
    offer: RTCSessionDescriptionInit,
    candidates: RTCIceCandidateInit[] = [],
  ) => {
    const pc = connectionFor(from, false);
    if (candidates.length > 0) queued.current.set(from, candidates);
    await pc.setRemoteDescription(offer);
    // The offer's video line sends this page's screen too (none yet: a track later).
    const video = pc.getTransceivers().find((t) => t.receiver.track.kind === 'video');
    if (video) {
      video.direction = 'sendrecv';
      if (mic) video.sender.setStreams(mic);
      await video.sender.replaceTrack(screenRef.current);
    }
    await pc.setLocalDescription(await pc.createAnswer());
    const local = pc.localDescription;
    if (local) {
      send({
        type: 'voice-answer',
        channelId,
        toUserId: from,
        answer: { type: 'answer', sdp: local.sdp },
      });
    }
    await flush(from, pc);
  };

  // The signals kept while this page could not answer (voice-store.ts), answered once its
  // seat is confirmed and the connections of an older seat are closed (the effect above).
  const answerRef = useRef(answer);
  answerRef.current = answer;
  useEffect(() => {
    if (!joined || !connectionId) return;
    const offers = new Map<
      string,
      { offer: RTCSessionDescriptionInit; candidates: RTCIceCandidateInit[] }
    >();
    for (const signal of meshReady(connectionId)) {
      if (signal.type === 'voice-offer')
        offers.set(signal.fromUserId, { offer: signal.offer, candidates: [] });
      else offers.get(signal.fromUserId)?.candidates.push(signal.candidate);
    }
    for (const [from, { offer, candidates }] of offers)
      void answerRef.current(from, offer, candidates);
    return () => void meshReady(null);
  }, [joined, connectionId]);

  useSocketEvent('voice-offer', async (event) => {
    if (mode === 'sfu' || event.channelId !== channelId || !meshCanAnswer()) return;
    await answer(event.fromUserId, event.offer);
  });

  useSocketEvent('voice-answer', async (event) => {
    const pc = pcs.current.get(event.fromUserId);
    if (!pc || event.channelId !== channelId) return;
    await pc.setRemoteDescription(event.answer);
    await flush(event.fromUserId, pc);
  });

  useSocketEvent('voice-ice-candidate', async (event) => {
    if (event.channelId !== channelId || !meshCanAnswer()) return;
    const pc = pcs.current.get(event.fromUserId);
    if (pc?.remoteDescription) await pc.addIceCandidate(event.candidate).catch(() => undefined);
    else {
      const list = queued.current.get(event.fromUserId) ?? [];
      queued.current.set(event.fromUserId, [...list, event.candidate]);
    }
  });

  useSocketEvent('voice-user-left', (event) => {
    if (event.channelId === channelId && mode !== 'sfu') drop(event.userId);
  });

  // Leaving (mic gone) or leaving the screen closes every connection.
  useEffect(() => {
    if (joined) return;
    for (const pc of pcs.current.values()) pc.close();
    pcs.current.clear();
    queued.current.clear();
    setStreams(new Map());
  }, [joined]);
  useEffect(
    () => () => {
      for (const pc of pcs.current.values()) pc.close();
      pcs.current.clear();
    },
    [],
  );

  /** Every peer connection of the session now (the quality indicator reads their stats). */
  const connections = (): RTCPeerConnection[] => [
    ...pcs.current.values(),
    ...(sfu.current?.connections() ?? []),
  ];

  return { streams, mode, connections };
}

/** The sender of a voice connection's video line (the shared screen's). */
const screenSender = (pc: RTCPeerConnection): RTCRtpSender | undefined =>
  pc.getTransceivers().find((t) => t.receiver.track.kind === 'video')?.sender;
