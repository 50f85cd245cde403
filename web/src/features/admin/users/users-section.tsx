import { format } from 'date-fns';
import { fr } from 'date-fns/locale';
import { MoreHorizontalIcon } from 'lucide-react';
import { useDeferredValue, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AdminUser } from '#shared/admin';
import { formatFileSize } from '#shared/files';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { IconButton } from '@/components/ui/icon-button';
import { SearchInput } from '@/components/ui/search-input';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/use-toast';
import { useAuthProviders } from '@/features/auth';
import { ApiError } from '@/lib/api';
import { type UserAction, useAdminUsers, useUserAction } from '../api/admin-api';
import { useUserDataActions } from './user-data-actions';

const when = (iso: string) => format(new Date(iso), 'dd/MM/yyyy HH:mm', { locale: fr });

/** « Utilisateurs »: search every account, deactivate or reactivate it, make or remove administrators. */
export function UsersSection() {
  const { t } = useTranslation();
  const [q, setQ] = useState('');
  const deferred = useDeferredValue(q.trim());
  const users = useAdminUsers(deferred);
  const rows = users.data?.pages.flatMap((page) => page.users) ?? [];
  return (
    <div className="grid gap-4">
      <SearchInput
        value={q}
        onChange={(e) => setQ(e.target.value)}
        placeholder={t('adminConsole.users.search')}
        aria-label={t('adminConsole.users.search')}
      />
      {users.isError ? (
        <p className="text-destructive text-sm">{t('adminConsole.users.failed')}</p>
      ) : !users.data ? (
        <Skeleton className="h-32" />
      ) : rows.length === 0 ? (
        <p className="text-muted-foreground text-sm">{t('adminConsole.users.none')}</p>
      ) : (
        <ul aria-label={t('adminConsole.users.list')} className="grid gap-2">
          {rows.map((user) => (
            <UserRow key={user.id} user={user} />
          ))}
        </ul>
      )}
      {users.hasNextPage ? (
        <Button
          variant="outline"
          className="justify-self-center"
          disabled={users.isFetchingNextPage}
          onClick={() => void users.fetchNextPage()}
        >
          {t('adminConsole.more')}
        </Button>
      ) : null}
    </div>
  );
}

function UserRow({ user }: { user: AdminUser }) {
  const { t } = useTranslation();
  const providers = useAuthProviders();
  const act = useUserAction();
  const [confirming, setConfirming] = useState(false);
  const name = user.name ?? t('common.unknownUser');
  const run = (action: UserAction) =>
    act.mutateAsync({ id: user.id, action }).then(
      () => {
        toast({ title: t(`adminConsole.users.done.${action}`, { name }) });
        return true;
      },
      (err: unknown) => {
        toast({
          variant: 'destructive',
          title: t('adminConsole.users.actionFailed'),
          description: err instanceof ApiError ? err.serverMessage : undefined,
        });
        return false;
      },
    );
  const deactivated = user.deactivatedAt !== null;
  const data = useUserDataActions(user, name);
  return (
    <li
      data-user-id={user.id}
      aria-label={name}
      className="flex flex-wrap items-center gap-x-4 gap-y-2 rounded-xl border bg-card px-4 py-3"
    >
      <div className="grid min-w-0 flex-1 basis-56 gap-0.5">
        <span className="flex min-w-0 flex-wrap items-center gap-2">
          <span className="truncate font-medium">{name}</span>
          {user.isAdmin ? <Badge variant="secondary">{t('adminConsole.users.admin')}</Badge> : null}
          {deactivated ? (
            <Badge variant="destructive">{t('adminConsole.users.deactivated')}</Badge>
          ) : (
            <Badge variant="outline">{t('adminConsole.users.active')}</Badge>
          )}
        </span>
        <span className="truncate text-muted-foreground text-sm">{user.email}</span>
      </div>
      <dl className="grid grid-cols-[auto_1fr] gap-x-2 text-muted-foreground text-xs sm:text-sm">
        <dt>{t('adminConsole.users.lastActivity')}</dt>
        <dd>{user.lastActivityAt ? when(user.lastActivityAt) : t('adminConsole.users.never')}</dd>
        <dt>{t('adminConsole.users.storage')}</dt>
        <dd>{formatFileSize(user.storageUsed)}</dd>
      </dl>
      <DropdownMenu>
        <DropdownMenuTrigger asChild>
          <IconButton variant="ghost" label={t('adminConsole.users.actions', { name })}>
            <MoreHorizontalIcon aria-hidden />
          </IconButton>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end">
          {deactivated ? (
            <DropdownMenuItem onSelect={() => void run('reactivate')}>
              {t('adminConsole.users.reactivate')}
            </DropdownMenuItem>
          ) : (
            <DropdownMenuItem onSelect={() => setConfirming(true)}>
              {t('adminConsole.users.deactivate')}
            </DropdownMenuItem>
          )}
          {user.isAdmin ? (
            <DropdownMenuItem onSelect={() => void run('revoke-admin')}>
              {t('adminConsole.users.revokeAdmin')}
            </DropdownMenuItem>
          ) : (
            <DropdownMenuItem disabled={deactivated} onSelect={() => void run('grant-admin')}>
              {t('adminConsole.users.grantAdmin')}
            </DropdownMenuItem>
          )}
          {providers.data?.mail && user.email && !deactivated ? (
            <DropdownMenuItem onSelect={() => void run('password-reset')}>
              {t('adminConsole.users.passwordReset')}
            </DropdownMenuItem>
          ) : null}
          {data.items}
        </DropdownMenuContent>
      </DropdownMenu>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={t('adminConsole.users.deactivateTitle', { name })}
        description={t('adminConsole.users.deactivateDescription')}
        confirmLabel={t('adminConsole.users.deactivate')}
        pending={act.isPending}
        onConfirm={() => run('deactivate')}
      />
      {data.dialogs}
    </li>
  );
}
