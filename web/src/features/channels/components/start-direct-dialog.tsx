import { RadioGroup } from 'radix-ui';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { USER_LIST_HEIGHT_PX } from '#shared/limits';
import { type User, userDisplayName } from '#shared/users';
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
import { useCurrentUser } from '@/features/auth';
import { useUsers } from '@/features/users';
import { matchesUser } from '@/lib/match-user';
import { toastFailure } from '@/lib/toast-failure';
import { cn } from '@/lib/utils';
import { useCreateDirectChannel } from '../api/create-direct-channel';

interface StartDirectDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/**
 * docs/product.md §2.10: each entry shows the person's name, the email, and an initial; the
 * name is the display name with §3's fallback (as everywhere else), not the first name.
 */
const entryName = (user: User) => userDisplayName(user) ?? user.email ?? '?';

export function StartDirectDialog({ open, onOpenChange }: StartDirectDialogProps) {
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  const { user: me } = useCurrentUser();
  const users = useUsers({ enabled: open });
  const createDirect = useCreateDirectChannel();
  const [selectedId, setSelectedId] = useState<string>('');
  const [query, setQuery] = useState('');

  const candidates = useMemo(
    () => (users.data ?? []).filter((user) => user.id !== me?.id && matchesUser(user, query)),
    [users.data, me?.id, query],
  );

  const close = () => {
    // docs/product.md §4: cancel (and closing) clears the selection.
    setSelectedId('');
    setQuery('');
    onOpenChange(false);
  };

  const handleStart = () => {
    if (!selectedId) return;
    createDirect.mutate(selectedId, {
      onSuccess: (channel) => {
        close();
        navigate(`/channel/${channel.id}`);
      },
      onError: (error) => {
        toastFailure(error, t('dm.errorTitle'), t('dm.conversation_error'));
      },
    });
  };

  return (
    <Dialog open={open} onOpenChange={(next) => (next ? onOpenChange(true) : close())}>
      <DialogContent className="gap-5 sm:max-w-md">
        <DialogHeader>
          <DialogTitle>{t('dm.title')}</DialogTitle>
          <DialogDescription>{t('dm.description')}</DialogDescription>
        </DialogHeader>
        <SearchInput
          value={query}
          onChange={(event) => setQuery(event.target.value)}
          placeholder={t('dm.searchPlaceholder')}
          aria-label={t('dm.searchLabel')}
        />
        <div
          className="-mx-2 overflow-y-auto rounded-lg border bg-background/40 p-1.5"
          style={{ height: USER_LIST_HEIGHT_PX }}
        >
          {users.isPending ? (
            <UserListSkeleton />
          ) : candidates.length === 0 ? (
            <p className="grid h-full place-items-center text-muted-foreground text-sm">
              {t('dm.noResults')}
            </p>
          ) : (
            <RadioGroup.Root
              value={selectedId}
              onValueChange={setSelectedId}
              aria-label={t('dm.listLabel')}
              className="grid gap-0.5"
            >
              {candidates.map((user) => (
                <UserOption key={user.id} user={user} selected={user.id === selectedId} />
              ))}
            </RadioGroup.Root>
          )}
        </div>
        <DialogFooter>
          <Button type="button" variant="outline" onClick={close}>
            {t('dm.cancel')}
          </Button>
          <Button
            type="button"
            onClick={handleStart}
            disabled={!selectedId || createDirect.isPending}
          >
            {createDirect.isPending ? t('dm.starting') : t('dm.start')}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

function UserOption({ user, selected }: { user: User; selected: boolean }) {
  const name = entryName(user);
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
    <div role="status" aria-busy="true" aria-label={t('dm.loading')} className="grid gap-1 p-1">
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
