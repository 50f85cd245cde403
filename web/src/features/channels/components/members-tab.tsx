import { MoreHorizontalIcon, UserMinusIcon } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Channel, ChannelMember } from '#shared/channels';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { PresenceAvatar } from '@/components/presence-avatar';
import { Badge } from '@/components/ui/badge';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { IconButton } from '@/components/ui/icon-button';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/use-toast';
import { useCurrentUser } from '@/features/auth';
import { usePresence } from '@/lib/presence-store';
import { toastFailure } from '@/lib/toast-failure';
import { useDisplayName } from '@/lib/use-display-name';
import { cn } from '@/lib/utils';
import { useSetMemberRole, useTransferOwnership } from '../api/channel-admin';
import { useChannelMembers } from '../api/get-channel-members';
import { useRemoveChannelMember } from '../api/remove-channel-member';
import { useChannelPowers } from '../hooks/use-channel-powers';
import { ChannelLinkPreviewsSection } from './channel-link-previews';
import { ChannelRetentionSection } from './channel-retention';
import { ChannelSettingsSection } from './channel-settings-section';

const ROLE_ORDER = { owner: 0, admin: 1, member: 2 } as const;

/**
 * docs/product.md §2/§6 and issue 48: the member list with their roles. The owner and the
 * channel's administrators remove members (never the owner; an administrator only by the
 * owner); the owner names administrators, takes the role back and hands the channel over.
 */
export function MembersTab({
  channel,
}: {
  channel: Pick<Channel, 'id' | 'name' | 'description' | 'type' | 'role' | 'archivedAt'>;
}) {
  const { t } = useTranslation();
  const displayName = useDisplayName();
  const { user: me } = useCurrentUser();
  const members = useChannelMembers(channel.id);
  const [pending, setPending] = useState<ChannelMember | null>(null);
  const [handingOver, setHandingOver] = useState<ChannelMember | null>(null);
  const powers = useChannelPowers(channel);
  const setRole = useSetMemberRole(me?.id);
  const changeRole = async (member: ChannelMember, role: 'admin' | 'member') => {
    const name = displayName(member.user);
    try {
      await setRole.mutateAsync({ channelId: channel.id, userId: member.userId, role });
    } catch (error) {
      toastFailure(error, t('channelAdmin.failed'), t('channelAdmin.failed'));
      return;
    }
    toast({
      title: t(role === 'admin' ? 'channelAdmin.madeAdmin' : 'channelAdmin.roleRemoved', { name }),
    });
  };

  if (members.isPending) {
    return (
      <div
        role="status"
        aria-busy="true"
        aria-label={t('members.loading')}
        className="grid gap-2 p-4 md:p-6"
      >
        {[0, 1, 2, 3].map((row) => (
          <div key={row} className="flex items-center gap-3 py-1.5">
            <Skeleton className="size-9 rounded-full" />
            <Skeleton className="h-4 w-40" />
          </div>
        ))}
      </div>
    );
  }

  const sorted = [...(members.data ?? [])].sort(
    (a, b) =>
      ROLE_ORDER[a.role] - ROLE_ORDER[b.role] ||
      displayName(a.user).localeCompare(displayName(b.user), 'fr'),
  );

  return (
    <div className="mx-auto w-full max-w-3xl p-4 md:p-6">
      <ChannelSettingsSection channel={channel} />
      <h2 className="mb-3 font-semibold text-muted-foreground text-xs uppercase tracking-wider">
        {t('members.title')} — {sorted.length}
      </h2>
      {sorted.length === 0 ? (
        <p className="text-muted-foreground text-sm">{t('members.empty')}</p>
      ) : (
        <ul
          aria-label={t('members.listLabel')}
          className="grid divide-y divide-border/60 rounded-xl border bg-card/40"
        >
          {sorted.map((member) => (
            <MemberRow
              key={member.id}
              member={member}
              name={displayName(member.user)}
              isMe={member.userId === me?.id}
              canRemove={
                powers.moderate &&
                member.role !== 'owner' &&
                member.userId !== me?.id &&
                (member.role === 'member' || powers.manageRoles)
              }
              canManageRole={powers.manageRoles && member.role !== 'owner'}
              onRemove={() => setPending(member)}
              onRole={(role) => void changeRole(member, role)}
              onTransfer={() => setHandingOver(member)}
            />
          ))}
        </ul>
      )}
      <RemoveMemberDialog
        channelId={channel.id}
        member={pending}
        onClose={() => setPending(null)}
      />
      <ChannelRetentionSection channel={channel} />
      <ChannelLinkPreviewsSection channel={channel} />
      <TransferDialog channel={channel} member={handingOver} onClose={() => setHandingOver(null)} />
    </div>
  );
}

