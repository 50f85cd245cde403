import type { User } from '#shared/users';
import { Avatar, AvatarFallback, AvatarImage } from '@/components/ui/avatar';
import { cn } from '@/lib/utils';

const STATUS_DOT: Record<User['status'], string> = {
  online: 'bg-online',
  away: 'bg-away',
  offline: 'bg-offline',
};

/** What the avatar shows without a picture (also the start of labels that contain it). */
export function initials(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  const letters = parts.length > 1 ? `${parts[0]?.[0]}${parts.at(-1)?.[0]}` : name.slice(0, 2);
  return letters.toUpperCase();
}

interface UserAvatarProps {
  user: Pick<User, 'profileImageUrl'> & Partial<Pick<User, 'status'>>;
  name: string;
  className?: string;
  /** Show the presence dot (docs/product.md §4: online, away, offline). */
  showStatus?: boolean;
}

export function UserAvatar({ user, name, className, showStatus = false }: UserAvatarProps) {
  return (
    <span className={cn('relative inline-flex shrink-0', className)}>
      <Avatar className="size-full">
        {user.profileImageUrl ? <AvatarImage src={user.profileImageUrl} alt="" /> : null}
        <AvatarFallback>{initials(name)}</AvatarFallback>
      </Avatar>
      {showStatus ? (
        <span
          aria-hidden
          className={cn(
            'absolute right-[-2px] bottom-[-2px] size-3 rounded-full ring-2 ring-rail',
            STATUS_DOT[user.status ?? 'offline'],
          )}
        />
      ) : null}
    </span>
  );
}
