import { MenuIcon } from 'lucide-react';
import {
  type ComponentProps,
  lazy,
  type ReactNode,
  Suspense,
  useCallback,
  useMemo,
  useRef,
  useState,
} from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'wouter';
import type { User } from '#shared/users';
import { Logo } from '@/components/brand/logo';
import { IconButton } from '@/components/ui/icon-button';
import { ThemeToggle } from '@/components/ui/theme-toggle';
import type { PhoneHeaderValue } from '@/lib/phone-header';
import { useOpenedOnce } from '@/lib/use-opened-once';
import { cn } from '@/lib/utils';
import { useInstanceName } from '../instance-name';
import { BOTTOM_NAV, isActivePath } from './nav-items';
import { UserMenu } from './user-menu';

/** The slide-in menu's state, shared by the top bar's button and a screen's own header's. */
export function usePhoneChrome(bell: ReactNode) {
  const [menuOpen, setMenuOpen] = useState(false);
  // The button that opened the menu gets the focus back (the bar's, or a screen's header's).
  const opener = useRef<HTMLElement | null>(null);
  const [claims, setClaims] = useState(0);
  const claim = useCallback(() => {
    setClaims((count) => count + 1);
    return () => setClaims((count) => count - 1);
  }, []);
  const menuButton = useMemo(
    () => (
      <MobileMenuButton
        onOpen={(element) => {
          opener.current = element;
          setMenuOpen(true);
        }}
      />
    ),
    [],
  );
  const header = useMemo<PhoneHeaderValue>(
    () => ({ claim, menuButton, bell }),
    [claim, menuButton, bell],
  );
  return { header, barShown: claims === 0, menuOpen, setMenuOpen, opener };
}

export type PhoneChrome = ReturnType<typeof usePhoneChrome>;

function MobileMenuButton({ onOpen }: { onOpen: (element: HTMLElement) => void }) {
  const { t } = useTranslation();
  return (
    <IconButton
      label={t('layout.mobile.openMenu')}
      aria-haspopup="dialog"
      className="size-11 shrink-0"
      onClick={(event) => onOpen(event.currentTarget)}
    >
      <MenuIcon aria-hidden className="size-5" />
    </IconButton>
  );
}

// The menu's sheet loads when first opened, not with the layout.
const MobileMenuSheet = lazy(() =>
  import('./mobile-menu-sheet').then((module) => ({ default: module.MobileMenuSheet })),
);

type MobileMenuProps = Omit<ComponentProps<typeof MobileMenuSheet>, 'logo' | 'tools'> & {
  user: User;
};

/** docs/product.md §2: the phone's slide-in menu, mounted from its first opening on. */
export function MobileMenu({ user, ...props }: MobileMenuProps) {
  const instanceName = useInstanceName();
  const openedOnce = useOpenedOnce(props.chrome.menuOpen);
  return openedOnce ? (
    <Suspense fallback={null}>
      <MobileMenuSheet
        {...props}
        logo={<Logo label={instanceName} />}
        tools={
          <>
            <ThemeToggle />
            <UserMenu user={user} side="bottom" align="end" />
          </>
        }
      />
    </Suspense>
  ) : null;
}

interface MobileTopBarProps {
  user: User;
  chrome: PhoneChrome;
}

/** docs/product.md §2: on phones, a top bar (hidden where a screen shows its own header). */
export function MobileTopBar({ user, chrome }: MobileTopBarProps) {
  const instanceName = useInstanceName();
  if (!chrome.barShown) return null;
  return (
    <header className="sticky top-0 z-30 flex h-14 shrink-0 items-center gap-1 border-b bg-rail/95 px-2 pt-[env(safe-area-inset-top)] backdrop-blur md:hidden">
      {chrome.header.menuButton}
      <Link
        href="/"
        className="flex min-w-0 rounded-md px-1 outline-none focus-visible:ring-2 focus-visible:ring-ring"
      >
        <Logo label={instanceName} className="text-lg" />
      </Link>
      <div className="ml-auto flex shrink-0 items-center gap-1">
        {chrome.header.bell}
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
