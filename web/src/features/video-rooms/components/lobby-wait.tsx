import { HourglassIcon } from 'lucide-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { ROOM_HEARTBEAT_MS, type RoomJoinResult } from '#shared/video-rooms';
import { Button } from '@/components/ui/button';
import { leaveVideoRoom } from '../api/leave-video-room';
import { openRoomSocket } from '../lib/room-socket';

export type LobbyOutcome = 'admitted' | 'refused' | 'closed' | 'left';

/**
 * A guest in the room's lobby (docs/calls.md, "Salle d'attente"): its socket, opened with its
 * token, keeps its place alive and hears when the creator lets it in, refuses it, or closes
 * the room.
 */
export function LobbyWait({
  join,
  onOutcome,
}: {
  join: RoomJoinResult;
  onOutcome: (outcome: LobbyOutcome) => void;
}) {
  const { t } = useTranslation();
  const me = join.participant.id;

  useEffect(() => {
    let done = false;
    const finish = (outcome: LobbyOutcome) => {
      if (done) return;
      done = true;
      onOutcome(outcome);
    };
    const socket = openRoomSocket(join.token, {
      onReady: () => socket.send({ type: 'room_heartbeat' }),
      onEvent: (event) => {
        if (event.type === 'room_admitted' && event.participantId === me) finish('admitted');
        else if (event.type === 'room_participant_left' && event.participantId === me)
          finish(event.removed ? 'refused' : 'left');
        else if (event.type === 'room_closed') finish('closed');
      },
      onEnded: () => finish('refused'),
    });
    const heartbeat = setInterval(() => socket.send({ type: 'room_heartbeat' }), ROOM_HEARTBEAT_MS);
    const handlePageHide = () => void leaveVideoRoom(join.room.id, join.token);
    window.addEventListener('pagehide', handlePageHide);
    return () => {
      done = true;
      clearInterval(heartbeat);
      window.removeEventListener('pagehide', handlePageHide);
      socket.close();
    };
  }, [join.room.id, join.token, me, onOutcome]);

  const handleLeave = async () => {
    await leaveVideoRoom(join.room.id, join.token);
    onOutcome('left');
  };

  return (
    <div role="status" className="grid justify-items-center gap-4 text-center">
      <span className="flex size-12 items-center justify-center rounded-full bg-primary/15 text-primary">
        <HourglassIcon aria-hidden className="size-6 motion-safe:animate-pulse" />
      </span>
      <div className="grid gap-1">
        <h1 className="font-semibold text-lg">{t('videoRooms.join.waitingTitle')}</h1>
        <p className="break-words font-medium">{join.room.name}</p>
        <p className="text-muted-foreground text-sm">{t('videoRooms.join.waitingHint')}</p>
      </div>
      <Button type="button" variant="outline" onClick={handleLeave}>
        {t('videoRooms.join.waitingLeave')}
      </Button>
    </div>
  );
}
