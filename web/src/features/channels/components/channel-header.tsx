import { useQuery } from '@tanstack/react-query';
import { EllipsisVerticalIcon, UsersIcon, VideoIcon } from 'lucide-react';
import { type ComponentProps, lazy, type ReactNode, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ChannelWithMembers } from '#shared/channels';
import { ChannelTypeIcon } from '@/components/channel-type-icon';
import { PresenceAvatar } from '@/components/presence-avatar';
import { Badge } from '@/components/ui/badge';
import { DropdownMenu, DropdownMenuTrigger } from '@/components/ui/dropdown-menu';
import { IconButton } from '@/components/ui/icon-button';
import { useStartCall } from '@/features/calls';
import { usePhoneHeader } from '@/lib/phone-header';
import type { ChannelHeaderAction } from '@/lib/shell';
import { PHONE_MEDIA_QUERY, useIsPhone } from '@/lib/use-media-query';
import { useOpenedOnce } from '@/lib/use-opened-once';
import { channelMembersQueryOptions } from '../api/get-channel-members';
import { useChannelPowers } from '../hooks/use-channel-powers';
import { useChannelTitle } from '../hooks/use-channel-title';
import { ChannelNotificationMenu } from './channel-notification-menu';
import type { ChannelDialog } from './channel-options-items';

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
// The phone's header is not in the desktop's first load; on a phone it is asked for with the
// channel view, not when the header first renders.
const loadPhoneHeader = () =>
  import('./phone-channel-header').then((module) => ({ default: module.PhoneChannelHeader }));
if (globalThis.matchMedia?.(PHONE_MEDIA_QUERY).matches) void loadPhoneHeader();
const PhoneChannelHeader = lazy(loadPhoneHeader);
const ChannelOptionsItems = lazy(() =>
  import('./channel-options-items').then((module) => ({ default: module.ChannelOptionsItems })),
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
  const [dialog, setDialog] = useState<ChannelDialog | null>(null);
  const { moderate } = useChannelPowers(channel);
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
  const isPhone = useIsPhone();
  // On a phone this header replaces the app's top bar (lib/phone-header.tsx).
  const slots = usePhoneHeader(isPhone);
  const applying = actions.filter((action) => action.appliesTo(channel));
  const renderAction = ({ id, Action }: ChannelHeaderAction) => (
    <Suspense key={id} fallback={null}>
      <Action channel={channel} />
    </Suspense>
  );
  const badge = archived ? (
    <Badge variant="outline" className="shrink-0 font-normal text-muted-foreground">
      {t('channelAdmin.archivedBadge')}
    </Badge>
  ) : null;
  const callButton =
    isDirect && channel.directUser ? (
      <IconButton
        type="button"
        label={t('channelView.videoCall')}
        title={t('channelView.videoCall')}
        onClick={() => channel.directUser && startCall(channel.id, channel.directUser, title)}
      >
        <VideoIcon aria-hidden />
      </IconButton>
    ) : null;
  const optionsMenu: ReactNode = isDirect ? null : (
    <OptionsMenu
      channelId={channel.id}
      archived={archived}
      moderate={moderate}
      isOwner={isOwner}
      onOpen={setDialog}
    />
  );
  const dialogs = isDirect ? null : (
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
  );

  if (isPhone) {
    return (
      <>
        <Suspense
          // For the moment its chunk may take (asked for with the channel view's).
          fallback={<div className="h-13 border-b px-1">{slots?.menuButton}</div>}
        >
          <PhoneChannelHeader
            slots={slots}
            channel={channel}
            title={title}
            titleId={titleId}
            badge={badge}
            memberCount={memberCount}
            onShowMembers={onShowMembers}
            actions={applying}
            callButton={callButton}
            optionsMenu={optionsMenu}
          />
        </Suspense>
        {dialogs}
      </>
    );
  }

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
          {badge}
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
        {callButton}
        {applying.map(renderAction)}
        {optionsMenu}
      </div>
      {dialogs}
    </header>
  );
}

/** The « Options du canal » button; its items load when it first opens. */
function OptionsMenu(props: ComponentProps<typeof ChannelOptionsItems>) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const openedOnce = useOpenedOnce(open);
  return (
    <DropdownMenu open={open} onOpenChange={setOpen}>
      <DropdownMenuTrigger asChild>
        <IconButton type="button" label={t('channelView.menu')}>
          <EllipsisVerticalIcon aria-hidden />
        </IconButton>
      </DropdownMenuTrigger>
      {openedOnce ? (
        <Suspense fallback={null}>
          <ChannelOptionsItems {...props} />
        </Suspense>
      ) : null}
    </DropdownMenu>
  );
}
