import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FRIEND_REQUEST_MESSAGE_MAX, type Friend, type FriendRequest } from '#shared/friends';
import { FormField } from '@/components/form-field';
import { PersonPicker } from '@/components/person-picker';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Textarea } from '@/components/ui/textarea';
import { toast } from '@/components/ui/use-toast';
import { useCurrentUser } from '@/features/auth';
import { useUserSearch } from '@/features/users';
import { toastFailure } from '@/lib/toast-failure';
import { useDisplayName } from '@/lib/use-display-name';
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
  const [query, setQuery] = useState('');
  const search = useUserSearch(query, open);
  const send = useSendFriendRequest();
  const [selectedId, setSelectedId] = useState('');
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
  // The server searches the whole directory (not the first 500), accents aside.
  const candidates = useMemo(
    () => search.users.filter((user) => !excluded.has(user.id)),
    [search.users, excluded],
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
        <PersonPicker
          candidates={candidates}
          pending={search.pending}
          more={{
            hasMore: search.hasMore,
            loading: search.loadingMore,
            onMore: search.loadMore,
            label: t('common.morePeople'),
          }}
          query={query}
          onQueryChange={setQuery}
          value={chosen}
          onValueChange={setSelectedId}
          nameOf={displayName}
          labels={{
            searchPlaceholder: t('friends.addDialog.searchPlaceholder'),
            searchLabel: t('friends.addDialog.searchLabel'),
            listLabel: t('friends.addDialog.listLabel'),
            noResults: t('friends.addDialog.noResults'),
            loading: t('friends.addDialog.loading'),
          }}
          listClassName="max-h-[40dvh]"
        />
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
