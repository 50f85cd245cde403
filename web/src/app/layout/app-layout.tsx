import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { User } from '#shared/users';
import { NotificationBell } from '@/features/notifications';
import { openSearchDialog } from '@/features/search';
import { useVoiceBarShown, VoiceBar } from '@/features/voice';
import { cn } from '@/lib/utils';
import { AppSidebar } from './app-sidebar';
import { MobileBottomNav, MobileTopBar } from './mobile-nav';
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
  const { t } = useTranslation();
  const voiceBar = useVoiceBarShown();
  const desktopHeader = (
    <div className="flex h-14 shrink-0 items-center border-b px-4">
      <h2 className="font-semibold text-base tracking-tight">{t('common.appName')}</h2>
    </div>
  );
  return (
    <div className="flex h-dvh flex-col overflow-hidden md:flex-row">
      <MobileTopBar
        user={user}
        onSearch={openSearchDialog}
        sidebar={({ header, onNavigate }) => (
          <AppSidebar header={header} onNavigate={onNavigate} className="w-full min-h-0 flex-1" />
        )}
        notificationBell={<NotificationBell variant="mobile" />}
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
        <ScreenBoundary>{children}</ScreenBoundary>
      </main>
      {/* The voice bar: in the sidebar on desktop (floating where there is none), above the
          bottom navigation on phones. */}
      <VoiceBar variant="mobile" />
      {showSidebar ? null : <VoiceBar variant="floating" />}
      <MobileBottomNav />
    </div>
  );
}
