import { KeyRoundIcon, PlusIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { SidebarSectionAction } from '@/components/sidebar-section-action';
import type { SidebarSectionContribution, SidebarSectionSlotProps } from '@/lib/shell';
import { type ChannelDialog, useChannelDialogs } from './components/channel-dialogs';
import { ChannelNavList, DirectMessageNavList } from './components/sidebar-channel-lists';

/** Opens a workspace dialog, closing the mobile menu first (it would cover the dialog). */
function useOpenDialog(onNavigate?: () => void) {
  const openDialog = useChannelDialogs();
  return (dialog: ChannelDialog) => () => {
    onNavigate?.();
    openDialog(dialog);
  };
}

function ChannelsActions({ onNavigate }: SidebarSectionSlotProps) {
  const { t } = useTranslation();
  const open = useOpenDialog(onNavigate);
  return (
    <>
      <SidebarSectionAction
        label={t('layout.sidebar.joinWithCode')}
        icon={KeyRoundIcon}
        onClick={open('joinCode')}
      />
      <SidebarSectionAction
        label={t('layout.sidebar.createChannel')}
        icon={PlusIcon}
        onClick={open('create')}
      />
    </>
  );
}

function ChannelsContent({ onNavigate }: SidebarSectionSlotProps) {
  const open = useOpenDialog(onNavigate);
  return <ChannelNavList onNavigate={onNavigate} onBrowse={open('browse')} />;
}

function DirectMessagesActions({ onNavigate }: SidebarSectionSlotProps) {
  const { t } = useTranslation();
  const open = useOpenDialog(onNavigate);
  return (
    <SidebarSectionAction
      label={t('layout.sidebar.startConversation')}
      icon={PlusIcon}
      onClick={open('direct')}
    />
  );
}

/** docs/product.md §2: the "Canaux" section (channels, groups, voice), with create and join-with-code. */
export const channelsSection: SidebarSectionContribution = {
  id: 'channels',
  titleKey: 'layout.sidebar.channels',
  Actions: ChannelsActions,
  Content: ChannelsContent,
};

/** docs/product.md §2: the "Messages directs" section, with a new-conversation button. */
export const directMessagesSection: SidebarSectionContribution = {
  id: 'direct-messages',
  titleKey: 'layout.sidebar.directMessages',
  Actions: DirectMessagesActions,
  Content: DirectMessageNavList,
};
