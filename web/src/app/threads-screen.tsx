import type { User } from '#shared/users';
import { FollowedThreadsPage } from '@/features/messages';
import { AppLayout } from './layout/app-layout';

/** /threads: the followed threads ("Fils de discussion"), beside the channel list. */
export function ThreadsScreen({ user }: { user: User }) {
  return (
    <AppLayout user={user}>
      <div className="min-h-0 flex-1 overflow-y-auto">
        <FollowedThreadsPage />
      </div>
    </AppLayout>
  );
}
