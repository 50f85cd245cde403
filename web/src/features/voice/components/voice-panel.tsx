import { useQueryClient } from '@tanstack/react-query';
import {
  HeadphoneOffIcon,
  HeadphonesIcon,
  Loader2Icon,
  MicIcon,
  MicOffIcon,
  PhoneOffIcon,
  Volume2Icon,
} from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MESH_MAX_PARTICIPANTS } from '#shared/sfu';
import type { VoiceParticipant } from '#shared/voice';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/use-toast';
import { UserAvatar } from '@/components/user-avatar';
import { useCurrentUser } from '@/features/auth';
import type { ChannelTabPanelProps } from '@/lib/shell';
import { toastFailure } from '@/lib/toast-failure';
import { useDisplayName } from '@/lib/use-display-name';
import { useSpeaking } from '@/lib/use-speaking';
import { cn } from '@/lib/utils';
import { useVoiceParticipants, voiceParticipantsKey } from '../api/get-voice-participants';
import { joinVoice } from '../api/join-voice';
import { leaveVoice } from '../api/leave-voice';
import { updateVoiceParticipant } from '../api/update-voice-participant';
import { useVoiceMesh } from '../hooks/use-voice-mesh';
import { useVoiceSpeaking } from '../hooks/use-voice-speaking';

/** docs/product.md §4: the microphone with echo cancellation, noise suppression and auto gain; no video. */
const MIC_CONSTRAINTS: MediaStreamConstraints = {
  audio: { echoCancellation: true, noiseSuppression: true, autoGainControl: true },
  video: false,
};

