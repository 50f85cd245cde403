import {
  CalendarClockIcon,
  CircleAlertIcon,
  Loader2Icon,
  LockIcon,
  UserRoundCheckIcon,
  UsersIcon,
  VideoIcon,
} from 'lucide-react';
import { type FormEvent, type ReactNode, useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { GUEST_NAME_MAX, type RoomJoinResult, type RoomPreview } from '#shared/video-rooms';
import { LogoMark } from '@/components/brand/logo';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { toast } from '@/components/ui/use-toast';
import { useCurrentUser } from '@/features/auth';
import { currentPath, goToLogin } from '@/lib/api';
import { toastFailure } from '@/lib/toast-failure';
import { useDisplayName } from '@/lib/use-display-name';
import { useRoomByCode } from '../api/get-room-by-code';
import { useJoinVideoRoom } from '../api/join-video-room';
import type { CallStatus } from '../hooks/use-room-call';
import { type LobbyOutcome, LobbyWait } from './lobby-wait';
import { RoomCall } from './room-call';
import { formatRoomDate, LobbyBadge } from './room-card';

type Ended = CallStatus | 'left' | 'refused';

/** docs/product.md §2.16 /join/{roomCode}: loading, not found, inactive, expired, or joinable — then the call. */
export function JoinRoomPage({ code }: { code: string }) {
  const { t } = useTranslation();
  const room = useRoomByCode(code);
  const [joined, setJoined] = useState<RoomJoinResult | null>(null);
  const [ended, setEnded] = useState<Ended | null>(null);
  const handleEnded = useCallback((why: Ended) => {
    setJoined(null);
    setEnded(why);
  }, []);
  const handleLobby = useCallback(
    (outcome: LobbyOutcome) => {
      if (outcome !== 'admitted') return handleEnded(outcome);
      setJoined((current) =>
        current ? { ...current, participant: { ...current.participant, waiting: false } } : null,
      );
    },
    [handleEnded],
  );

  if (joined && !joined.participant.waiting)
    return <RoomCall join={joined} onEnded={handleEnded} />;

  let card: ReactNode;
  if (room.isPending) {
    card = (
      <div role="status" className="grid justify-items-center gap-3 py-6 text-muted-foreground">
        <Loader2Icon aria-hidden className="size-8 animate-spin text-primary" />
        <p className="text-sm">{t('videoRooms.join.loading')}</p>
      </div>
    );
  } else if (!room.data) {
    card = (
      <Problem title={t('videoRooms.join.notFound')} text={t('videoRooms.join.notFoundHint')} />
    );
  } else if (room.data.state === 'inactive') {
    card = (
      <Problem title={t('videoRooms.join.inactive')} text={t('videoRooms.join.inactiveHint')} />
    );
  } else if (room.data.state === 'expired') {
    card = <Problem title={t('videoRooms.join.expired')} text={t('videoRooms.join.expiredHint')} />;
  } else if (joined) {
    card = <LobbyWait join={joined} onOutcome={handleLobby} />;
  } else {
    card = (
      <JoinForm
        room={room.data}
        ended={ended}
        onJoined={(result) => {
          setEnded(null);
          setJoined(result);
        }}
      />
    );
  }

  return (
    <main className="grid min-h-dvh place-items-center bg-[radial-gradient(ellipse_at_top,color-mix(in_oklch,var(--color-primary)_14%,transparent),transparent_60%)] p-4">
      <div className="grid w-full max-w-md gap-6 rounded-2xl border bg-card p-6 shadow-2xl sm:p-8">
        <div className="grid justify-items-center gap-2">
          <LogoMark className="size-10" />
          <p className="font-semibold text-muted-foreground text-sm">
            {t('videoRooms.join.heading')}
          </p>
        </div>
        {card}
      </div>
    </main>
  );
}

function Problem({ title, text }: { title: string; text: string }) {
  const { t } = useTranslation();
  return (
    <div className="grid justify-items-center gap-3 text-center">
      <CircleAlertIcon aria-hidden className="size-10 text-destructive" />
      <h1 className="font-semibold text-lg">{title}</h1>
      <p className="text-muted-foreground text-sm">{text}</p>
      <Button asChild variant="outline" className="mt-2">
        <Link href="/">{t('common.backHome')}</Link>
      </Button>
    </div>
  );
}

function JoinForm({
  room,
  ended,
  onJoined,
}: {
  room: RoomPreview;
  ended: Ended | null;
  onJoined: (result: RoomJoinResult) => void;
}) {
  const { t } = useTranslation();
  const { user } = useCurrentUser();
  const nameOf = useDisplayName();
  const join = useJoinVideoRoom();
  const [guestName, setGuestName] = useState('');
  const [nameError, setNameError] = useState(false);
  const anonymous = !user;
  const refused = anonymous && !room.allowGuests;

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    // docs/product.md §5: an anonymous visitor must enter a non-blank guest name.
    if (anonymous && !guestName.trim()) {
      setNameError(true);
      return;
    }
    join.mutate(
      { roomId: room.id, guestName: anonymous ? guestName.trim() : null },
      {
        onSuccess: (result) => {
          // In the lobby the waiting screen says where one is.
          if (!result.participant.waiting)
            toast({ title: t('videoRooms.toast.joined'), description: room.name });
          onJoined(result);
        },
        onError: (error) =>
          toastFailure(error, t('videoRooms.toast.joinError'), t('videoRooms.toast.joinError')),
      },
    );
  };

  return (
    <form onSubmit={handleSubmit} noValidate className="grid gap-5">
      {ended ? (
        <p role="status" className="rounded-lg border bg-muted/50 p-3 text-center text-sm">
          {t(`videoRooms.join.ended.${ended}`)}
        </p>
      ) : null}
      <div className="grid justify-items-center gap-2 text-center">
        <span className="flex size-11 items-center justify-center rounded-xl bg-primary/15 text-primary">
          <VideoIcon aria-hidden className="size-5" />
        </span>
        <h1 className="break-words font-bold text-xl">{room.name}</h1>
        {room.description ? (
          <p className="break-words text-muted-foreground text-sm">{room.description}</p>
        ) : null}
        <div className="flex flex-wrap justify-center gap-2">
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
          <Badge variant="outline">
            <CalendarClockIcon aria-hidden />
            {room.expiresAt
              ? t('videoRooms.list.expiresOn', { date: formatRoomDate(room.expiresAt) })
              : t('videoRooms.list.neverExpires')}
          </Badge>
        </div>
      </div>
      {user ? (
        <p className="text-center text-sm">
          {t('videoRooms.join.greeting', { name: user.firstName || user.email || nameOf(user) })}
        </p>
      ) : null}
      {anonymous && room.allowGuests ? (
        <div className="grid gap-2">
          <Label htmlFor="guest-name">{t('videoRooms.join.guestName')}</Label>
          <Input
            id="guest-name"
            autoFocus
            maxLength={GUEST_NAME_MAX}
            value={guestName}
            placeholder={t('videoRooms.join.guestNamePlaceholder')}
            aria-invalid={nameError}
            aria-describedby={nameError ? 'guest-name-error' : undefined}
            onChange={(event) => {
              setGuestName(event.target.value);
              setNameError(false);
            }}
          />
          {nameError ? (
            <p id="guest-name-error" role="alert" className="text-destructive text-xs">
              {t('videoRooms.join.nameRequired')}
            </p>
          ) : null}
        </div>
      ) : null}
      {refused ? (
        <div
          role="note"
          className="grid justify-items-center gap-3 rounded-lg border p-3 text-center text-sm"
        >
          <p className="flex items-center gap-2">
            <LockIcon aria-hidden className="size-4" />
            {t('videoRooms.join.authRequired')}
          </p>
          <Button
            type="button"
            variant="outline"
            size="sm"
            onClick={() => goToLogin(currentPath())}
          >
            {t('videoRooms.join.signIn')}
          </Button>
        </div>
      ) : null}
      <Button type="submit" disabled={refused || join.isPending}>
        {join.isPending ? <Loader2Icon aria-hidden className="animate-spin" /> : null}
        {ended ? t('videoRooms.join.rejoin') : t('videoRooms.join.submit')}
      </Button>
    </form>
  );
}
