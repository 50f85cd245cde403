import { useEffect, useRef, useState } from 'react';
import type { ClientFrame } from '#shared/protocol';
import { SFU_EVENTS, SfuClient, type SfuMode } from '@/lib/sfu-client';
import { useSocket, useSocketEvent } from '@/lib/socket-context';

/**
 * docs/product.md §4 voice channel, while joined: through Janus when the server has it (docs/calls.md:
 * one publisher connection, one subscriber connection per other user), else a peer mesh —
 * one audio peer connection per other user in the
 * channel. The one already in offers to whoever joins (voice-user-joined); offers, answers
 * and candidates from others are handled; a user who leaves has their connection closed.
 */
export function useVoiceMesh(
  channelId: string,
  userId: string,
  mic: MediaStream | null,
  /** The connection holding the seat: a new one (a reconnection) starts the media again. */
  connectionId: string | null,
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
    client.start();
    return () => {
      client.close();
      sfu.current = null;
    };
  }, [channelId, mic, socket, connectionId]);
  useSocketEvent(SFU_EVENTS, (event) => sfu.current?.handle(event));

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

  const connectionFor = (peer: string) => {
    drop(peer);
    const pc = new RTCPeerConnection({ iceServers: iceServers.current });
    pcs.current.set(peer, pc);
    for (const track of mic?.getAudioTracks() ?? []) pc.addTrack(track, mic as MediaStream);
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
    const pc = connectionFor(peer);
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

  useSocketEvent('voice-offer', async (event) => {
    if (!joined || mode === 'sfu' || event.channelId !== channelId) return;
    const pc = connectionFor(event.fromUserId);
    await pc.setRemoteDescription(event.offer);
    await pc.setLocalDescription(await pc.createAnswer());
    const answer = pc.localDescription;
    if (answer) {
      send({
        type: 'voice-answer',
        channelId,
        toUserId: event.fromUserId,
        answer: { type: 'answer', sdp: answer.sdp },
      });
    }
    await flush(event.fromUserId, pc);
  });

  useSocketEvent('voice-answer', async (event) => {
    const pc = pcs.current.get(event.fromUserId);
    if (!pc || event.channelId !== channelId) return;
    await pc.setRemoteDescription(event.answer);
    await flush(event.fromUserId, pc);
  });

  useSocketEvent('voice-ice-candidate', async (event) => {
    if (!joined || event.channelId !== channelId) return;
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
