import { format } from 'date-fns';
import { fr } from 'date-fns/locale';
import {
  CheckIcon,
  CopyIcon,
  ExternalLinkIcon,
  HourglassIcon,
  UserRoundCheckIcon,
  UsersIcon,
} from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { RoomPreview, VideoRoom } from '#shared/video-rooms';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Switch } from '@/components/ui/switch';
import { toast } from '@/components/ui/use-toast';
import { toastFailure } from '@/lib/toast-failure';
import { useCopy } from '@/lib/use-copy';
import { useUpdateVideoRoom } from '../api/update-video-room';
import { DeleteRoomButton } from './delete-room-button';

/** docs/product.md §2.15: the room's link is the page's origin plus /join/{roomCode}. */
export const roomLink = (code: string) => `${window.location.origin}/join/${code}`;

/** docs/product.md §9 displayed date format: dd/MM/yyyy HH:mm. */
export const formatRoomDate = (iso: string) =>
  format(new Date(iso), 'dd/MM/yyyy HH:mm', { locale: fr });

export function RoomCard({ room }: { room: VideoRoom }) {
  const { t } = useTranslation();
  const update = useUpdateVideoRoom();
  const { copied, copy } = useCopy();
  const link = roomLink(room.roomCode);
  const expired = room.expiresAt !== null && Date.parse(room.expiresAt) <= Date.now();

  const handleActive = (isActive: boolean) =>
    update.mutate(
      { id: room.id, isActive },
      {
        onSuccess: () => toast({ title: t('videoRooms.toast.updated'), description: room.name }),
        onError: (error) =>
          toastFailure(error, t('videoRooms.toast.errorTitle'), t('videoRooms.toast.updateError')),
      },
    );

  const handleCopy = async () => {
    await copy(link);
    toast({ title: t('videoRooms.toast.linkCopied') });
  };

  return (
    <li aria-label={room.name} className="grid gap-3 rounded-xl border bg-card p-4 shadow-sm">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="grid min-w-0 gap-1">
          <h2 className="break-words font-semibold text-base">{room.name}</h2>
          {room.description ? (
            <p className="break-words text-muted-foreground text-sm">{room.description}</p>
          ) : null}
        </div>
        <div className="flex items-center gap-3">
          <label className="flex items-center gap-2 text-sm" htmlFor={`room-active-${room.id}`}>
            <Badge variant={room.isActive ? 'default' : 'secondary'}>
              {room.isActive ? t('videoRooms.list.active') : t('videoRooms.list.inactive')}
            </Badge>
            <span className="sr-only">
              {t('videoRooms.list.activeSwitch', { name: room.name })}
            </span>
          </label>
          <Switch
            id={`room-active-${room.id}`}
            checked={room.isActive}
            disabled={update.isPending}
            onCheckedChange={handleActive}
          />
          <DeleteRoomButton room={room} />
        </div>
      </div>
      <div className="flex flex-wrap gap-2 text-xs">
        <Badge variant="outline">
          <UsersIcon aria-hidden />
          {t('videoRooms.list.maxParticipants', { count: room.participantLimit })}
        </Badge>
        <Badge variant="outline">
          <UserRoundCheckIcon aria-hidden />
          {room.allowGuests
            ? t('videoRooms.list.guestsAllowed')
            : t('videoRooms.list.guestsRefused')}
        </Badge>
        <LobbyBadge room={room} />
        <Badge variant={expired ? 'destructive' : 'outline'}>
          {room.expiresAt
            ? t(expired ? 'videoRooms.list.expiredOn' : 'videoRooms.list.expiresOn', {
                date: formatRoomDate(room.expiresAt),
              })
            : t('videoRooms.list.neverExpires')}
        </Badge>
        {room.participantCount > 0 ? (
          <Badge variant="secondary">
            {t('videoRooms.list.inRoom', { count: room.participantCount })}
          </Badge>
        ) : null}
      </div>
      <div className="flex flex-wrap items-center gap-2">
        <code
          className="min-w-0 flex-1 truncate rounded-md bg-muted px-2 py-1.5 text-xs"
          title={link}
        >
          {link}
        </code>
        <Button type="button" size="sm" variant="outline" onClick={handleCopy}>
          {copied ? <CheckIcon aria-hidden /> : <CopyIcon aria-hidden />}
          {copied ? t('videoRooms.list.copied') : t('videoRooms.list.copyLink')}
        </Button>
        <Button asChild size="sm" variant="outline">
          <a href={link} target="_blank" rel="noopener noreferrer">
            <ExternalLinkIcon aria-hidden />
            {t('videoRooms.list.open')}
          </a>
        </Button>
      </div>
    </li>
  );
}

/** "Salle d'attente" when guests wait to be let in (the room's card, its join page). */
export function LobbyBadge({ room }: { room: Pick<RoomPreview, 'lobbyEnabled' | 'allowGuests'> }) {
  const { t } = useTranslation();
  if (!room.lobbyEnabled || !room.allowGuests) return null;
  return (
    <Badge variant="outline">
      <HourglassIcon aria-hidden />
      {t('videoRooms.join.lobbyBadge')}
    </Badge>
  );
}
