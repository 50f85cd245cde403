import { BookmarkIcon, BookmarkMinusIcon, PinIcon, PinOffIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { Message } from '#shared/messages';
import { userDisplayName } from '#shared/user-names';
import { toast } from '@/components/ui/use-toast';
import { useAuthProviders, useCurrentUser } from '@/features/auth';
import { useChannel } from '@/features/channels';
import type {
  MessageActionEntry,
  MessageExtension,
  MessageExtensionProps,
} from '@/lib/message-extensions';
import { toastFailure } from '@/lib/toast-failure';
import { useMessagePin, useTogglePin } from './api/pins';
import { useIsSaved, useToggleSaved } from './api/saved';

/**
 * Who may pin (docs/product.md, "Messages épinglés et enregistrés"), as the server decides:
 * the author, the channel's creator, owners and administrators, the workspace's
 * administrators, and either person of a direct conversation.
 */
function useMayPin(message: Message): boolean {
  const { user } = useCurrentUser();
  const { data: providers } = useAuthProviders();
  const { data: channel } = useChannel(message.channelId);
  // An archived channel is read-only: its pins stay as they are.
  if (!user || channel?.archivedAt) return false;
  if (message.userId === user.id || providers?.isAdmin) return true;
  if (!channel) return false;
  if (channel.type === 'direct' || channel.createdById === user.id) return true;
  const role = channel.members.find((member) => member.userId === user.id)?.role;
  return role === 'owner' || role === 'admin';
}

/** « Épingler » / « Désépingler » in the message's menu. */
function usePinEntry(message: Message): MessageActionEntry {
  const { t } = useTranslation();
  const pinned = Boolean(useMessagePin(message).data);
  const mayPin = useMayPin(message);
  const toggle = useTogglePin();
  return {
    labelKey: pinned ? 'pins.unpin' : 'pins.pin',
    icon: pinned ? PinOffIcon : PinIcon,
    hidden: !mayPin,
    // A promise, not mutate's callbacks: the menu that ran it unmounts as it closes.
    run: () =>
      void toggle.mutateAsync({ message, pin: !pinned }).then(
        () => toast({ title: t(pinned ? 'pins.unpinnedToast' : 'pins.pinnedToast') }),
        (error) => toastFailure(error, t('pins.errorTitle'), t('pins.error')),
      ),
  };
}

/** « Enregistrer » / « Retirer des enregistrés » in the message's menu. */
function useSaveEntry(message: Message): MessageActionEntry {
  const { t } = useTranslation();
  const saved = Boolean(useIsSaved(message).data);
  const toggle = useToggleSaved();
  return {
    labelKey: saved ? 'saved.unsave' : 'saved.save',
    icon: saved ? BookmarkMinusIcon : BookmarkIcon,
    run: () =>
      void toggle.mutateAsync({ message, save: !saved }).then(
        () => toast({ title: t(saved ? 'saved.unsavedToast' : 'saved.savedToast') }),
        (error) => toastFailure(error, t('saved.errorTitle'), t('saved.error')),
      ),
  };
}

/** The mark of a pinned message, under it: « Épinglé par … ». */
function PinnedMark({ message }: MessageExtensionProps) {
  const { t } = useTranslation();
  const pin = useMessagePin(message).data;
  if (!pin) return null;
  const name = userDisplayName(pin.pinnedBy);
  return (
    <p className="mt-1 flex items-center gap-1 text-muted-foreground text-xs" data-pinned="true">
      <PinIcon className="size-3 text-primary" aria-hidden />
      {name ? t('pins.pinnedBy', { name }) : t('pins.pinned')}
    </p>
  );
}

/** Pins and saves in and around a message (lib/message-extensions.tsx). */
export const pinsMessageExtension: MessageExtension = {
  id: 'pins',
  Chips: PinnedMark,
  actions: [
    { id: 'pin', labelKey: 'pins.pin', icon: PinIcon, useEntry: usePinEntry },
    { id: 'save', labelKey: 'saved.save', icon: BookmarkIcon, useEntry: useSaveEntry },
  ],
};
