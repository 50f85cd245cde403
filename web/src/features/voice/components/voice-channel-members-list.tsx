import { HeadphoneOffIcon, MicOffIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { VoiceParticipant } from '#shared/voice';
import { UserAvatar } from '@/components/user-avatar';
import { useCurrentUser } from '@/features/auth';
import { useDisplayName } from '@/lib/use-display-name';
import { cn } from '@/lib/utils';
import { useHeard } from '../lib/heard';
import { useVoiceState } from '../lib/voice-store';
import { LiveBadge } from './live-badge';

/**
 * Under a voice channel in the sidebar: who is in it now (docs/calls.md, "Salons vocaux"),
 * live for every member without opening it — avatar, name, speaking ring, « En direct »
 * while sharing a screen, muted and deafened icons.
 */
export function VoiceChannelMembersList({
  name,
  participants,
}: {
  name: string;
  participants: VoiceParticipant[];
}) {
  const { t } = useTranslation();
  const data = participants;
  return (
    <ul aria-label={t('voice.sidebar.label', { name })} className="grid gap-0.5 pb-1 pl-7">
      {data.map((p) => (
        <MemberRow key={p.id} participant={p} />
      ))}
    </ul>
  );
}

function MemberRow({ participant }: { participant: VoiceParticipant }) {
  const { t } = useTranslation();
  const nameOf = useDisplayName();
  const { user } = useCurrentUser();
  const self = participant.userId === user?.id;
  const heard = useHeard(participant.channelId, participant.userId);
  const selfSpeaking = useVoiceState(
    (s) => s.selfSpeaking && s.channel?.id === participant.channelId,
  );
  const speaking = (self ? selfSpeaking || heard : heard) && !participant.isMuted;
  const name = nameOf(participant.user);
  return (
    <li
      data-speaking={speaking}
      className="flex h-7 min-w-0 items-center gap-2 rounded-md px-1.5 text-muted-foreground text-sm"
    >
      <UserAvatar
        user={participant.user}
        name={name}
        className={cn(
          'size-5 rounded-full ring-offset-1 ring-offset-sidebar transition-shadow [&_span]:text-[8px]',
          speaking && 'ring-2 ring-emerald-500',
        )}
      />
      <span className="min-w-0 flex-1 truncate">{self ? t('voice.you', { name }) : name}</span>
      {speaking ? <span className="sr-only">{t('voice.speaking')}</span> : null}
      {participant.isSharingScreen ? <LiveBadge /> : null}
      {participant.isMuted ? (
        <MicOffIcon role="img" aria-label={t('voice.mutedLabel')} className="size-3.5 shrink-0" />
      ) : null}
      {participant.isDeafened ? (
        <HeadphoneOffIcon
          role="img"
          aria-label={t('voice.deafenedLabel')}
          className="size-3.5 shrink-0"
        />
      ) : null}
    </li>
  );
}
