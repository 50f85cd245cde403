import type { User } from '#shared/users';
import { AppLayout } from './layout/app-layout';
import { WelcomePrompt } from './layout/welcome-prompt';

/**
 * SPEC §2: the signed-in messages screen. The channels feature selects the first channel by
 * default and shows its view here; with none selected, the welcome prompt.
 */
export function HomePage({ user }: { user: User }) {
  return (
    <AppLayout user={user}>
      <WelcomePrompt />
    </AppLayout>
  );
}
