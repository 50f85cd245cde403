import type { UseQueryResult } from '@tanstack/react-query';
import { format } from 'date-fns';
import { MessageSquareIcon, UserMinusIcon, UserPlusIcon, UsersIcon } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import type { Friend } from '#shared/friends';
import { PresenceAvatar } from '@/components/presence-avatar';
import { Button } from '@/components/ui/button';
import { useCreateDirectChannel } from '@/features/channels';
import { usePresence } from '@/lib/presence-store';
import { toastFailure } from '@/lib/toast-failure';
import { useDisplayName } from '@/lib/use-display-name';
import { ListStates, PersonRow } from './list-states';
import { RemoveFriendDialog } from './remove-friend-dialog';

export function FriendList({
  query,
  onAdd,
}: {
  query: UseQueryResult<Friend[]>;
  onAdd: () => void;
}) {
  const { t } = useTranslation();
  const [removing, setRemoving] = useState<Friend | null>(null);
  return (
    <>
      <ListStates
        query={query}
        empty={
          <>
            <UsersIcon aria-hidden className="size-8 text-muted-foreground" />
            <p className="font-medium">{t('friends.empty.friends')}</p>
            <p className="max-w-sm text-muted-foreground">{t('friends.empty.friendsHint')}</p>
            <Button variant="outline" size="sm" className="mt-2" onClick={onAdd}>
              <UserPlusIcon aria-hidden />
              {t('friends.add')}
            </Button>
          </>
        }
      >
        {(friends) =>
          friends.map((friend) => (
            <FriendRow key={friend.user.id} friend={friend} onRemove={() => setRemoving(friend)} />
          ))
        }
      </ListStates>
      <RemoveFriendDialog friend={removing} onClose={() => setRemoving(null)} />
    </>
  );
}

function FriendRow({ friend, onRemove }: { friend: Friend; onRemove: () => void }) {
  const { t } = useTranslation();
  const name = useDisplayName()(friend.user);
  const status = usePresence(friend.user.id, friend.user.status);
  const [, navigate] = useLocation();
  const openDirect = useCreateDirectChannel();

  const handleMessage = () =>
    openDirect.mutate(friend.user.id, {
      onSuccess: (channel) => navigate(`/channel/${channel.id}`),
      onError: (error) => toastFailure(error, t('dm.errorTitle'), t('dm.conversation_error')),
    });

  return (
    <PersonRow
      person={
        <>
          <PresenceAvatar user={friend.user} name={name} className="size-10" />
          <div className="grid min-w-0">
            <span className="truncate font-medium">{name}</span>
            <span className="truncate text-muted-foreground text-xs">
              {t(`common.status.${status}`)}
              {friend.user.statusMessage ? ` · ${friend.user.statusMessage}` : ''}
            </span>
            <span className="sr-only">
              {t('friends.friendsSince', { date: format(new Date(friend.since), 'dd/MM/yyyy') })}
            </span>
          </div>
        </>
      }
      actions={
        <>
          <Button
            size="sm"
            onClick={handleMessage}
            disabled={openDirect.isPending}
            aria-label={t('friends.messageTo', { name })}
          >
            <MessageSquareIcon aria-hidden />
            {t('friends.message')}
          </Button>
          <Button
            size="sm"
            variant="ghost"
            onClick={onRemove}
            aria-label={t('friends.removeFrom', { name })}
          >
            <UserMinusIcon aria-hidden />
            <span className="hidden sm:inline">{t('friends.remove')}</span>
          </Button>
        </>
      }
    />
  );
}
