import type { ComponentProps } from 'react';
import type { User } from '#shared/users';
import { UserAvatar } from '@/components/user-avatar';
import { usePresence } from '@/lib/presence-store';

type PresenceAvatarProps = Omit<ComponentProps<typeof UserAvatar>, 'user' | 'showStatus'> & {
  user: Pick<User, 'id' | 'profileImageUrl' | 'status'>;
};

/** An avatar whose dot follows live presence_update events (the REST status as fallback). */
export function PresenceAvatar({ user, ...props }: PresenceAvatarProps) {
  const status = usePresence(user.id, user.status);
  return <UserAvatar user={{ ...user, status }} showStatus {...props} />;
}
