import { UserMinusIcon, XIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { RoomJoinResult, RoomParticipant } from '#shared/video-rooms';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/use-toast';
import { toastFailure } from '@/lib/toast-failure';
import { useRemoveRoomParticipant } from '../api/remove-room-participant';

/** Who is in; the room's creator may remove anyone else. */
export function ParticipantsPanel({
  join,
  peers,
  onClose,
}: {
  join: RoomJoinResult;
  peers: RoomParticipant[];
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const remove = useRemoveRoomParticipant();
  const handleRemove = (participant: RoomParticipant) =>
    remove.mutate(
      { roomId: join.room.id, participantId: participant.id },
      {
        onSuccess: () => toast({ title: t('videoRooms.call.removed', { name: participant.name }) }),
        onError: (error) =>
          toastFailure(error, t('videoRooms.toast.errorTitle'), t('videoRooms.call.removeError')),
      },
    );
  const everyone = [join.participant, ...peers];
  return (
    <aside
      aria-label={t('videoRooms.call.participants')}
      className="absolute inset-0 z-10 flex flex-col bg-background sm:static sm:w-72 sm:border-l"
    >
      <div className="flex items-center justify-between border-b px-4 py-2">
        <h2 className="font-semibold text-sm">
          {t('videoRooms.call.participantsCount', { count: everyone.length })}
        </h2>
        <Button
          type="button"
          size="icon"
          variant="ghost"
          onClick={onClose}
          aria-label={t('common.close')}
        >
          <XIcon aria-hidden />
        </Button>
      </div>
      <ul className="grid content-start gap-1 overflow-y-auto p-2">
        {everyone.map((participant) => (
          <li key={participant.id} className="flex items-center gap-2 rounded-md px-2 py-1.5">
            <span className="min-w-0 flex-1 truncate text-sm">
              {participant.id === join.participant.id
                ? t('videoRooms.call.you', { name: participant.name })
                : participant.name}
            </span>
            {participant.isGuest ? (
              <Badge variant="outline">{t('videoRooms.call.guest')}</Badge>
            ) : null}
            {join.isCreator && participant.id !== join.participant.id ? (
              <Button
                type="button"
                size="icon"
                variant="ghost"
                disabled={remove.isPending}
                onClick={() => handleRemove(participant)}
                aria-label={t('videoRooms.call.remove', { name: participant.name })}
              >
                <UserMinusIcon aria-hidden />
              </Button>
            ) : null}
          </li>
        ))}
      </ul>
    </aside>
  );
}
