import {
  HeadphoneOffIcon,
  HeadphonesIcon,
  Loader2Icon,
  MicIcon,
  MicOffIcon,
  PhoneOffIcon,
  Volume2Icon,
} from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { MESH_MAX_PARTICIPANTS } from '#shared/sfu';
import type { VoiceParticipant } from '#shared/voice';
import { Button } from '@/components/ui/button';
import { UserAvatar } from '@/components/user-avatar';
import { useCurrentUser } from '@/features/auth';
import type { ChannelTabPanelProps } from '@/lib/shell';
import { useDisplayName } from '@/lib/use-display-name';
import { useSpeaking } from '@/lib/use-speaking';
import { cn } from '@/lib/utils';
import { useVoiceParticipants } from '../api/get-voice-participants';
import { useHeard } from '../lib/heard';
import {
  joinVoiceChannel,
  leaveVoiceChannel,
  toggleDeafen,
  toggleMute,
} from '../lib/voice-actions';
import { useVoiceState } from '../lib/voice-store';
import { LiveBadge } from './live-badge';
import { VoiceScreens } from './voice-screens';

/**
 * docs/product.md §2.5: a voice channel shows this panel instead of the chat; a public channel or a group
 * shows it in its voice chat dialog (`chat`), with the same participants, mute and deafen.
 * The session itself belongs to the app shell (VoiceSessionHost): leaving this screen keeps
 * the person in the voice, and the voice bar stays until they leave.
 */
export function VoicePanel({
  channel,
  chat = false,
}: Pick<ChannelTabPanelProps, 'channel'> & { chat?: boolean }) {
  const { t } = useTranslation();
  const copy = chat
    ? {
        title: t('voice.chat.title'),
        notJoined: t('voice.chat.notJoined'),
        participants: t('voice.chat.participants'),
        empty: t('voice.chat.empty'),
      }
    : {
        title: t('voice.title'),
        notJoined: t('voice.notJoined'),
        participants: t('voice.participants'),
        empty: t('voice.empty'),
      };
  const nameOf = useDisplayName();
  const { user } = useCurrentUser();
  const participants = useVoiceParticipants(channel.id);
  const session = useVoiceState();
  const here = session.channel?.id === channel.id && session.status !== 'idle';
  const me = here ? session.me : null;
  const busy = here && session.status === 'joining';

  // One's own row shows one's mute and deafen at once, before the server's list catches up.
  const list = (participants.data ?? []).map((p) =>
    me && p.userId === me.userId
      ? {
          ...p,
          isMuted: me.isMuted,
          isDeafened: me.isDeafened,
          isSharingScreen: me.isSharingScreen,
        }
      : p,
  );
  const sharing = list.some((p) => p.isSharingScreen);
  // Another tab (or device) of the person holds the seat here.
  const elsewhere = !here && list.some((p) => p.userId === user?.id);
  return (
    <div
      // A voice channel has no list: its screen is up (web/boot/last-screen.ts).
      data-screen-ready=""
      className={cn(
        'mx-auto grid w-full content-start gap-5 p-4 sm:p-6',
        sharing && here ? 'max-w-5xl' : 'max-w-2xl',
      )}
    >
      <header className="flex flex-wrap items-center justify-between gap-3">
        <div className="flex items-center gap-3">
          <span className="flex size-10 items-center justify-center rounded-xl bg-primary/15 text-primary">
            <Volume2Icon aria-hidden className="size-5" />
          </span>
          <div>
            <h2 className="font-semibold">{copy.title}</h2>
            <p className="text-muted-foreground text-sm" role="status">
              {me ? t('voice.connected') : elsewhere ? t('voice.elsewhere') : copy.notJoined}
            </p>
            {me && session.mode === 'mesh' && list.length > MESH_MAX_PARTICIPANTS ? (
              <p className="text-amber-500 text-sm" role="alert">
                {t('voice.meshTooLarge', { max: MESH_MAX_PARTICIPANTS })}
              </p>
            ) : null}
          </div>
        </div>
        {me ? (
          <div className="flex items-center gap-2">
            <Button
              type="button"
              variant={me.isMuted ? 'destructive' : 'secondary'}
              aria-pressed={me.isMuted}
              aria-label={me.isMuted ? t('voice.unmute') : t('voice.mute')}
              disabled={me.isDeafened}
              onClick={toggleMute}
            >
              {me.isMuted ? <MicOffIcon aria-hidden /> : <MicIcon aria-hidden />}
            </Button>
            <Button
              type="button"
              variant={me.isDeafened ? 'destructive' : 'secondary'}
              aria-pressed={me.isDeafened}
              aria-label={me.isDeafened ? t('voice.undeafen') : t('voice.deafen')}
              onClick={toggleDeafen}
            >
              {me.isDeafened ? <HeadphoneOffIcon aria-hidden /> : <HeadphonesIcon aria-hidden />}
            </Button>
            <Button type="button" variant="destructive" onClick={() => leaveVoiceChannel()}>
              <PhoneOffIcon aria-hidden />
              {t('voice.leave')}
            </Button>
          </div>
        ) : (
          <Button
            type="button"
            onClick={() => joinVoiceChannel({ id: channel.id, name: channel.name })}
            disabled={busy}
          >
            {busy ? (
              <Loader2Icon aria-hidden className="animate-spin" />
            ) : (
              <Volume2Icon aria-hidden />
            )}
            {t('voice.join')}
          </Button>
        )}
      </header>
      <VoiceScreens participants={list} here={here} userId={user?.id} />
      <section aria-label={copy.participants} className="grid gap-2">
        <h3 className="font-medium text-muted-foreground text-xs uppercase tracking-wide">
          {t('voice.inChannel', { count: list.length })}
        </h3>
        {list.length === 0 ? (
          <p className="rounded-lg border border-dashed p-6 text-center text-muted-foreground text-sm">
            {copy.empty}
          </p>
        ) : (
          <ul className="grid gap-1">
            {list.map((p) => {
              const own = p.userId === user?.id;
              return (
                <VoiceRow
                  key={p.id}
                  participant={p}
                  name={nameOf(p.user)}
                  label={own ? t('voice.you', { name: nameOf(p.user) }) : nameOf(p.user)}
                  // Their voice as this page receives it (while in this voice), and what their
                  // page told the channel; one's own microphone is read by the session.
                  stream={own || !here ? null : session.streams.get(p.userId)}
                  self={own && here ? session.selfSpeaking : null}
                />
              );
            })}
          </ul>
        )}
      </section>
    </div>
  );
}

