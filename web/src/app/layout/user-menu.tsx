import { LogOutIcon, SettingsIcon, ShieldIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import type { User } from '#shared/users';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { initials, UserAvatar } from '@/components/user-avatar';
import { goToLogout, useAuthProviders } from '@/features/auth';
import { forgetPushSubscription } from '@/features/notifications';
import { useDisplayName } from '@/lib/use-display-name';
import { cn } from '@/lib/utils';

interface UserMenuProps {
  user: User;
  side?: 'right' | 'bottom' | 'top';
  align?: 'start' | 'end';
  /** Extra content on the trigger, after the avatar (the name in wide layouts). */
  children?: ReactNode;
  className?: string;
}

/**
 * Signing out of this device: its push subscription goes first, while the session still
 * authorizes the DELETE (docs/notifications.md, "Web Push": a shared computer).
 */
async function signOut(): Promise<void> {
  await forgetPushSubscription();
  await goToLogout();
}

/** docs/product.md §2: the user menu, with the settings page and sign-out (full navigation). */
export function UserMenu({
  user,
  side = 'right',
  align = 'end',
  children,
  className,
}: UserMenuProps) {
  const { t } = useTranslation();
  const name = useDisplayName()(user);
  const providers = useAuthProviders();
  return (
    <DropdownMenu>
      <DropdownMenuTrigger
        // WCAG 2.5.3: the name starts with what the button shows (the initials, without a picture).
        aria-label={
          user.profileImageUrl
            ? t('layout.rail.userMenu', { name })
            : t('layout.rail.userMenuInitials', { name, initials: initials(name) })
        }
        className={cn(
          'flex cursor-pointer items-center gap-2 rounded-full outline-none transition hover:opacity-90 focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-rail',
          className,
        )}
      >
        <UserAvatar user={user} name={name} className="size-9" showStatus />
        {children}
      </DropdownMenuTrigger>
      <DropdownMenuContent side={side} align={align} className="w-60">
        <DropdownMenuLabel className="flex items-center gap-3 py-2">
          <UserAvatar user={user} name={name} className="size-9" />
          <span className="grid min-w-0">
            <span data-testid="user-menu-name" className="truncate font-semibold">
              {name}
            </span>
            {user.email ? (
              <span className="truncate font-normal text-muted-foreground text-xs">
                {user.email}
              </span>
            ) : null}
          </span>
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        <DropdownMenuItem asChild>
          <Link href="/settings">
            <SettingsIcon aria-hidden />
            {t('layout.rail.settings')}
          </Link>
        </DropdownMenuItem>
        {providers.data?.isAdmin ? (
          <DropdownMenuItem asChild>
            <Link href="/admin">
              <ShieldIcon aria-hidden />
              {t('adminConsole.title')}
            </Link>
          </DropdownMenuItem>
        ) : null}
        <DropdownMenuItem onSelect={() => void signOut()}>
          <LogOutIcon aria-hidden />
          {t('layout.rail.signOut')}
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
