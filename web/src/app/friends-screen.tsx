import type { User } from '#shared/users';
import { FriendsPage } from '@/features/friends';
import { AppLayout } from './layout/app-layout';

/** docs/product.md §2.11: /friends, full width in the signed-in layout (no channel list on desktop). */
export function FriendsScreen({ user }: { user: User }) {
  return (
    <AppLayout user={user} showSidebar={false}>
      <FriendsPage />
    </AppLayout>
  );
}
