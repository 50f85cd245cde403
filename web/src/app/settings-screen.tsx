import type { User } from '#shared/users';
import { DigestSettingsCard } from '@/features/digest';
import { WorkingHoursCard } from '@/features/disconnect';
import { CustomEmojiCard } from '@/features/emoji';
import { NotificationSettingsCard } from '@/features/notifications';
import { SettingsPage } from '@/features/settings';
import { UserGroupsCard } from '@/features/user-groups';
import { AppLayout } from './layout/app-layout';

/** docs/product.md §2: /settings, full width in the signed-in layout (no channel list on desktop). */
export function SettingsScreen({ user }: { user: User }) {
  return (
    <AppLayout user={user} showSidebar={false}>
      <SettingsPage
        user={user}
        notifications={
          <>
            <NotificationSettingsCard />
            <DigestSettingsCard />
            <WorkingHoursCard />
          </>
        }
        workspace={
          <>
            <CustomEmojiCard user={user} />
            <UserGroupsCard user={user} />
          </>
        }
      />
    </AppLayout>
  );
}
