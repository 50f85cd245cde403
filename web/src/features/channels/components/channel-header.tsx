import { useQuery } from '@tanstack/react-query';
import {
  ArchiveIcon,
  ArchiveRestoreIcon,
  EllipsisVerticalIcon,
  LogOutIcon,
  Trash2Icon,
  UserPlusIcon,
  UsersIcon,
  VideoIcon,
} from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ChannelWithMembers } from '#shared/channels';
import { ChannelTypeIcon } from '@/components/channel-type-icon';
import { PresenceAvatar } from '@/components/presence-avatar';
import { Badge } from '@/components/ui/badge';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { IconButton } from '@/components/ui/icon-button';
import { useStartCall } from '@/features/calls';
import type { ChannelHeaderAction } from '@/lib/shell';
import { useOpenedOnce } from '@/lib/use-opened-once';
import { channelMembersQueryOptions } from '../api/get-channel-members';
import { useChannelPowers } from '../hooks/use-channel-powers';
import { useChannelTitle } from '../hooks/use-channel-title';
import { useArchiveAction } from './channel-archive';
import { ChannelNotificationMenu } from './channel-notification-menu';

// Loaded when first opened, not with the channel view.
const InviteMembersDialog = lazy(() =>
  import('./invite-members-dialog').then((module) => ({ default: module.InviteMembersDialog })),
);
const ArchiveChannelDialog = lazy(() =>
  import('./archive-channel-dialog').then((module) => ({ default: module.ArchiveChannelDialog })),
);
const DeleteChannelDialog = lazy(() =>
  import('./delete-channel-dialog').then((module) => ({ default: module.DeleteChannelDialog })),
);

interface ChannelHeaderProps {
  channel: ChannelWithMembers;
  isOwner: boolean;
  /** Other features' buttons (app/shell/channel-header-actions.ts), where they apply. */
  actions?: readonly ChannelHeaderAction[];
  onShowMembers?: () => void;
  /** The title's id, unique among the channel views kept mounted (it names the view). */
  titleId: string;
}

