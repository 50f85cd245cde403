import { BellIcon, MenuIcon, SearchIcon } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'wouter';
import type { User } from '#shared/users';
import { Logo } from '@/components/brand/logo';
import { IconButton } from '@/components/ui/icon-button';
import {
  Sheet,
  SheetContent,
  SheetDescription,
  SheetHeader,
  SheetTitle,
  SheetTrigger,
} from '@/components/ui/sheet';
import { ThemeToggle } from '@/components/ui/theme-toggle';
import { cn } from '@/lib/utils';
import { BOTTOM_NAV, isActivePath } from './nav-items';
import { UserMenu } from './user-menu';

interface MobileTopBarProps {
  user: User;
  /** The sidebar shown in the slide-in menu. */
  sidebar: (props: { header: ReactNode; onNavigate: () => void }) => ReactNode;
  notificationBell?: ReactNode;
  onSearch?: () => void;
}

/** docs/product.md §2: on phones, a top bar and a slide-in menu with the sidebar and a search entry. */
export function MobileTopBar({ user, sidebar, notificationBell, onSearch }: MobileTopBarProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const searchEntry = (
    <div className="border-b p-3">
      <button
        type="button"
        onClick={() => {
          setOpen(false);
          onSearch?.();
        }}
        className="flex h-10 w-full cursor-pointer items-center gap-2 rounded-lg border bg-background/60 px-3 text-muted-foreground text-sm outline-none transition-colors hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring"
      >
        <SearchIcon aria-hidden className="size-4" />
        {t('layout.rail.search')}
      </button>
    </div>
  );
  return (
    <header className="sticky top-0 z-30 flex h-14 shrink-0 items-center gap-1 border-b bg-rail/95 px-2 pt-[env(safe-area-inset-top)] backdrop-blur md:hidden">
      <Sheet open={open} onOpenChange={setOpen}>
        <SheetTrigger asChild>
          <IconButton label={t('layout.mobile.openMenu')}>
            <MenuIcon aria-hidden className="size-5" />
          </IconButton>
        </SheetTrigger>
        <SheetContent side="left" className="w-[300px] max-w-[85vw] gap-0 bg-sidebar p-0">
          <SheetHeader className="h-14 flex-row items-center border-b px-4 py-0">
            <SheetTitle asChild>
              <Logo label={t('common.appName')} />
            </SheetTitle>
            <SheetDescription className="sr-only">
              {t('layout.mobile.menuDescription')}
            </SheetDescription>
          </SheetHeader>
          {sidebar({ header: searchEntry, onNavigate: () => setOpen(false) })}
        </SheetContent>
      </Sheet>
      <Link
        href="/"
        className="rounded-md px-1 outline-none focus-visible:ring-2 focus-visible:ring-ring"
      >
        <Logo label={t('common.appName')} className="text-lg" />
      </Link>
      <div className="ml-auto flex items-center gap-1">
        {notificationBell ?? (
          <IconButton label={t('layout.rail.notifications')}>
            <BellIcon aria-hidden className="size-5" />
          </IconButton>
        )}
        <ThemeToggle />
        <UserMenu user={user} side="bottom" align="end" className="ml-1" />
      </div>
    </header>
  );
}

/** docs/product.md §2: the phone bottom navigation, signed in only, exactly five entries. */
export function MobileBottomNav() {
  const { t } = useTranslation();
  const [location] = useLocation();
  return (
    <nav
      aria-label={t('layout.mobile.navLabel')}
      data-bottom-nav=""
      className="fixed inset-x-0 bottom-0 z-30 border-t bg-rail/95 pb-[env(safe-area-inset-bottom)] backdrop-blur md:hidden"
    >
      <ul className="grid h-16 grid-cols-5">
        {BOTTOM_NAV.map(({ href, labelKey, icon: Icon }) => {
          const active = isActivePath(href, location);
          return (
            <li key={href} className="flex">
              <Link
                href={href}
                aria-current={active ? 'page' : undefined}
                className={cn(
                  'flex flex-1 flex-col items-center justify-center gap-1 font-medium text-[11px] text-muted-foreground outline-none transition-colors focus-visible:bg-accent',
                  active && 'text-primary',
                )}
              >
                <span
                  className={cn(
                    'flex h-7 w-12 items-center justify-center rounded-full transition-colors',
                    active && 'bg-primary/15',
                  )}
                >
                  <Icon aria-hidden className="size-5" />
                </span>
                {t(labelKey)}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
