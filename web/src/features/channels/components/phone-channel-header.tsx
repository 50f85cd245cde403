import { EllipsisIcon } from 'lucide-react';
import { type ReactNode, Suspense, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ChannelWithMembers } from '#shared/channels';
import { ChannelTypeIcon } from '@/components/channel-type-icon';
import { PresenceAvatar } from '@/components/presence-avatar';
import { IconButton } from '@/components/ui/icon-button';
import type { PhoneHeaderSlots } from '@/lib/phone-header';
import type { ChannelHeaderAction } from '@/lib/shell';
import { cn } from '@/lib/utils';
import { ChannelNotificationMenu } from './channel-notification-menu';

interface PhoneChannelHeaderProps {
  /** The app's menu button and bell (lib/phone-header.tsx). */
  slots: PhoneHeaderSlots | null;
  channel: ChannelWithMembers;
  title: string;
  titleId: string;
  /** Beside the title (the « Archivé » badge). */
  badge: ReactNode;
  memberCount: string;
  /** A tap on the title (and the member count under it) opens the channel's members. */
  onShowMembers?: () => void;
  /** Other features' buttons that apply here: those marked `phoneBar` stay in the row. */
  actions: readonly ChannelHeaderAction[];
  /** A direct conversation's video call: in the row. */
  callButton: ReactNode;
  /** The channel's options menu (invite, archive, leave or delete): folded. */
  optionsMenu: ReactNode;
}

/**
 * The channel view's header on a phone (issue 45 item D12): one 52 px row in place of the app's
 * top bar — the menu button, the channel's name (a tap shows its members), the call or voice
 * chat, the bell and « ⋯ », which unfolds a second row with the channel's other actions
 * (notifications, pins, slot finder, options). That row stays mounted while folded: the dialogs
 * its buttons opened stay open. Loaded apart from the channel view (not the desktop's).
 */
export function PhoneChannelHeader({
  slots,
  channel,
  title,
  titleId,
  badge,
  memberCount,
  onShowMembers: showMembers,
  actions,
  callButton,
  optionsMenu,
}: PhoneChannelHeaderProps) {
  const { t } = useTranslation();
  const [unfolded, setUnfolded] = useState(false);
  const foldedId = useId();
  const isDirect = channel.type === 'direct';
  // A direct conversation has no members tab.
  const onShowMembers = isDirect ? undefined : showMembers;
  // As on a desktop: the member count, then the description.
  const subtitle = isDirect ? null : [memberCount, channel.description].filter(Boolean).join(' · ');
  const renderAction = ({ id, Action }: ChannelHeaderAction) => (
    <Suspense key={id} fallback={null}>
      <Action channel={channel} />
    </Suspense>
  );
  return (
    <header className="shrink-0 border-b bg-rail/95 pt-[env(safe-area-inset-top)] backdrop-blur">
      <div className="flex h-13 items-center gap-0.5 px-1">
        {slots?.menuButton}
        <div className="flex min-w-0 flex-1 items-center gap-2 pl-1">
          {isDirect && channel.directUser ? (
            <PresenceAvatar
              user={channel.directUser}
              name={title}
              className="size-7 shrink-0 [&>span:last-child]:ring-rail"
            />
          ) : (
            <ChannelTypeIcon
              type={channel.type}
              className="size-4 shrink-0 text-muted-foreground"
            />
          )}
          <h1 id={titleId} className="min-w-0 flex-1 font-semibold text-[0.9375rem] leading-tight">
            {onShowMembers ? (
              <button
                type="button"
                onClick={onShowMembers}
                aria-describedby={subtitle ? `${titleId}-sub` : undefined}
                className="flex h-11 w-full min-w-0 cursor-pointer flex-col justify-center rounded-md text-left outline-none focus-visible:ring-2 focus-visible:ring-ring"
              >
                <TitleLine title={title} badge={badge} />
                {subtitle ? (
                  // Read as the button's description, not as part of the heading's name.
                  <span
                    id={`${titleId}-sub`}
                    aria-hidden
                    className="truncate font-normal text-muted-foreground text-xs"
                  >
                    {subtitle}
                  </span>
                ) : null}
              </button>
            ) : (
              <TitleLine title={title} badge={badge} />
            )}
          </h1>
        </div>
        <div className="flex shrink-0 items-center [&_button]:size-11">
          {callButton}
          {actions.filter((action) => action.phoneBar).map(renderAction)}
        </div>
        {slots?.bell}
        <IconButton
          type="button"
          label={t('channelView.moreActions')}
          aria-expanded={unfolded}
          aria-controls={foldedId}
          onClick={() => setUnfolded((value) => !value)}
          className={cn('size-11 shrink-0', unfolded && 'bg-accent')}
        >
          <EllipsisIcon aria-hidden className="size-5" />
        </IconButton>
      </div>
      <div
        id={foldedId}
        className={cn(
          'items-center gap-1 border-t px-1 py-0.5 [&_button]:min-h-11 [&_button]:min-w-11',
          unfolded ? 'flex flex-wrap' : 'hidden',
        )}
      >
        <ChannelNotificationMenu channelId={channel.id} />
        {actions.filter((action) => !action.phoneBar).map(renderAction)}
        {optionsMenu}
      </div>
    </header>
  );
}

function TitleLine({ title, badge }: { title: string; badge?: ReactNode }) {
  return (
    <span className="flex min-w-0 items-center gap-1.5">
      <span className="truncate">{title}</span>
      {badge}
    </span>
  );
}
