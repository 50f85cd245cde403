import { Maximize2Icon, MonitorUpIcon } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { VoiceParticipant } from '#shared/voice';
import { Button } from '@/components/ui/button';
import { useDisplayName } from '@/lib/use-display-name';
import { useVoiceState } from '../lib/voice-store';

/**
 * The screens shared in a voice channel (docs/calls.md, "Salons vocaux"), above its list of
 * participants: each sharer's screen as this page receives it, one's own as the others see
 * it. Outside the voice, a line says who shares, and that joining shows it.
 */
export function VoiceScreens({
  participants,
  here,
  userId,
}: {
  participants: VoiceParticipant[];
  /** This page is in this channel's voice (it receives the screens). */
  here: boolean;
  userId: string | undefined;
}) {
  const { t } = useTranslation();
  const nameOf = useDisplayName();
  const { streams, screen } = useVoiceState();
  const sharers = participants.filter((p) => p.isSharingScreen);
  if (sharers.length === 0) return null;
  if (!here) {
    return (
      <ul className="grid gap-1">
        {sharers.map((p) => (
          <li
            key={p.id}
            className="flex items-center gap-2 rounded-lg border border-dashed px-3 py-2 text-muted-foreground text-sm"
          >
            <MonitorUpIcon aria-hidden className="size-4 shrink-0 text-red-500" />
            {t('voice.screen.joinToWatch', { name: nameOf(p.user) })}
          </li>
        ))}
      </ul>
    );
  }
  return (
    <section aria-label={t('voice.screen.title')} className="grid gap-3">
      {sharers.map((p) =>
        p.userId === userId ? (
          <SharedScreen key={p.id} stream={screen} label={t('voice.screen.yours')} />
        ) : (
          <SharedScreen
            key={p.id}
            stream={streams.get(p.userId)}
            label={t('voice.screen.of', { name: nameOf(p.user) })}
          />
        ),
      )}
    </section>
  );
}

function SharedScreen({
  stream,
  label,
}: {
  stream: MediaStream | null | undefined;
  label: string;
}) {
  const { t } = useTranslation();
  const video = useRef<HTMLVideoElement>(null);
  const track = stream?.getVideoTracks()[0] ?? null;
  useEffect(() => {
    const element = video.current;
    if (!element) return;
    // The video alone: the sharer's voice plays from the session (VoiceMedia).
    element.srcObject = track ? new MediaStream([track]) : null;
    if (track) void element.play().catch(() => undefined);
  }, [track]);
  return (
    <figure
      aria-label={label}
      className="group relative overflow-hidden rounded-xl border bg-black"
    >
      <video
        ref={video}
        autoPlay
        playsInline
        muted
        className="aspect-video w-full object-contain"
      />
      <figcaption className="absolute top-2 left-2 flex items-center gap-1.5 rounded-md bg-black/70 px-2 py-0.5 text-white text-xs">
        <span className="rounded-sm bg-red-600 px-1 font-semibold text-[10px] uppercase">
          {t('voice.screen.live')}
        </span>
        {label}
      </figcaption>
      <Button
        type="button"
        size="icon"
        variant="secondary"
        aria-label={t('voice.screen.fullscreen')}
        title={t('voice.screen.fullscreen')}
        className="absolute top-2 right-2 opacity-80 hover:opacity-100 focus-visible:opacity-100"
        onClick={() => void video.current?.requestFullscreen?.().catch(() => undefined)}
      >
        <Maximize2Icon aria-hidden />
      </Button>
    </figure>
  );
}
