import { format } from 'date-fns';
import { fr } from 'date-fns/locale';
import { MoreHorizontalIcon } from 'lucide-react';
import { useDeferredValue, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AdminChannel } from '#shared/channels';
import { userDisplayName } from '#shared/user-names';
import { ChannelTypeIcon } from '@/components/channel-type-icon';
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
import { Label } from '@/components/ui/label';
import { SearchInput } from '@/components/ui/search-input';
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from '@/components/ui/select';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/use-toast';
import { toastFailure } from '@/lib/toast-failure';
import {
  type ChannelAction,
  useAdminChannelMembers,
  useAdminChannels,
  useAdminTransfer,
  useChannelAction,
} from './channels-api';

const when = (iso: string) => format(new Date(iso), 'dd/MM/yyyy HH:mm', { locale: fr });

/**
 * « Canaux » (issue 48): every channel of the workspace, private ones too, with its type,
 * members, owner and last activity — never what is said in it; archive, bring back, delete.
 */
export function ChannelsSection() {
  const { t } = useTranslation();
  const [q, setQ] = useState('');
  const deferred = useDeferredValue(q.trim());
  const channels = useAdminChannels(deferred);
  const rows = channels.data?.pages.flatMap((page) => page.channels) ?? [];
  return (
    <div className="grid gap-4">
      <SearchInput
        value={q}
        onChange={(e) => setQ(e.target.value)}
        placeholder={t('channelAdmin.console.search')}
        aria-label={t('channelAdmin.console.search')}
      />
      {channels.isError ? (
        <p className="text-destructive text-sm">{t('channelAdmin.console.failed')}</p>
      ) : !channels.data ? (
        <Skeleton className="h-32" />
      ) : rows.length === 0 ? (
        <p className="text-muted-foreground text-sm">{t('channelAdmin.console.none')}</p>
      ) : (
        <ul aria-label={t('channelAdmin.console.list')} className="grid gap-2">
          {rows.map((channel) => (
            <ChannelRow key={channel.id} channel={channel} />
          ))}
        </ul>
      )}
      {channels.hasNextPage ? (
        <Button
          variant="outline"
          className="justify-self-center"
          disabled={channels.isFetchingNextPage}
          onClick={() => void channels.fetchNextPage()}
        >
          {t('adminConsole.more')}
        </Button>
      ) : null}
    </div>
  );
}

