import { CheckIcon, UserMinusIcon, XIcon } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { RoomJoinResult, RoomParticipant } from '#shared/video-rooms';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { IconButton } from '@/components/ui/icon-button';
import { Label } from '@/components/ui/label';
import { Switch } from '@/components/ui/switch';
import { toast } from '@/components/ui/use-toast';
import { toastFailure } from '@/lib/toast-failure';
import { useAdmitRoomGuest } from '../api/admit-room-guest';
import { useRemoveRoomParticipant } from '../api/remove-room-participant';
import { useUpdateVideoRoom } from '../api/update-video-room';

/** Who is in; the room's creator may remove anyone else, and keeps the lobby. */
export function ParticipantsPanel({
  join,
  peers,
  waiting,
  onClose,
}: {
  join: RoomJoinResult;
  peers: RoomParticipant[];
  /** The creator's lobby (empty for anyone else). */
  waiting: RoomParticipant[];
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
        <IconButton type="button" onClick={onClose} label={t('common.close')}>
          <XIcon aria-hidden />
        </IconButton>
      </div>
      {join.isCreator ? <LobbySection join={join} waiting={waiting} /> : null}
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
              <IconButton
                type="button"
                disabled={remove.isPending}
                onClick={() => handleRemove(participant)}
                label={t('videoRooms.call.remove', { name: participant.name })}
              >
                <UserMinusIcon aria-hidden />
              </IconButton>
            ) : null}
          </li>
        ))}
      </ul>
    </aside>
  );
}

/** The creator's lobby: its switch, and those waiting, each let in or refused. */
function LobbySection({ join, waiting }: { join: RoomJoinResult; waiting: RoomParticipant[] }) {
  const { t } = useTranslation();
  const [enabled, setEnabled] = useState(join.room.lobbyEnabled);
  const update = useUpdateVideoRoom();
  const admit = useAdmitRoomGuest(join.room.id);
  const refuse = useRemoveRoomParticipant();
  const roomId = join.room.id;
  const failed = (error: unknown, text: string) =>
    toastFailure(error, t('videoRooms.toast.errorTitle'), text);
  const handleSwitch = (on: boolean) => {
    setEnabled(on);
    update.mutate(
      { id: roomId, lobbyEnabled: on },
      {
        onError: (error) => {
          setEnabled(!on);
          failed(error, t('videoRooms.call.lobbyError'));
        },
      },
    );
  };
  return (
    <section aria-label={t('videoRooms.call.lobby')} className="grid gap-2 border-b p-3">
      <div className="flex items-center justify-between gap-3">
        <Label htmlFor="room-lobby" className="text-sm">
          {t('videoRooms.call.lobbySwitch')}
        </Label>
        <Switch
          id="room-lobby"
          checked={enabled}
          disabled={update.isPending}
          onCheckedChange={handleSwitch}
        />
      </div>
      {enabled || waiting.length > 0 ? (
        <p className="text-muted-foreground text-xs">
          {waiting.length === 0
            ? t('videoRooms.call.lobbyEmpty')
            : t('videoRooms.call.lobbyCount', { count: waiting.length })}
        </p>
      ) : null}
      {waiting.length > 0 ? (
        <ul className="grid gap-1">
          {waiting.map((guest) => (
            <li key={guest.id} className="flex items-center gap-1 rounded-md bg-muted/50 px-2 py-1">
              <span className="min-w-0 flex-1 truncate text-sm">{guest.name}</span>
              <Button
                type="button"
                size="sm"
                disabled={admit.isPending}
                onClick={() =>
                  admit.mutate(
                    { roomId, participantId: guest.id },
                    { onError: (error) => failed(error, t('videoRooms.call.admitError')) },
                  )
                }
                aria-label={t('videoRooms.call.admit', { name: guest.name })}
              >
                <CheckIcon aria-hidden />
                {t('videoRooms.call.admitShort')}
              </Button>
              <IconButton
                type="button"
                disabled={refuse.isPending}
                onClick={() =>
                  refuse.mutate(
                    { roomId, participantId: guest.id },
                    { onError: (error) => failed(error, t('videoRooms.call.removeError')) },
                  )
                }
                label={t('videoRooms.call.refuse', { name: guest.name })}
              >
                <XIcon aria-hidden />
              </IconButton>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
