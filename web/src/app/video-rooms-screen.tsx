import type { User } from '#shared/users';
import { VideoRoomsPage } from '@/features/video-rooms';
import { AppLayout } from './layout/app-layout';

/** docs/product.md §2.15: /video-rooms, full width in the signed-in layout. */
export function VideoRoomsScreen({ user }: { user: User }) {
  return (
    <AppLayout user={user} showSidebar={false}>
      <VideoRoomsPage />
    </AppLayout>
  );
}
