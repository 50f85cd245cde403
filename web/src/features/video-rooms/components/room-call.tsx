import {
  MicIcon,
  MicOffIcon,
  MonitorUpIcon,
  PhoneOffIcon,
  UsersIcon,
  VideoIcon,
  VideoOffIcon,
} from 'lucide-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { RoomJoinResult } from '#shared/video-rooms';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/use-toast';
import { cn } from '@/lib/utils';
import { useRoomLobby } from '../api/get-room-lobby';
import { leaveVideoRoom } from '../api/leave-video-room';
import { useLocalMedia } from '../hooks/use-local-media';
import { type CallStatus, type RemotePeer, useRoomCall } from '../hooks/use-room-call';
import { layerFor, nextSpeaker, type RoomLayout, roomLayout } from '../lib/room-layout';
import { ParticipantsPanel } from './participants-panel';
import { VideoTile } from './video-tile';

/** The grid's columns for this many tiles (on a wide screen): one, two side by side, then more. */
function columnsFor(count: number): number {
  if (count <= 1) return 1;
  if (count <= 4) return 2;
  if (count <= 9) return 3;
  return 4;
}
const GRID_CLASS = [
  '',
  'grid-cols-1',
  'grid-cols-1 sm:grid-cols-2',
  'grid-cols-2 lg:grid-cols-3',
  'grid-cols-2 md:grid-cols-3 xl:grid-cols-4',
];

/** 16:9 tiles that fit the height left by the header and the controls (about 9rem). */
const gridWidth = (count: number, columns: number) =>
  `calc((100dvh - 9rem) / ${Math.ceil(count / columns)} * 16 / 9 * ${columns})`;
/** The stage's 16:9 tile in the height left by the header, the controls and the strip. */
const STAGE_WIDTH = 'calc((100dvh - 17rem) * 16 / 9)';

export function RoomCall({
  join,
  onEnded,
}: {
  join: RoomJoinResult;
  onEnded: (why: CallStatus | 'left') => void;
}) {
  const { t } = useTranslation();
  const media = useLocalMedia();
  const local = media.state === 'ready' ? media.stream : null;
  useEffect(() => {
    if (media.state === 'ready' && media.denied) {
      toast({
        variant: 'destructive',
        title: t('videoRooms.call.permissionDeniedTitle'),
        description: t('videoRooms.call.permissionDenied'),
      });
    } else if (media.state === 'ready' && media.failed) {
      toast({
        variant: 'destructive',
        title: t('videoRooms.call.mediaErrorTitle'),
        description: t('videoRooms.call.mediaError'),
      });
    }
  }, [media, t]);
  if (media.state === 'pending') {
    return (
      <p role="status" className="grid h-dvh place-items-center text-muted-foreground">
        {t('videoRooms.call.askingMedia')}
      </p>
    );
  }
  return <InCall join={join} local={local} onEnded={onEnded} />;
}