/**
 * docs/product.md §2.5: a voice channel shows this panel instead of the chat; a public channel or a group
 * shows it in its voice chat dialog (`chat`), with the same participants, mute and deafen.
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
        joined: t('voice.chat.joined'),
        left: t('voice.chat.left'),
      }
    : {
        title: t('voice.title'),
        notJoined: t('voice.notJoined'),
        participants: t('voice.participants'),
        empty: t('voice.empty'),
        joined: t('voice.joined'),
        left: t('voice.left'),
      };
  const nameOf = useDisplayName();
  const queryClient = useQueryClient();
  const { user } = useCurrentUser();
  const participants = useVoiceParticipants(channel.id);
  const [mic, setMic] = useState<MediaStream | null>(null);
  const [me, setMe] = useState<VoiceParticipant | null>(null);
  const [busy, setBusy] = useState(false);
  const { streams, mode } = useVoiceMesh(channel.id, user?.id ?? '', mic);
  const { heard, speaking: selfSpeaking } = useVoiceSpeaking(
    channel.id,
    me ? mic : null,
    Boolean(me?.isMuted),
  );
  const refresh = () =>
    queryClient.invalidateQueries({ queryKey: voiceParticipantsKey(channel.id) });

  // Leaving the screen leaves the channel.
  const live = useRef<{ mic: MediaStream | null; joined: boolean }>({ mic: null, joined: false });
  live.current = { mic, joined: me !== null };
  useEffect(() => {
    const handlePageHide = () => {
      if (live.current.joined) void leaveVoice(channel.id);
    };
    window.addEventListener('pagehide', handlePageHide);
    return () => window.removeEventListener('pagehide', handlePageHide);
  }, [channel.id]);
  useEffect(
    () => () => {
      for (const track of live.current.mic?.getTracks() ?? []) track.stop();
      if (live.current.joined) void leaveVoice(channel.id);
    },
    [channel.id],
  );

  const handleJoin = async () => {
    setBusy(true);
    try {
      const stream = await navigator.mediaDevices?.getUserMedia(MIC_CONSTRAINTS).catch(() => null);
      if (!stream) {
        toast({
          variant: 'destructive',
          title: t('voice.errorTitle'),
          description: t('voice.micError'),
        });
        return;
      }
      try {
        setMe(await joinVoice(channel.id));
        setMic(stream);
        toast({ title: copy.joined, description: channel.name });
      } catch (error) {
        for (const track of stream.getTracks()) track.stop();
        toastFailure(error, t('voice.errorTitle'), t('voice.joinError'));
      }
    } finally {
      setBusy(false);
      void refresh();
    }
  };

  const handleLeave = async () => {
    for (const track of mic?.getTracks() ?? []) track.stop();
    setMic(null);
    setMe(null);
    await leaveVoice(channel.id);
    toast({ title: copy.left, description: channel.name });
    void refresh();
  };

  const toggle = async (patch: { isMuted?: boolean; isDeafened?: boolean }) => {
    if (!me) return;
    const next = { ...me, ...patch, ...(patch.isDeafened ? { isMuted: true } : {}) };
    for (const track of mic?.getAudioTracks() ?? []) track.enabled = !next.isMuted;
    setMe(next);
    await updateVoiceParticipant(me.id, patch).catch(() => undefined);
    void refresh();
  };

  const list = participants.data ?? [];
  return (
    <div className="mx-auto grid w-full max-w-2xl content-start gap-5 p-4 sm:p-6">
      <header className="flex flex-wrap items-center justify-between gap-3">
        <div className="flex items-center gap-3">
          <span className="flex size-10 items-center justify-center rounded-xl bg-primary/15 text-primary">
            <Volume2Icon aria-hidden className="size-5" />
          </span>
          <div>
            <h2 className="font-semibold">{copy.title}</h2>
            <p className="text-muted-foreground text-sm" role="status">
              {me ? t('voice.connected') : copy.notJoined}
            </p>
            {me && mode === 'mesh' && (participants.data?.length ?? 0) > MESH_MAX_PARTICIPANTS ? (
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
              onClick={() => toggle({ isMuted: !me.isMuted })}
            >
              {me.isMuted ? <MicOffIcon aria-hidden /> : <MicIcon aria-hidden />}
            </Button>
            <Button
              type="button"
              variant={me.isDeafened ? 'destructive' : 'secondary'}
              aria-pressed={me.isDeafened}
              aria-label={me.isDeafened ? t('voice.undeafen') : t('voice.deafen')}
              onClick={() =>
                toggle(me.isDeafened ? { isDeafened: false, isMuted: false } : { isDeafened: true })
              }
            >
              {me.isDeafened ? <HeadphoneOffIcon aria-hidden /> : <HeadphonesIcon aria-hidden />}
            </Button>
            <Button type="button" variant="destructive" onClick={handleLeave}>
              <PhoneOffIcon aria-hidden />
              {t('voice.leave')}
            </Button>
          </div>
        ) : (
          <Button type="button" onClick={handleJoin} disabled={busy}>
            {busy ? (
              <Loader2Icon aria-hidden className="animate-spin" />
            ) : (
              <Volume2Icon aria-hidden />
            )}
            {t('voice.join')}
          </Button>
        )}
      </header>
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
            {list.map((p) => (
              <VoiceRow
                key={p.id}
                participant={p}
                name={nameOf(p.user)}
                label={
                  p.userId === user?.id ? t('voice.you', { name: nameOf(p.user) }) : nameOf(p.user)
                }
                // Their voice as this page receives it, and what their page told the channel;
                // one's own microphone is already read by useVoiceSpeaking.
                stream={p.userId === user?.id ? null : streams.get(p.userId)}
                heard={p.userId === user?.id ? selfSpeaking : heard.get(p.userId) === true}
              />
            ))}
          </ul>
        )}
      </section>
      {[...streams].map(([peer, stream]) => (
        <RemoteAudio key={peer} stream={stream} muted={Boolean(me?.isDeafened)} />
      ))}
    </div>
  );
}

/** docs/product.md §4: deafening mutes all remote audio. */
function RemoteAudio({ stream, muted }: { stream: MediaStream; muted: boolean }) {
  const audio = useRef<HTMLAudioElement>(null);
  useEffect(() => {
    if (audio.current) audio.current.srcObject = stream;
  }, [stream]);
  return <audio ref={audio} autoPlay muted={muted} className="hidden" />;
}

/** One person in the voice chat; lit while they speak (docs/calls.md, "Indicateurs de parole"). */
function VoiceRow({
  participant,
  name,
  label,
  stream,
  heard,
}: {
  participant: VoiceParticipant;
  name: string;
  /** What the row says: the name, or "(vous)" after one's own. */
  label: string;
  stream: MediaStream | null | undefined;
  /** Their page said they speak (or, for one's own row, one's microphone does). */
  heard: boolean;
}) {
  const { t } = useTranslation();
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
