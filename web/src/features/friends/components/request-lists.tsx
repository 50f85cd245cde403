import type { UseQueryResult } from '@tanstack/react-query';
import { format } from 'date-fns';
import { CheckIcon, InboxIcon, SendIcon, XIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { FriendRequest } from '#shared/friends';
import type { User } from '#shared/users';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/use-toast';
import { UserAvatar } from '@/components/user-avatar';
import { toastFailure } from '@/lib/toast-failure';
import { useDisplayName } from '@/lib/use-display-name';
import { useAnswerFriendRequest } from '../api/answer-friend-request';
import { useCancelFriendRequest } from '../api/cancel-friend-request';
import { ListStates, PersonRow } from './list-states';

type RequestsQuery = UseQueryResult<FriendRequest[]>;

/** docs/product.md §9: the displayed date format. */
const shownDate = (iso: string) => format(new Date(iso), 'dd/MM/yyyy HH:mm');

export function ReceivedRequestList({ query }: { query: RequestsQuery }) {
  const { t } = useTranslation();
  return (
    <ListStates
      query={query}
      empty={
        <>
          <InboxIcon aria-hidden className="size-8 text-muted-foreground" />
          <p className="text-muted-foreground">{t('friends.empty.received')}</p>
        </>
      }
    >
      {(requests) => requests.map((request) => <ReceivedRow key={request.id} request={request} />)}
    </ListStates>
  );
}

export function SentRequestList({ query }: { query: RequestsQuery }) {
  const { t } = useTranslation();
  return (
    <ListStates
      query={query}
      empty={
        <>
          <SendIcon aria-hidden className="size-8 text-muted-foreground" />
          <p className="text-muted-foreground">{t('friends.empty.sent')}</p>
        </>
      }
    >
      {(requests) => requests.map((request) => <SentRow key={request.id} request={request} />)}
    </ListStates>
  );
}

function RequestPerson({
  user,
  request,
  dateKey,
}: {
  user: User;
  request: FriendRequest;
  dateKey: string;
}) {
  const { t } = useTranslation();
  const name = useDisplayName()(user);
  return (
    <>
      {/* No presence dot: a request shows names only (docs/friends.md). */}
      <span aria-hidden className="contents">
        <UserAvatar user={user} name={name} className="size-10" />
      </span>
      <div className="grid min-w-0 gap-0.5">
        <span className="truncate font-medium">{name}</span>
        {request.message ? (
          <q className="line-clamp-3 break-words text-sm italic">{request.message}</q>
        ) : null}
        <span className="text-muted-foreground text-xs">
          {t(dateKey, { date: shownDate(request.createdAt) })}
        </span>
      </div>
    </>
  );
}

function ReceivedRow({ request }: { request: FriendRequest }) {
  const { t } = useTranslation();
  const name = useDisplayName()(request.fromUser);
  const answer = useAnswerFriendRequest();

  const handleAccept = () =>
    answer.mutate(
      { id: request.id, answer: 'accept' },
      {
        onSuccess: () =>
          toast({
            title: t('friends.toast.acceptedTitle'),
            description: t('friends.toast.accepted', { name }),
          }),
        onError: (error) =>
          toastFailure(error, t('friends.errorTitle'), t('friends.errors.accept')),
      },
    );
  const handleDecline = () =>
    answer.mutate(
      { id: request.id, answer: 'decline' },
      {
        onError: (error) =>
          toastFailure(error, t('friends.errorTitle'), t('friends.errors.decline')),
      },
    );

  return (
    <PersonRow
      person={
        <RequestPerson user={request.fromUser} request={request} dateKey="friends.receivedOn" />
      }
      actions={
        <>
          <Button
            size="sm"
            onClick={handleAccept}
            disabled={answer.isPending}
            aria-label={t('friends.acceptFrom', { name })}
          >
            <CheckIcon aria-hidden />
            {t('friends.accept')}
          </Button>
          <Button
            size="sm"
            variant="outline"
            onClick={handleDecline}
            disabled={answer.isPending}
            aria-label={t('friends.declineFrom', { name })}
          >
            <XIcon aria-hidden />
            {t('friends.decline')}
          </Button>
        </>
      }
    />
  );
}

function SentRow({ request }: { request: FriendRequest }) {
  const { t } = useTranslation();
  const name = useDisplayName()(request.toUser);
  const cancel = useCancelFriendRequest();
  const handleCancel = () =>
    cancel.mutate(request.id, {
      onError: (error) => toastFailure(error, t('friends.errorTitle'), t('friends.errors.cancel')),
    });
  return (
    <PersonRow
      person={<RequestPerson user={request.toUser} request={request} dateKey="friends.sentOn" />}
      actions={
        <Button
          size="sm"
          variant="outline"
          onClick={handleCancel}
          disabled={cancel.isPending}
          aria-label={t('friends.cancelTo', { name })}
        >
          <XIcon aria-hidden />
          {t('friends.cancel')}
        </Button>
      }
    />
  );
}
