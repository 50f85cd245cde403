import type { User } from '#shared/users';
import { SavedPage } from '@/features/pins';
import { AppLayout } from './layout/app-layout';

/** /saved: one's saved messages (« Enregistrés »), beside the channel list. */
export function SavedScreen({ user }: { user: User }) {
  return (
    <AppLayout user={user}>
      <div className="min-h-0 flex-1 overflow-y-auto">
        <SavedPage />
      </div>
    </AppLayout>
  );
}
