import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { ServerEvent } from '#shared/protocol';
import type { RoomIceCandidate, RoomSessionDescription } from '#shared/protocol/video-rooms';
import { ROOM_HEARTBEAT_MS, type RoomJoinResult, type RoomParticipant } from '#shared/video-rooms';
import { SfuClient } from '@/lib/sfu-client';
import { roomLobbyKey } from '../api/get-room-lobby';
import { openRoomSocket } from '../lib/room-socket';

export type CallStatus = 'connecting' | 'in-call' | 'removed' | 'closed';

export interface RemotePeer {
  participant: RoomParticipant;
  stream: MediaStream | null;
}

type RoomSocket = ReturnType<typeof openRoomSocket>;

/**
 * The room's media (docs/calls.md): through Janus when the server has it — one publisher
 * connection and one subscriber connection per other seat (SfuClient) — else a peer mesh:
 * one RTCPeerConnection per other seat. The newcomer
 * offers to everyone already in (room_joined), so two sides never offer to each other at
 * once; SDP and candidates go through the server over /ws, to seats of this room only.
 */
export function useRoomCall(
  join: RoomJoinResult,
  local: MediaStream | null,
  /** The simulcast layer each seat's tile needs now (room-layout.ts), read at subscription. */
  layerOf: (participantId: string) => number,
) {
  const me = join.participant.id;
  const [status, setStatus] = useState<CallStatus>('connecting');
  const [peers, setPeers] = useState<ReadonlyMap<string, RemotePeer>>(new Map());
  const connections = useRef(new Map<string, RTCPeerConnection>());
  const queued = useRef(new Map<string, RTCIceCandidateInit[]>());
  const socketRef = useRef<RoomSocket | null>(null);
  const sfuRef = useRef<SfuClient | null>(null);
  const layerRef = useRef(layerOf);
  layerRef.current = layerOf;
  const queryClient = useQueryClient();

  const updatePeer = useCallback(
    (id: string, change: (peer: RemotePeer | undefined) => RemotePeer | null) => {
      setPeers((current) => {
        const next = new Map(current);
        const peer = change(current.get(id));
        if (peer) next.set(id, peer);
        else next.delete(id);
        return next;
      });
    },
    [],
  );

  useEffect(() => {
    const pcs = connections.current;
    const candidates = queued.current;

    const send = (
      to: string,
      signal: {
        description?: RoomSessionDescription;
        candidate?: RoomIceCandidate;
        layer?: number;
      },
    ) => socketRef.current?.send({ type: 'room_signal', toParticipantId: to, ...signal });

    const drop = (id: string) => {
      pcs.get(id)?.close();
      pcs.delete(id);
      candidates.delete(id);
    };

    // The ICE servers the server gave with its answer to sfu_join (mesh or not).
    let iceServers: RTCIceServer[] = [];
    let iceTransportPolicy: RTCIceTransportPolicy = 'all';
    const connectionFor = (id: string, offering: boolean) => {
      drop(id);
      const pc = new RTCPeerConnection({ iceServers, iceTransportPolicy });
      pcs.set(id, pc);
      if (offering) addLocal(pc, local);
      pc.onicecandidate = ({ candidate }) => {
        if (candidate) send(id, { candidate: candidate.toJSON() as RoomIceCandidate });
      };
      // A peer whose page died: its tile goes (it offers again if it comes back).
      pc.onconnectionstatechange = () => {
        if (pc.connectionState !== 'failed' || pcs.get(id) !== pc) return;
        drop(id);
        updatePeer(id, () => null);
      };
      pc.ontrack = (event) => {
        const stream = event.streams[0] ?? new MediaStream([event.track]);
        updatePeer(id, (peer) => (peer ? { ...peer, stream } : null));
      };
      return pc;
    };

    const flush = async (id: string, pc: RTCPeerConnection) => {
      for (const candidate of candidates.get(id) ?? [])
        await pc.addIceCandidate(candidate).catch(() => undefined);
      candidates.delete(id);
    };

    const offerTo = async (participant: RoomParticipant) => {
      updatePeer(participant.id, () => ({ participant, stream: null }));
      const pc = connectionFor(participant.id, true);
      await pc.setLocalDescription(await pc.createOffer());
      send(participant.id, {
        description: pc.localDescription?.toJSON() as RoomSessionDescription,
      });
    };

    /**
     * The layer of this page's video each other seat shows (their room_signal's `layer`,
     * through Janus): a layer is encoded only while one of them shows it that large, all of
     * them before anyone said (docs/calls.md, "Salles à plusieurs").
     */
    const shownAt = new Map<string, number>();
    const encodeWhatIsShown = () => {
      const largest = Math.max(...shownAt.values());
      void sfu?.sendLayers(shownAt.size === 0 ? 2 : largest);
    };
    const forget = (id: string) => {
      if (shownAt.delete(id)) encodeWhatIsShown();
    };

    const onSignal = async (event: Extract<ServerEvent, { type: 'room_signal' }>) => {
      const from = event.fromParticipantId;
      if (event.layer !== undefined) {
        shownAt.set(from, event.layer);
        encodeWhatIsShown();
      }
      if (event.description?.type === 'offer') {
        const pc = connectionFor(from, false);
        await pc.setRemoteDescription(event.description);
        // After the offer: the local tracks take the transceivers it made.
        addLocal(pc, local);
        await pc.setLocalDescription(await pc.createAnswer());
        send(from, { description: pc.localDescription?.toJSON() as RoomSessionDescription });
        await flush(from, pc);
        return;
      }
      const pc = pcs.get(from);
      if (event.description?.type === 'answer' && pc) {
        await pc.setRemoteDescription(event.description);
        await flush(from, pc);
      }
      if (event.candidate) {
        if (pc?.remoteDescription) await pc.addIceCandidate(event.candidate).catch(() => undefined);
        else candidates.set(from, [...(candidates.get(from) ?? []), event.candidate]);
      }
    };

    const end = (next: CallStatus) => {
      sfu?.close();
      sfu = null;
      for (const id of [...pcs.keys()]) drop(id);
      setPeers(new Map());
      setStatus(next);
      socketRef.current?.close();
    };

    /** Who was in when we joined: the mesh offers to them if there is no SFU. */
    let present: RoomParticipant[] = [];
    let meshMode = false;
    /** Streams of seats this page has not heard of yet (their room event comes after). */
    const arrived = new Map<string, MediaStream>();
    let sfu: SfuClient | null = null;
    const startSfu = () => {
      sfu?.close();
      sfu = new SfuClient({
        space: `room:${me}`,
        send: (frame) => socketRef.current?.send(frame),
        local,
        simulcast: true,
        layerOf: (id) => layerRef.current(id),
        onLayer: (id, layer) => send(id, { layer }),
        onMode: (mode, servers, policy) => {
          iceServers = servers;
          iceTransportPolicy = policy;
          meshMode = mode === 'mesh';
          if (mode === 'mesh') for (const participant of present) void offerTo(participant);
        },
        onStream: (id, stream) => {
          if (stream) arrived.set(id, stream);
          else arrived.delete(id);
          updatePeer(id, (peer) => {
            if (!peer) return null;
            arrived.delete(id);
            return { ...peer, stream };
          });
        },
      });
      sfuRef.current = sfu;
      encodeWhatIsShown();
      sfu.start();
    };

    const onEvent = (event: ServerEvent) => {
      sfu?.handle(event);
      switch (event.type) {
        case 'room_joined':
          setStatus('in-call');
          present = event.participants;
          for (const participant of present)
            updatePeer(participant.id, (peer) => peer ?? { participant, stream: null });
          startSfu();
          break;
        case 'room_participant_joined': {
          // A seat (re)joined. In the mesh it will offer: a connection it had is stale.
          // Through Janus its media comes as a new feed, which may have arrived before this
          // event (another path through the server): a stream already here is kept.
          const { participant } = event;
          drop(participant.id);
          forget(participant.id);
          const early = arrived.get(participant.id) ?? null;
          arrived.delete(participant.id);
          updatePeer(participant.id, (peer) => ({
            participant,
            stream: meshMode ? null : (early ?? peer?.stream ?? null),
          }));
          break;
        }
        case 'room_participant_left':
          if (event.participantId === me) end(event.removed ? 'removed' : 'closed');
          else {
            drop(event.participantId);
            forget(event.participantId);
            updatePeer(event.participantId, () => null);
          }
          break;
        case 'room_closed':
          end('closed');
          break;
        case 'room_signal':
          void onSignal(event);
          break;
        case 'room_lobby_changed':
          // The creator's lobby list (the event reaches only the room's creator).
          void queryClient.invalidateQueries({ queryKey: roomLobbyKey(event.roomId) });
          break;
      }
    };

    const socket = openRoomSocket(join.token, {
      onReady: () => socket.send({ type: 'room_join', participantId: me }),
      onEvent,
      onEnded: () => setStatus((s) => (s === 'removed' ? s : 'closed')),
    });
    socketRef.current = socket;
    const heartbeat = setInterval(() => socket.send({ type: 'room_heartbeat' }), ROOM_HEARTBEAT_MS);
    return () => {
      clearInterval(heartbeat);
      sfu?.close();
      sfuRef.current = null;
      for (const id of [...pcs.keys()]) drop(id);
      socket.close();
      socketRef.current = null;
    };
  }, [join.token, me, local, updatePeer, queryClient]);

  /** Send another video track (screen or camera) to every peer, without renegotiating. */
  const replaceVideo = useCallback(async (track: MediaStreamTrack | null) => {
    await sfuRef.current?.replaceVideo(track);
    await Promise.all(
      [...connections.current.values()].map((pc) => {
        const sender = pc
          .getSenders()
          .find((s) => s.track?.kind === 'video' || (!s.track && track));
        return sender?.replaceTrack(track);
      }),
    );
  }, []);

  /** Receive a seat's video at another simulcast layer (through Janus; the mesh sends one). */
  const setLayer = useCallback((participantId: string, layer: number) => {
    sfuRef.current?.setLayer(participantId, layer);
  }, []);

  return { status, peers, replaceVideo, setLayer };
}

function addLocal(pc: RTCPeerConnection, local: MediaStream | null) {
  for (const kind of ['audio', 'video'] as const) {
    const track = local?.getTracks().find((t) => t.kind === kind);
    if (track && local) pc.addTrack(track, local);
    else if (!pc.getTransceivers().some((t) => t.receiver.track.kind === kind)) {
      pc.addTransceiver(kind, { direction: 'recvonly' });
    }
  }
}