function InCall({
  join,
  local,
  onEnded,
}: {
  join: RoomJoinResult;
  local: MediaStream | null;
  onEnded: (why: CallStatus | 'left') => void;
}) {
  const { t } = useTranslation();
  // The layout of the last render, read when a new seat is subscribed to (its first layer).
  const shown = useRef<{ layout: RoomLayout; tiles: number }>({
    layout: { mode: 'grid' },
    tiles: 1,
  });
  const layerOf = useCallback(
    (seat: string) => layerFor(shown.current.layout, seat, shown.current.tiles),
    [],
  );
  const { status, peers, replaceVideo, setLayer } = useRoomCall(join, local, layerOf);
  const [pinned, setPinned] = useState<string | null>(null);
  const [speaker, setSpeaker] = useState<string | null>(null);
  // Who speaks now, since when: the stage follows it with a delay (room-layout.ts).
  const speakingSince = useRef(new Map<string, number>());
  useEffect(() => {
    const timer = setInterval(() => {
      setSpeaker((current) => nextSpeaker(current, speakingSince.current, performance.now()));
    }, 250);
    return () => clearInterval(timer);
  }, []);
  const lobby = useRoomLobby(join.room.id, join.isCreator);
  const waiting = lobby.data ?? [];
  // The creator hears of each newcomer to the lobby, panel open or not.
  const announced = useRef(new Set<string>());
  useEffect(() => {
    for (const guest of waiting) {
      if (announced.current.has(guest.id)) continue;
      announced.current.add(guest.id);
      toast({ title: t('videoRooms.call.someoneWaiting', { name: guest.name }) });
    }
  }, [waiting, t]);
  const [muted, setMuted] = useState(false);
  const [cameraOff, setCameraOff] = useState(false);
  const [screen, setScreen] = useState<MediaStream | null>(null);
  const [showPeople, setShowPeople] = useState(false);
  const screenRef = useRef<MediaStream | null>(null);
  screenRef.current = screen;

  useEffect(() => {
    if (status === 'removed' || status === 'closed') onEnded(status);
  }, [status, onEnded]);
  useEffect(() => () => stopAll(screenRef.current), []);
  // A closing tab gives its seat back at once (keepalive), not after the silence grace.
  useEffect(() => {
    const handlePageHide = () => void leaveVideoRoom(join.room.id, join.token);
    window.addEventListener('pagehide', handlePageHide);
    return () => window.removeEventListener('pagehide', handlePageHide);
  }, [join.room.id, join.token]);

  const audio = local?.getAudioTracks()[0];
  const camera = local?.getVideoTracks()[0];

  const toggleMute = () => {
    if (audio) audio.enabled = muted;
    setMuted(!muted);
  };
  const toggleCamera = () => {
    if (camera) camera.enabled = cameraOff;
    setCameraOff(!cameraOff);
  };
  const stopScreen = async () => {
    stopAll(screenRef.current);
    setScreen(null);
    await replaceVideo(camera ?? null);
  };
  const toggleScreen = async () => {
    if (screen) return stopScreen();
    const shared = await navigator.mediaDevices?.getDisplayMedia({ video: true }).catch(() => null);
    const track = shared?.getVideoTracks()[0];
    if (!shared || !track) return;
    track.onended = () => void stopScreen();
    setScreen(shared);
    await replaceVideo(track);
  };
  const handleLeave = async () => {
    stopAll(screen);
    await leaveVideoRoom(join.room.id, join.token);
    onEnded('left');
  };

  const tiles = peers.size + 1;
  const layout = roomLayout([...peers.keys()], pinned, speaker);
  shown.current = { layout, tiles };
  // Each remote video at the layer its tile needs now: Janus switches at the next key frame.
  // After every render: setLayer sends nothing for a layer already asked.
  useEffect(() => {
    for (const seat of peers.keys()) setLayer(seat, layerFor(layout, seat, tiles));
  });

  const selfTile = (className?: string) => (
    <VideoTile
      self
      name={t('videoRooms.call.you', { name: join.participant.name })}
      label={t('videoRooms.call.tileOf', { name: join.participant.name })}
      stream={screen ?? local}
      muted={muted}
      cameraOff={cameraOff && !screen}
      className={className}
    />
  );
  const remoteTile = ({ participant, stream }: RemotePeer, className?: string) => {
    const isPinned = pinned === participant.id;
    return (
      <VideoTile
        key={participant.id}
        name={participant.name}
        label={t('videoRooms.call.tileOf', { name: participant.name })}
        stream={stream}
        onSpeakingChange={(speaking) => {
          if (!speaking) speakingSince.current.delete(participant.id);
          else if (!speakingSince.current.has(participant.id)) {
            speakingSince.current.set(participant.id, performance.now());
          }
        }}
        pin={{
          pinned: isPinned,
          label: t(isPinned ? 'videoRooms.call.unpin' : 'videoRooms.call.pin', {
            name: participant.name,
          }),
          onToggle: () => setPinned(isPinned ? null : participant.id),
        }}
        className={className}
      />
    );
  };
  const onStage = layout.mode === 'stage' ? peers.get(layout.stage) : undefined;
  const control = (on: boolean) => (on ? 'secondary' : 'destructive');
  return (
    <div className="flex h-dvh flex-col bg-background">
      <header className="flex items-center justify-between gap-3 border-b px-4 py-2">
        <div className="min-w-0">
          <h1 className="truncate font-semibold">{join.room.name}</h1>
          <p className="text-muted-foreground text-xs" role="status">
            {status === 'connecting'
              ? t('videoRooms.call.connecting')
              : t('videoRooms.call.count', { count: tiles })}
          </p>
        </div>
      </header>
      <div className="flex min-h-0 flex-1">
        <div className="flex min-h-0 min-w-0 flex-1 items-center justify-center overflow-y-auto p-3">
          {onStage ? (
            <section
              aria-label={t('videoRooms.call.grid')}
              data-layout="stage"
              className="flex size-full min-h-0 flex-col gap-3"
            >
              <div className="flex min-h-0 flex-1 items-center justify-center">
                <div className="w-full" style={{ maxWidth: STAGE_WIDTH }} data-testid="room-stage">
                  {remoteTile(onStage)}
                </div>
              </div>
              <div className="flex shrink-0 justify-center-safe gap-2 overflow-x-auto p-1">
                {selfTile('w-36 shrink-0 sm:w-44')}
                {[...peers.values()]
                  .filter((peer) => peer !== onStage)
                  .map((peer) => remoteTile(peer, 'w-36 shrink-0 sm:w-44'))}
              </div>
            </section>
          ) : (
            <section
              aria-label={t('videoRooms.call.grid')}
              data-layout="grid"
              style={{ maxWidth: gridWidth(tiles, columnsFor(tiles)) }}
              className={cn('grid w-full content-center gap-3', GRID_CLASS[columnsFor(tiles)])}
            >
              {selfTile()}
              {[...peers.values()].map((peer) => remoteTile(peer))}
            </section>
          )}
        </div>
        {showPeople ? (
          <ParticipantsPanel
            join={join}
            peers={[...peers.values()].map((p) => p.participant)}
            waiting={waiting}
            onClose={() => setShowPeople(false)}
          />
        ) : null}
      </div>
      <nav
        aria-label={t('videoRooms.call.controls')}
        className="flex flex-wrap items-center justify-center gap-2 border-t p-3"
      >
        <Button
          type="button"
          variant={control(!muted)}
          onClick={toggleMute}
          disabled={!audio}
          aria-pressed={muted}
          aria-label={muted ? t('videoRooms.call.unmute') : t('videoRooms.call.mute')}
        >
          {muted ? <MicOffIcon aria-hidden /> : <MicIcon aria-hidden />}
        </Button>
        <Button
          type="button"
          variant={control(!cameraOff)}
          onClick={toggleCamera}
          disabled={!camera}
          aria-pressed={cameraOff}
          aria-label={cameraOff ? t('videoRooms.call.cameraOn') : t('videoRooms.call.cameraOff')}
        >
          {cameraOff ? <VideoOffIcon aria-hidden /> : <VideoIcon aria-hidden />}
        </Button>
        <Button
          type="button"
          variant={screen ? 'default' : 'secondary'}
          onClick={toggleScreen}
          disabled={!camera}
          aria-pressed={Boolean(screen)}
          aria-label={screen ? t('videoRooms.call.stopShare') : t('videoRooms.call.share')}
          className="hidden sm:inline-flex"
        >
          <MonitorUpIcon aria-hidden />
        </Button>
        <Button
          type="button"
          variant={showPeople ? 'default' : 'secondary'}
          onClick={() => setShowPeople(!showPeople)}
          aria-pressed={showPeople}
          aria-label={t('videoRooms.call.participants')}
        >
          <UsersIcon aria-hidden />
          <span className="tabular-nums">{tiles}</span>
          {waiting.length > 0 ? (
            <span
              className="rounded-full bg-primary px-1.5 text-primary-foreground text-xs tabular-nums"
              title={t('videoRooms.call.lobbyCount', { count: waiting.length })}
            >
              +{waiting.length}
            </span>
          ) : null}
        </Button>
        <Button type="button" variant="destructive" onClick={handleLeave}>
          <PhoneOffIcon aria-hidden />
          {t('videoRooms.call.leave')}
        </Button>
      </nav>
    </div>
  );
}

function stopAll(stream: MediaStream | null | undefined) {
  for (const track of stream?.getTracks() ?? []) track.stop();
}