function ChannelRow({ channel }: { channel: AdminChannel }) {
  const { t } = useTranslation();
  const act = useChannelAction();
  const [deleting, setDeleting] = useState(false);
  const [handing, setHanding] = useState(false);
  const archived = channel.archivedAt !== null;
  const run = (action: ChannelAction) =>
    act.mutateAsync({ id: channel.id, action }).then(
      () => {
        const done = { archive: 'archived', unarchive: 'unarchived', delete: 'console.deleted' };
        toast({ title: t(`channelAdmin.${done[action]}`) });
        return true;
      },
      (error: unknown) => {
        toastFailure(error, t('channelAdmin.failed'), t('channelAdmin.failed'));
        return false;
      },
    );
  const owner = channel.owner ? userDisplayName(channel.owner) : null;
  return (
    <li
      data-channel-id={channel.id}
      aria-label={channel.name}
      className="flex flex-wrap items-center gap-x-4 gap-y-2 rounded-xl border bg-card px-4 py-3"
    >
      <div className="grid min-w-0 flex-1 basis-56 gap-1">
        <span className="flex min-w-0 flex-wrap items-center gap-2">
          <ChannelTypeIcon type={channel.type} className="size-4 shrink-0 text-muted-foreground" />
          <span className="truncate font-medium">{channel.name}</span>
          <Badge variant="outline">{t(`channelAdmin.console.types.${channel.type}`)}</Badge>
          {archived ? <Badge variant="secondary">{t('channelAdmin.archivedBadge')}</Badge> : null}
          {channel.isDefault ? (
            <Badge variant="secondary">{t('channelAdmin.console.default')}</Badge>
          ) : null}
        </span>
        <span className="text-muted-foreground text-sm">
          {t('channelAdmin.console.members', { count: channel.memberCount })}
        </span>
      </div>
      <dl className="grid grid-cols-[auto_1fr] gap-x-2 text-muted-foreground text-xs sm:text-sm">
        <dt>{t('channelAdmin.console.owner')}</dt>
        <dd className="truncate">{owner ?? t('channelAdmin.console.noOwner')}</dd>
        <dt>{t('channelAdmin.console.lastActivity')}</dt>
        <dd>
          {channel.lastActivityAt ? when(channel.lastActivityAt) : t('channelAdmin.console.never')}
        </dd>
      </dl>
      {channel.isDefault ? (
        // The default channel is neither archived nor deleted: no action to offer.
        <span className="size-9" aria-hidden />
      ) : (
        <DropdownMenu>
          <DropdownMenuTrigger asChild>
            <IconButton
              variant="ghost"
              label={t('channelAdmin.console.actions', { name: channel.name })}
            >
              <MoreHorizontalIcon aria-hidden />
            </IconButton>
          </DropdownMenuTrigger>
          <DropdownMenuContent align="end">
            <DropdownMenuItem onSelect={() => void run(archived ? 'unarchive' : 'archive')}>
              {t(archived ? 'channelAdmin.unarchive' : 'channelAdmin.archive')}
            </DropdownMenuItem>
            <DropdownMenuItem onSelect={() => setHanding(true)}>
              {t('channelAdmin.console.transfer')}
            </DropdownMenuItem>
            <DropdownMenuItem variant="destructive" onSelect={() => setDeleting(true)}>
              {t('channelAdmin.console.delete')}
            </DropdownMenuItem>
          </DropdownMenuContent>
        </DropdownMenu>
      )}
      <ConfirmDialog
        open={deleting}
        onOpenChange={setDeleting}
        title={t('channelAdmin.console.deleteTitle', { name: channel.name })}
        description={t('channelAdmin.console.deleteDescription')}
        confirmLabel={t('channelAdmin.console.deleteConfirm')}
        pending={act.isPending}
        onConfirm={() => run('delete')}
      />
      <TransferDialog channel={channel} open={handing} onOpenChange={setHanding} />
    </li>
  );
}

/** « Transférer la propriété… »: one of the channel's members becomes its owner. */
function TransferDialog({
  channel,
  open,
  onOpenChange,
}: {
  channel: AdminChannel;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation();
  const fieldId = useId();
  const members = useAdminChannelMembers(channel.id, open);
  const transfer = useAdminTransfer();
  const [userId, setUserId] = useState('');
  const candidates = (members.data ?? []).filter((m) => m.role !== 'owner');
  const chosen = candidates.find((m) => m.userId === userId);
  const handOver = async () => {
    if (!chosen) return false;
    try {
      await transfer.mutateAsync({ id: channel.id, userId: chosen.userId });
    } catch (error) {
      toastFailure(error, t('channelAdmin.failed'), t('channelAdmin.failed'));
      return false;
    }
    const name = userDisplayName(chosen.user) ?? '';
    toast({ title: t('channelAdmin.transferred', { name }) });
    setUserId('');
    return true;
  };
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('channelAdmin.console.transferTitle', { name: channel.name })}
      description={t('channelAdmin.console.transferDescription')}
      confirmLabel={t('channelAdmin.transferConfirm')}
      destructive={false}
      pending={transfer.isPending || !chosen}
      onConfirm={handOver}
    >
      <div className="grid gap-2">
        <Label htmlFor={fieldId}>{t('channelAdmin.console.newOwner')}</Label>
        <Select value={userId} onValueChange={setUserId}>
          <SelectTrigger id={fieldId}>
            <SelectValue placeholder={t('channelAdmin.console.pickMember')} />
          </SelectTrigger>
          <SelectContent>
            {candidates.map((m) => (
              <SelectItem key={m.userId} value={m.userId}>
                {userDisplayName(m.user) ?? m.user.email}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </div>
    </ConfirmDialog>
  );
}
