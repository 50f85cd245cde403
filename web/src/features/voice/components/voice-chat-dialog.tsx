import { HeadphonesIcon } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ChannelWithMembers } from '#shared/channels';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@/components/ui/dialog';
import { IconButton } from '@/components/ui/icon-button';

// Loaded when first opened, not with the channel view.
const VoicePanel = lazy(() =>
  import('./voice-panel').then((module) => ({ default: module.VoicePanel })),
);

/**
 * docs/product.md §2.5: the join-voice-chat button of public channels and groups, and its dialog — the
 * channel’s own voice chat, the voice panel of a voice channel. Closing the dialog keeps
 * the person in the chat: the voice bar stays, and leaves it.
 */
export function VoiceChatDialog({ channel }: { channel: ChannelWithMembers }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <IconButton
          type="button"
          label={t('channelView.voiceChat')}
          title={t('channelView.voiceChat')}
        >
          <HeadphonesIcon aria-hidden />
        </IconButton>
      </DialogTrigger>
      <DialogContent className="max-h-[90dvh] gap-0 overflow-y-auto p-0 sm:max-w-lg">
        <DialogHeader className="px-4 pt-4 sm:px-6 sm:pt-6">
          <DialogTitle>{t('voice.chat.dialogTitle', { name: channel.name })}</DialogTitle>
          <DialogDescription>{t('voice.chat.dialogDescription')}</DialogDescription>
        </DialogHeader>
        <Suspense fallback={null}>
          <VoicePanel channel={channel} chat />
        </Suspense>
      </DialogContent>
    </Dialog>
  );
}
