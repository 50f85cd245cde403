import { BellIcon, SearchIcon } from 'lucide-react';
import type { ComponentProps, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'wouter';
import type { User } from '#shared/users';
import { LogoMark } from '@/components/brand/logo';
import { ThemeToggle } from '@/components/ui/theme-toggle';
import { Tooltip, TooltipContent, TooltipTrigger } from '@/components/ui/tooltip';
import { useTheme } from '@/lib/use-theme';
import { cn } from '@/lib/utils';
import { isActivePath, RAIL_LINKS } from './nav-items';
import { UserMenu } from './user-menu';

const railButton =
  'relative flex size-11 cursor-pointer items-center justify-center rounded-xl text-muted-foreground outline-none transition-colors hover:bg-accent hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring [&_svg]:size-5';
const railActive =
  'bg-primary/15 text-primary hover:bg-primary/20 hover:text-primary before:absolute before:-left-3 before:h-6 before:w-1 before:rounded-r-full before:bg-primary';

function RailTooltip({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Tooltip>
      <TooltipTrigger asChild>{children}</TooltipTrigger>
      <TooltipContent side="right">{label}</TooltipContent>
    </Tooltip>
  );
}

/** A rail icon button (for features that open a dialog: search, notifications). */
export function RailButton({
  label,
  className,
  children,
  ...props
}: ComponentProps<'button'> & { label: string }) {
  return (
    <RailTooltip label={label}>
      <button type="button" aria-label={label} className={cn(railButton, className)} {...props}>
        {children}
      </button>
    </RailTooltip>
  );
}

export function RailLink({
  href,
  label,
  children,
}: {
  href: string;
  label: string;
  children: ReactNode;
}) {
  const [location] = useLocation();
  const active = isActivePath(href, location);
  return (
    <RailTooltip label={label}>
      <Link
        href={href}
        aria-label={label}
        aria-current={active ? 'page' : undefined}
        className={cn(railButton, active && railActive)}
      >
        {children}
      </Link>
    </RailTooltip>
  );
}

export interface RailProps {
  user: User;
  /** The notification bell; the notifications feature passes its own (with its popover). */
  notificationBell?: ReactNode;
  /** Opens the search dialog (docs/product.md §2: search is opened from the rail). */
  onSearch?: () => void;
}

/** docs/product.md §2: the left rail of the signed-in layout (desktop only; phones get the bottom bar). */
export function Rail({ user, notificationBell, onSearch }: RailProps) {
  const { t } = useTranslation();
  const { theme } = useTheme();
  return (
    <nav
      aria-label={t('layout.rail.label')}
      className="hidden w-[68px] shrink-0 flex-col items-center gap-1.5 border-r bg-rail py-3 md:flex"
    >
      <RailTooltip label={t('layout.rail.home')}>
        <Link
          href="/"
          aria-label={t('layout.rail.home')}
          className="mb-2 flex size-11 items-center justify-center rounded-xl outline-none transition hover:scale-105 focus-visible:ring-2 focus-visible:ring-ring"
        >
          <LogoMark className="size-9" />
        </Link>
      </RailTooltip>
      {notificationBell ?? <NotificationBellButton />}
      {RAIL_LINKS.map(({ href, labelKey, icon: Icon }) => (
        <RailLink key={href} href={href} label={t(labelKey)}>
          <Icon aria-hidden />
        </RailLink>
      ))}
      <RailButton label={t('layout.rail.search')} onClick={onSearch}>
        <SearchIcon aria-hidden />
      </RailButton>
      <div className="mt-auto flex flex-col items-center gap-2">
        <RailTooltip
          label={theme === 'dark' ? t('common.theme.toLight') : t('common.theme.toDark')}
        >
          <ThemeToggle className="size-11 rounded-xl text-muted-foreground [&_svg:not([class*='size-'])]:size-5" />
        </RailTooltip>
        <UserMenu user={user} side="right" align="end" />
      </div>
    </nav>
  );
}

/** The bell before the notifications feature plugs in its list and unread badge. */
export function NotificationBellButton(props: ComponentProps<'button'>) {
  const { t } = useTranslation();
  return (
    <RailButton label={t('layout.rail.notifications')} {...props}>
      <BellIcon aria-hidden />
    </RailButton>
  );
}
