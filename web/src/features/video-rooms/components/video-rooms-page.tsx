import { PlusIcon, VideoIcon } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { useVideoRooms } from '../api/get-video-rooms';
import { CreateRoomDialog } from './create-room-dialog';
import { RoomCard } from './room-card';

/** docs/product.md §2.15 /video-rooms: my rooms, each with its switch, link and delete; a create dialog. */
export function VideoRoomsPage() {
  const { t } = useTranslation();
  const rooms = useVideoRooms();
  const [creating, setCreating] = useState(false);
  return (
    <div className="mx-auto grid w-full max-w-3xl content-start gap-6 p-4 sm:p-6">
      <header className="flex flex-wrap items-center justify-between gap-3">
        <div className="grid gap-1">
          <h1 className="font-bold text-2xl tracking-tight">{t('videoRooms.title')}</h1>
          <p className="text-muted-foreground text-sm">{t('videoRooms.subtitle')}</p>
        </div>
        <Button type="button" onClick={() => setCreating(true)}>
          <PlusIcon aria-hidden />
          {t('videoRooms.create.open')}
        </Button>
      </header>
      {rooms.isPending ? (
        <div className="grid gap-3" role="status" aria-label={t('common.loading')}>
          <Skeleton className="h-36 rounded-xl" />
          <Skeleton className="h-36 rounded-xl" />
        </div>
      ) : rooms.data && rooms.data.length > 0 ? (
        <ul className="grid gap-3" aria-label={t('videoRooms.list.label')}>
          {rooms.data.map((room) => (
            <RoomCard key={room.id} room={room} />
          ))}
        </ul>
      ) : (
        <div className="grid justify-items-center gap-3 rounded-xl border border-dashed p-10 text-center">
          <VideoIcon aria-hidden className="size-10 text-muted-foreground" />
          <p className="font-medium">{t('videoRooms.list.empty')}</p>
          <p className="text-muted-foreground text-sm">{t('videoRooms.list.emptyHint')}</p>
        </div>
      )}
      <CreateRoomDialog open={creating} onOpenChange={setCreating} />
    </div>
  );
}