/** One person in the voice chat; lit while they speak (docs/calls.md, "Indicateurs de parole"). */
function VoiceRow({
  participant,
  name,
  label,
  stream,
  self,
}: {
  participant: VoiceParticipant;
  name: string;
  /** What the row says: the name, or "(vous)" after one's own. */
  label: string;
  stream: MediaStream | null | undefined;
  /** One's own row while in this voice: whether one's microphone speaks (else null). */
  self: boolean | null;
}) {
  const { t } = useTranslation();
  const heard = useHeard(participant.channelId, participant.userId) || self === true;
  // Either what this page hears, or what their page said: either may be late or missing (a
  // received track once stayed silent to the analyser for 20 s in CI, cause not found).
  const speaking = (useSpeaking(stream) || heard) && !participant.isMuted;
  return (
    <li
      data-speaking={speaking}
      className="flex items-center gap-3 rounded-lg px-2 py-2 hover:bg-accent/40"
    >
      <UserAvatar
        user={participant.user}
        name={name}
        className={cn(
          'size-8 rounded-full ring-offset-2 ring-offset-background transition-shadow',
          speaking && 'ring-2 ring-emerald-500',
        )}
      />
      <span className="min-w-0 flex-1 truncate text-sm">{label}</span>
      {speaking ? <span className="sr-only">{t('voice.speaking')}</span> : null}
      {participant.isSharingScreen ? <LiveBadge /> : null}
      {participant.isMuted ? (
        <MicOffIcon aria-label={t('voice.mutedLabel')} className="size-4 text-muted-foreground" />
      ) : null}
      {participant.isDeafened ? (
        <HeadphoneOffIcon
          aria-label={t('voice.deafenedLabel')}
          className="size-4 text-muted-foreground"
        />
      ) : null}
    </li>
  );
}