interface MemberRowProps {
  member: ChannelMember;
  name: string;
  isMe: boolean;
  canRemove: boolean;
  canManageRole: boolean;
  onRemove: () => void;
  onRole: (role: 'admin' | 'member') => void;
  onTransfer: () => void;
}

function MemberRow({
  member,
  name,
  isMe,
  canRemove,
  canManageRole,
  onRemove,
  onRole,
  onTransfer,
}: MemberRowProps) {
  const { t } = useTranslation();
  const status = usePresence(member.userId, member.user.status);
  return (
    <li className="flex items-center gap-3 px-3 py-2.5 sm:px-4">
      <PresenceAvatar
        user={member.user}
        name={name}
        className="size-9 [&>span:last-child]:ring-card"
      />
      <div className="grid min-w-0 flex-1">
        <span className="truncate font-medium text-sm">
          {name}
          {isMe ? (
            <span className="font-normal text-muted-foreground"> ({t('members.you')})</span>
          ) : null}
        </span>
        <span className="truncate text-muted-foreground text-xs">
          {t(`common.status.${status}`)}
        </span>
      </div>
      <Badge
        variant={member.role === 'member' ? 'outline' : 'secondary'}
        className={cn(member.role === 'owner' && 'bg-primary/15 text-primary')}
      >
        {t(`members.roles.${member.role}`)}
      </Badge>
      {canManageRole ? (
        <DropdownMenu>
          <DropdownMenuTrigger asChild>
            <IconButton
              type="button"
              size="icon-sm"
              label={t('channelAdmin.memberActions', { name })}
              className="text-muted-foreground"
            >
              <MoreHorizontalIcon aria-hidden />
            </IconButton>
          </DropdownMenuTrigger>
          <DropdownMenuContent align="end">
            {member.role === 'admin' ? (
              <DropdownMenuItem onSelect={() => onRole('member')}>
                {t('channelAdmin.removeRole')}
              </DropdownMenuItem>
            ) : (
              <DropdownMenuItem onSelect={() => onRole('admin')}>
                {t('channelAdmin.makeAdmin')}
              </DropdownMenuItem>
            )}
            <DropdownMenuItem onSelect={onTransfer}>{t('channelAdmin.transfer')}</DropdownMenuItem>
          </DropdownMenuContent>
        </DropdownMenu>
      ) : null}
      {canRemove ? (
        <IconButton
          type="button"
          size="icon-sm"
          onClick={onRemove}
          label={t('members.removeLabel', { name })}
          title={t('members.removeLabel', { name })}
          className="text-muted-foreground hover:bg-destructive/10 hover:text-destructive"
        >
          <UserMinusIcon aria-hidden />
        </IconButton>
      ) : null}
    </li>
  );
}

function RemoveMemberDialog({
  channelId,
  member,
  onClose,
}: {
  channelId: string;
  member: ChannelMember | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const displayName = useDisplayName();
  const remove = useRemoveChannelMember();
  const name = member ? displayName(member.user) : '';

  const handleRemove = async () => {
    if (!member) return false;
    try {
      await remove.mutateAsync({ channelId, memberId: member.id });
    } catch (error) {
      toastFailure(error, t('members.errorTitle'), t('members.removeError'));
      return false;
    }
    toast({ title: t('members.removedTitle'), description: t('members.removed', { name }) });
    return true;
  };

  return (
    <ConfirmDialog
      open={member !== null}
      onOpenChange={(open) => (open ? null : onClose())}
      title={t('members.confirmTitle', { name })}
      description={t('members.confirmDescription', { name })}
      confirmLabel={t('members.confirm')}
      pendingLabel={t('members.removing')}
      pending={remove.isPending}
      lockCancelWhilePending
      onConfirm={handleRemove}
    />
  );
}

/** « Transférer la propriété »: the member becomes the owner; the former owner stays as administrator. */
function TransferDialog({
  channel,
  member,
  onClose,
}: {
  channel: Pick<Channel, 'id' | 'name'>;
  member: ChannelMember | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const displayName = useDisplayName();
  const transfer = useTransferOwnership();
  const name = member ? displayName(member.user) : '';
  const handleTransfer = async () => {
    if (!member) return false;
    try {
      await transfer.mutateAsync({ channelId: channel.id, userId: member.userId });
    } catch (error) {
      toastFailure(error, t('channelAdmin.failed'), t('channelAdmin.failed'));
      return false;
    }
    toast({ title: t('channelAdmin.transferred', { name }) });
    return true;
  };
  return (
    <ConfirmDialog
      open={member !== null}
      onOpenChange={(open) => (open ? null : onClose())}
      title={t('channelAdmin.transferTitle', { channel: channel.name, name })}
      description={t('channelAdmin.transferDescription', { name })}
      confirmLabel={t('channelAdmin.transferConfirm')}
      destructive={false}
      pending={transfer.isPending}
      onConfirm={handleTransfer}
    />
  );
}
