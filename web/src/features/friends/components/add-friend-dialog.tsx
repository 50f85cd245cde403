import { RadioGroup } from 'radix-ui';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FRIEND_REQUEST_MESSAGE_MAX, type Friend, type FriendRequest } from '#shared/friends';
import { USER_LIST_HEIGHT_PX } from '#shared/limits';
import type { User } from '#shared/users';
import { FormField } from '@/components/form-field';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { SearchInput } from '@/components/ui/search-input';
import { Skeleton } from '@/components/ui/skeleton';
import { Textarea } from '@/components/ui/textarea';
import { toast } from '@/components/ui/use-toast';
import { useCurrentUser } from '@/features/auth';
import { useUsers } from '@/features/users';
import { matchesUser } from '@/lib/match-user';
import { toastFailure } from '@/lib/toast-failure';
import { useDisplayName } from '@/lib/use-display-name';
import { cn } from '@/lib/utils';
import { useSendFriendRequest } from '../api/send-friend-request';

interface AddFriendDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  friends: Friend[] | undefined;
  received: FriendRequest[] | undefined;
  sent: FriendRequest[] | undefined;
}

/**
 * docs/product.md §5 add friend: the user list leaves out friends and anyone with a pending
 * request either way; the search matches display name, first name, last name and email,
 * whatever the case. A user must be chosen; the message is optional.
 */
export function AddFriendDialog({
  open,
  onOpenChange,
  friends,
  received,
  sent,
}: AddFriendDialogProps) {
  const { t } = useTranslation();
  const displayName = useDisplayName();
  const { user: me } = useCurrentUser();
  const users = useUsers({ enabled: open });
  const send = useSendFriendRequest();
  const [selectedId, setSelectedId] = useState('');
  const [query, setQuery] = useState('');
  const [message, setMessage] = useState('');

  const excluded = useMemo(
    () =>
      new Set([
        ...(me ? [me.id] : []),
        ...(friends ?? []).map((friend) => friend.user.id),
        ...(received ?? []).map((request) => request.fromUserId),
        ...(sent ?? []).map((request) => request.toUserId),
      ]),
    [me, friends, received, sent],
  );
  const candidates = useMemo(
    () => (users.data ?? []).filter((user) => !excluded.has(user.id) && matchesUser(user, query)),
    [users.data, excluded, query],
  );
  // A person who just became unavailable (their request arrived live) cannot stay chosen.
  const chosen = candidates.some((user) => user.id === selectedId) ? selectedId : '';

  const close = () => {
    setSelectedId('');
    setQuery('');
    setMessage('');
    onOpenChange(false);
  };

  const handleSend = () => {
    const target = candidates.find((user) => user.id === chosen);
    if (!target) return;
    const name = displayName(target);
    send.mutate(
      { toUserId: target.id, message: message.trim() || null },
      {
        onSuccess: (request) => {
          const crossing = request.status === 'accepted';
          toast({
            title: t(crossing ? 'friends.toast.friendsNowTitle' : 'friends.toast.sentTitle'),
            description: t(crossing ? 'friends.toast.friendsNow' : 'friends.toast.sent', { name }),
          });
          close();
        },
        onError: (error) => toastFailure(error, t('friends.errorTitle'), t('friends.errors.send')),
      },
    );
  };

  return (
    <Dialog open={open} onOpenChange={(next) => (next ? onOpenChange(true) : close())}>
      <DialogContent className="gap-5 sm:max-w-md">
        <DialogHeader>
          <DialogTitle>{t('friends.addDialog.title')}</DialogTitle>
          <DialogDescription>{t('friends.addDialog.description')}</DialogDescription>
        </DialogHeader>
        <SearchInput
          value={query}
          onChange={(event) => setQuery(event.target.value)}
          placeholder={t('friends.addDialog.searchPlaceholder')}
          aria-label={t('friends.addDialog.searchLabel')}
        />
        <div
          className="-mx-2 max-h-[40dvh] overflow-y-auto rounded-lg border bg-background/40 p-1.5"
          style={{ height: USER_LIST_HEIGHT_PX }}
        >
          {users.isPending ? (
            <UserListSkeleton />
          ) : candidates.length === 0 ? (
            <p className="grid h-full place-items-center text-muted-foreground text-sm">
              {t('friends.addDialog.noResults')}
            </p>
          ) : (
            <RadioGroup.Root
              value={chosen}
              onValueChange={setSelectedId}
              aria-label={t('friends.addDialog.listLabel')}
              className="grid gap-0.5"
            >
              {candidates.map((user) => (
                <UserOption
                  key={user.id}
                  user={user}
                  name={displayName(user)}
                  selected={user.id === chosen}
                />
              ))}
            </RadioGroup.Root>
          )}
        </div>
        <FormField
          id="add-friend-message"
          label={
            <>
              {t('friends.addDialog.messageLabel')}
              <span className="font-normal text-muted-foreground">({t('common.optional')})</span>
            </>
          }
          hint={t('common.charCount', { count: message.length, max: FRIEND_REQUEST_MESSAGE_MAX })}
        >
          <Textarea
            id="add-friend-message"
            rows={2}
            maxLength={FRIEND_REQUEST_MESSAGE_MAX}
            value={message}
            onChange={(event) => setMessage(event.target.value)}
            placeholder={t('friends.addDialog.messagePlaceholder')}
          />
        </FormField>
        <DialogFooter>
          <Button type="button" variant="outline" onClick={close}>
            {t('friends.addDialog.cancel')}
          </Button>
          <Button type="button" onClick={handleSend} disabled={!chosen || send.isPending}>
            {send.isPending ? t('friends.addDialog.sending') : t('friends.addDialog.send')}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

function UserOption({ user, name, selected }: { user: User; name: string; selected: boolean }) {
  return (
    <RadioGroup.Item
      value={user.id}
      aria-label={user.email && user.email !== name ? `${name} (${user.email})` : name}
      className={cn(
        'flex w-full cursor-pointer items-center gap-3 rounded-md px-2.5 py-2 text-left outline-none transition-colors hover:bg-accent/70 focus-visible:ring-2 focus-visible:ring-ring',
        selected && 'bg-primary/15 ring-1 ring-primary/50 hover:bg-primary/20',
      )}
    >
      <span
        aria-hidden
        className={cn(
          'flex size-9 shrink-0 items-center justify-center rounded-full bg-muted font-semibold text-sm uppercase',
          selected && 'bg-primary text-primary-foreground',
        )}
      >
        {name.charAt(0)}
      </span>
      <span className="grid min-w-0">
        <span className="truncate font-medium text-sm">{name}</span>
        {user.email ? (
          <span className="truncate text-muted-foreground text-xs">{user.email}</span>
        ) : null}
      </span>
    </RadioGroup.Item>
  );
}

function UserListSkeleton() {
  const { t } = useTranslation();
  return (
    <div
      role="status"
      aria-busy="true"
      aria-label={t('friends.addDialog.loading')}
      className="grid gap-1 p-1"
    >
      {[0, 1, 2, 3, 4].map((row) => (
        <div key={row} className="flex items-center gap-3 px-1.5 py-1.5">
          <Skeleton className="size-9 rounded-full" />
          <div className="grid flex-1 gap-1.5">
            <Skeleton className="h-3.5 w-1/3" />
            <Skeleton className="h-3 w-1/2" />
          </div>
        </div>
      ))}
    </div>
  );
}
