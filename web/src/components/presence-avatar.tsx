import type { ComponentProps } from 'react';
import type { User } from '#shared/users';
import { UserAvatar } from '@/components/user-avatar';
import { usePresence } from '@/lib/presence-store';

type PresenceAvatarProps = Omit<ComponentProps<typeof UserAvatar>, 'user' | 'showStatus'> & {
  user: Pick<User, 'id' | 'profileImageUrl' | 'status'>;
};

/**
 * An avatar whose dot follows live presence_update events (the REST status as fallback).
 * Decorative: the name is always written beside it, so its initials stay out of the
 * accessible names of the links and rows that hold it.
 */
export function PresenceAvatar({ user, ...props }: PresenceAvatarProps) {
  const status = usePresence(user.id, user.status);
  return (
    <span aria-hidden className="contents">
      <UserAvatar user={{ ...user, status }} showStatus {...props} />
    </span>
  );
}
