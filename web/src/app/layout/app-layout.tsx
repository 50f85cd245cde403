import { type ReactNode, useMemo } from 'react';
import type { User } from '#shared/users';
import { SkipLink } from '@/components/skip-link';
import { NotificationBell } from '@/features/notifications';
import { openSearchDialog } from '@/features/search';
import { useVoiceBarShown, VoiceBar } from '@/features/voice';
import { PhoneHeaderProvider } from '@/lib/phone-header';
import { cn } from '@/lib/utils';
import { useInstanceName } from '../instance-name';
import { AppSidebar } from './app-sidebar';
import { MobileBottomNav, MobileMenu, MobileTopBar, usePhoneChrome } from './mobile-nav';
import { Rail } from './rail';
import { ScreenBoundary } from './screen-boundary';

interface AppLayoutProps {
  user: User;
  children: ReactNode;
  /** Full-width pages (settings, calendar…) may hide the channel list on desktop. */
  showSidebar?: boolean;
}

/** docs/product.md §2 home layout: rail + 280 px sidebar + main on desktop; top bar, menu and tabs on phones. */
export function AppLayout({ user, children, showSidebar = true }: AppLayoutProps) {
  const instanceName = useInstanceName();
  const voiceBar = useVoiceBarShown();
  // On phones, a screen with its own header (the channel view) shows the menu button and the
  // bell there, in place of the top bar (lib/phone-header.tsx).
  const phone = usePhoneChrome(useMemo(() => <NotificationBell variant="mobile" />, []));
  const desktopHeader = (
    <div className="flex h-14 shrink-0 items-center border-b px-4">
      <h2 className="truncate font-semibold text-base tracking-tight" title={instanceName}>
        {instanceName}
      </h2>
    </div>
  );
  return (
    <div className="flex h-dvh flex-col overflow-hidden md:flex-row">
      {/* Issue 45 item 15: the first tab stop, where the screen has somewhere to skip to. */}
      <SkipLink />
      <MobileTopBar user={user} chrome={phone} />
      <MobileMenu
        user={user}
        chrome={phone}
        onSearch={openSearchDialog}
        sidebar={({ header, onNavigate }) => (
          <AppSidebar header={header} onNavigate={onNavigate} className="w-full min-h-0 flex-1" />
        )}
      />
      <Rail
        user={user}
        onSearch={openSearchDialog}
        notificationBell={<NotificationBell variant="rail" />}
      />
      {showSidebar ? (
        <aside className="hidden border-r md:flex">
          <AppSidebar header={desktopHeader} />
        </aside>
      ) : null}
      <main
        className={cn(
          'flex min-h-0 min-w-0 flex-1 flex-col overflow-y-auto pb-16 md:pb-0',
          // The phone's compact voice bar sits above the bottom navigation.
          voiceBar && 'pb-[6.75rem]',
        )}
      >
        <ScreenBoundary>
          <PhoneHeaderProvider value={phone.header}>{children}</PhoneHeaderProvider>
        </ScreenBoundary>
      </main>
      {/* The voice bar: in the sidebar on desktop (floating where there is none), above the
          bottom navigation on phones. */}
      <VoiceBar variant="mobile" />
      {showSidebar ? null : <VoiceBar variant="floating" />}
      <MobileBottomNav />
    </div>
  );
}