/** docs/product.md §2: name, description, member count and the channel's actions. */
export function ChannelHeader({
  channel,
  isOwner,
  actions = [],
  onShowMembers,
  titleId,
}: ChannelHeaderProps) {
  const { t } = useTranslation();
  const titleOf = useChannelTitle();
  const startCall = useStartCall();
  const [dialog, setDialog] = useState<'invite' | 'delete' | 'leave' | 'archive' | null>(null);
  const { moderate } = useChannelPowers(channel);
  const unarchive = useArchiveAction(channel.id);
  const archived = Boolean(channel.archivedAt);
  const invitedOnce = useOpenedOnce(dialog === 'invite');
  const deletedOnce = useOpenedOnce(dialog === 'delete' || dialog === 'leave');
  const archivedOnce = useOpenedOnce(dialog === 'archive');
  const title = titleOf(channel);
  const isDirect = channel.type === 'direct';
  // The member list, when loaded (members tab), is fresher than the channel's own copy.
  const { data: members } = useQuery({ ...channelMembersQueryOptions(channel.id), enabled: false });
  const memberCount = t('channelView.memberCount', {
    count: members?.length ?? channel.members.length,
  });
  const description = isDirect
    ? t('channelView.directDescription', { name: title })
    : channel.description;

  return (
    <header className="flex min-h-14 shrink-0 items-center gap-3 border-b px-3 py-2 sm:px-5">
      {isDirect && channel.directUser ? (
        <PresenceAvatar
          user={channel.directUser}
          name={title}
          className="size-8 [&>span:last-child]:ring-background"
        />
      ) : (
        <span className="flex size-8 shrink-0 items-center justify-center rounded-lg bg-muted text-muted-foreground">
          <ChannelTypeIcon type={channel.type} className="size-4" />
        </span>
      )}
      <div className="grid min-w-0 flex-1">
        <h1
          id={titleId}
          className="flex min-w-0 items-center gap-2 font-semibold text-base leading-tight"
        >
          <span className="truncate">{title}</span>
          {archived ? (
            <Badge variant="outline" className="shrink-0 font-normal text-muted-foreground">
              {t('channelAdmin.archivedBadge')}
            </Badge>
          ) : null}
        </h1>
        <p className="flex min-w-0 items-center gap-1.5 text-muted-foreground text-xs">
          {isDirect ? null : (
            <button
              type="button"
              onClick={onShowMembers}
              className="inline-flex shrink-0 cursor-pointer items-center gap-1 rounded-sm outline-none hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring"
            >
              <UsersIcon aria-hidden className="size-3.5" />
              {memberCount}
            </button>
          )}
          {description ? (
            <>
              {isDirect ? null : <span aria-hidden>·</span>}
              <span className="truncate" title={description}>
                {description}
              </span>
            </>
          ) : null}
        </p>
      </div>
      <div className="flex shrink-0 items-center gap-0.5">
        <ChannelNotificationMenu channelId={channel.id} />
        {isDirect && channel.directUser ? (
          <IconButton
            type="button"
            label={t('channelView.videoCall')}
            title={t('channelView.videoCall')}
            onClick={() => channel.directUser && startCall(channel.id, channel.directUser, title)}
          >
            <VideoIcon aria-hidden />
          </IconButton>
        ) : null}
        {actions
          .filter((action) => action.appliesTo(channel))
          .map(({ id, Action }) => (
            <Suspense key={id} fallback={null}>
              <Action channel={channel} />
            </Suspense>
          ))}
        {isDirect ? null : (
          <DropdownMenu>
            <DropdownMenuTrigger asChild>
              <IconButton type="button" label={t('channelView.menu')}>
                <EllipsisVerticalIcon aria-hidden />
              </IconButton>
            </DropdownMenuTrigger>
            <DropdownMenuContent align="end">
              <DropdownMenuItem onSelect={() => setDialog('invite')}>
                <UserPlusIcon aria-hidden />
                {t('channelView.invite')}
              </DropdownMenuItem>
              {moderate && archived ? (
                <DropdownMenuItem onSelect={() => void unarchive.run(false)}>
                  <ArchiveRestoreIcon aria-hidden />
                  {t('channelAdmin.unarchive')}
                </DropdownMenuItem>
              ) : moderate ? (
                <DropdownMenuItem onSelect={() => setDialog('archive')}>
                  <ArchiveIcon aria-hidden />
                  {t('channelAdmin.archive')}
                </DropdownMenuItem>
              ) : null}
              <DropdownMenuSeparator />
              {isOwner ? (
                <DropdownMenuItem variant="destructive" onSelect={() => setDialog('delete')}>
                  <Trash2Icon aria-hidden />
                  {t('channelView.delete')}
                </DropdownMenuItem>
              ) : (
                <DropdownMenuItem variant="destructive" onSelect={() => setDialog('leave')}>
                  <LogOutIcon aria-hidden />
                  {t('channelView.leave')}
                </DropdownMenuItem>
              )}
            </DropdownMenuContent>
          </DropdownMenu>
        )}
      </div>
      {isDirect ? null : (
        <Suspense fallback={null}>
          {invitedOnce ? (
            <InviteMembersDialog
              channelId={channel.id}
              channelName={channel.name}
              canManage={moderate}
              open={dialog === 'invite'}
              onOpenChange={(open) => setDialog(open ? 'invite' : null)}
            />
          ) : null}
          {moderate && archivedOnce ? (
            <ArchiveChannelDialog
              channel={channel}
              open={dialog === 'archive'}
              onOpenChange={(open) => setDialog(open ? 'archive' : null)}
            />
          ) : null}
          {deletedOnce ? (
            <DeleteChannelDialog
              mode={isOwner ? 'delete' : 'leave'}
              channelId={channel.id}
              channelName={channel.name}
              open={dialog === 'delete' || dialog === 'leave'}
              onOpenChange={(open) => setDialog(open ? (isOwner ? 'delete' : 'leave') : null)}
            />
          ) : null}
        </Suspense>
      )}
    </header>
  );
}
