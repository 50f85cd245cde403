import {
  ArchiveIcon,
  ArchiveRestoreIcon,
  LogOutIcon,
  Trash2Icon,
  UserPlusIcon,
} from 'lucide-react';
import { useTranslation } from 'react-i18next';
import {
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
} from '@/components/ui/dropdown-menu';
import { useArchiveAction } from './channel-archive';

export type ChannelDialog = 'invite' | 'delete' | 'leave' | 'archive';

interface ChannelOptionsItemsProps {
  channelId: string;
  archived: boolean;
  /** Archives and unarchives (owners and administrators of the channel). */
  moderate: boolean;
  isOwner: boolean;
  onOpen: (dialog: ChannelDialog) => void;
}

/**
 * The channel's options menu (docs/product.md §2.5): invite, archive or unarchive, and delete
 * (owners) or leave. Loaded when the menu first opens, not with the channel view.
 */
export function ChannelOptionsItems({
  channelId,
  archived,
  moderate,
  isOwner,
  onOpen,
}: ChannelOptionsItemsProps) {
  const { t } = useTranslation();
  const unarchive = useArchiveAction(channelId);
  return (
    <DropdownMenuContent align="end">
      <DropdownMenuItem onSelect={() => onOpen('invite')}>
        <UserPlusIcon aria-hidden />
        {t('channelView.invite')}
      </DropdownMenuItem>
      {moderate && archived ? (
        <DropdownMenuItem onSelect={() => void unarchive.run(false)}>
          <ArchiveRestoreIcon aria-hidden />
          {t('channelAdmin.unarchive')}
        </DropdownMenuItem>
      ) : moderate ? (
        <DropdownMenuItem onSelect={() => onOpen('archive')}>
          <ArchiveIcon aria-hidden />
          {t('channelAdmin.archive')}
        </DropdownMenuItem>
      ) : null}
      <DropdownMenuSeparator />
      {isOwner ? (
        <DropdownMenuItem variant="destructive" onSelect={() => onOpen('delete')}>
          <Trash2Icon aria-hidden />
          {t('channelView.delete')}
        </DropdownMenuItem>
      ) : (
        <DropdownMenuItem variant="destructive" onSelect={() => onOpen('leave')}>
          <LogOutIcon aria-hidden />
          {t('channelView.leave')}
        </DropdownMenuItem>
      )}
    </DropdownMenuContent>
  );
}
