import {
  HeadphoneOffIcon,
  HeadphonesIcon,
  Loader2Icon,
  MicIcon,
  MicOffIcon,
  MonitorOffIcon,
  MonitorUpIcon,
  PhoneOffIcon,
  SignalHighIcon,
  SignalLowIcon,
  SignalMediumIcon,
  Volume2Icon,
} from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/utils';
import {
  acceptRejoinOffer,
  canShareScreen,
  dismissRejoinOffer,
  leaveVoiceChannel,
  toggleDeafen,
  toggleMute,
  toggleScreenShare,
} from '../lib/voice-actions';
import { useVoiceState, type VoiceQuality } from '../lib/voice-store';

export type VoiceBarVariant = 'sidebar' | 'mobile' | 'floating';

const QUALITY_ICON = { good: SignalHighIcon, fair: SignalMediumIcon, poor: SignalLowIcon };
const QUALITY_CLASS = { good: 'text-emerald-500', fair: 'text-amber-500', poor: 'text-red-500' };

/**
 * The voice bar (docs/calls.md, "Salons vocaux"): while in voice, on every page — at the
 * bottom of the sidebar, compact above the phone's bottom navigation, floating on the pages
 * without a sidebar. The channel's name (a link to it), the connection's quality, mute,
 * deafen, share one's screen (where the browser can), leave. After a reload, it offers to
 * rejoin.
 */
export function VoiceBarView({
  variant,
  onNavigate,
}: {
  variant: VoiceBarVariant;
  onNavigate?: () => void;
}) {
  const { t } = useTranslation();
  const { status, channel, me, quality, rejoinOffer, screen } = useVoiceState();
  const frame = (children: ReactNode) => (
    <section
      aria-label={t('voice.bar.label')}
      data-voice-bar={variant}
      className={cn(
        'border-t bg-sidebar/95 backdrop-blur',
        variant === 'sidebar' && 'grid gap-1 p-2',
        variant === 'mobile' &&
          'fixed inset-x-0 bottom-[calc(4rem+env(safe-area-inset-bottom))] z-30 flex items-center gap-2 px-3 py-1.5 md:hidden',
        variant === 'floating' &&
          'fixed bottom-4 left-[84px] z-30 hidden w-72 gap-1 rounded-xl border p-2 shadow-lg md:grid',
      )}
    >
      {children}
    </section>
  );

  if (status === 'idle') {
    if (!rejoinOffer) return null;
    return frame(
      <div className="flex w-full flex-wrap items-center justify-end gap-1.5">
        <p className="min-w-0 flex-1 basis-40 px-1 text-sm">
          {t('voice.bar.rejoinPrompt', { name: rejoinOffer.name })}
        </p>
        <div className="flex shrink-0 gap-1.5">
          <Button type="button" size="sm" onClick={acceptRejoinOffer}>
            {t('voice.bar.rejoin')}
          </Button>
          <Button type="button" size="sm" variant="ghost" onClick={dismissRejoinOffer}>
            {t('voice.bar.dismiss')}
          </Button>
        </div>
      </div>,
    );
  }

  const statusText =
    status === 'joining'
      ? t('voice.bar.joining')
      : status === 'reconnecting'
        ? t('voice.bar.reconnecting')
        : t('voice.bar.connected');
  const muted = Boolean(me?.isMuted);
  const deafened = Boolean(me?.isDeafened);
  // In the sidebar and floating, the toggles have a row of their own under the channel's
  // name (which they would otherwise cut short); on the phone, one row.
  const row = variant === 'mobile';
  const toggle = row ? undefined : 'flex-1';
  const toggles = (
    <>
      <Button
        type="button"
        size="icon"
        className={toggle}
        variant={muted ? 'destructive' : 'ghost'}
        aria-pressed={muted}
        aria-label={muted ? t('voice.unmute') : t('voice.mute')}
        title={muted ? t('voice.unmute') : t('voice.mute')}
        disabled={!me || deafened}
        onClick={toggleMute}
      >
        {muted ? <MicOffIcon aria-hidden /> : <MicIcon aria-hidden />}
      </Button>
      <Button
        type="button"
        size="icon"
        className={toggle}
        variant={deafened ? 'destructive' : 'ghost'}
        aria-pressed={deafened}
        aria-label={deafened ? t('voice.undeafen') : t('voice.deafen')}
        title={deafened ? t('voice.undeafen') : t('voice.deafen')}
        disabled={!me}
        onClick={toggleDeafen}
      >
        {deafened ? <HeadphoneOffIcon aria-hidden /> : <HeadphonesIcon aria-hidden />}
      </Button>
      {canShareScreen() ? (
        <Button
          type="button"
          size="icon"
          className={toggle}
          variant={screen ? 'secondary' : 'ghost'}
          aria-pressed={screen !== null}
          aria-label={screen ? t('voice.screen.stop') : t('voice.screen.share')}
          title={screen ? t('voice.screen.stop') : t('voice.screen.share')}
          disabled={!me}
          onClick={() => void toggleScreenShare()}
        >
          {screen ? <MonitorOffIcon aria-hidden /> : <MonitorUpIcon aria-hidden />}
        </Button>
      ) : null}
    </>
  );
  const leave = (
    <Button
      type="button"
      size="icon"
      variant="destructive"
      className="shrink-0"
      aria-label={t('voice.bar.leave')}
      title={t('voice.bar.leave')}
      onClick={() => leaveVoiceChannel()}
    >
      <PhoneOffIcon aria-hidden />
    </Button>
  );
  const info = (
    <div className="flex min-w-0 flex-1 items-center gap-2 px-1">
      <QualityIcon status={status} quality={quality} />
      <div className="grid min-w-0 leading-tight">
        <span
          role="status"
          className={cn(
            'truncate font-medium text-xs',
            status === 'connected' ? 'text-emerald-500' : 'text-amber-500',
          )}
        >
          {statusText}
        </span>
        {channel ? (
          <Link
            href={`/channel/${channel.id}`}
            onClick={onNavigate}
            className="flex min-w-0 items-center gap-1 truncate text-muted-foreground text-xs hover:text-foreground hover:underline"
          >
            <Volume2Icon aria-hidden className="size-3 shrink-0" />
            <span className="truncate">{channel.name}</span>
          </Link>
        ) : null}
      </div>
    </div>
  );
  if (row)
    return frame(
      <>
        {info}
        <div className="flex shrink-0 items-center gap-0.5">
          {toggles}
          {leave}
        </div>
      </>,
    );
  return frame(
    <>
      <div className="flex items-center gap-1">
        {info}
        {leave}
      </div>
      <div className="flex items-center gap-1">{toggles}</div>
    </>,
  );
}

function QualityIcon({ status, quality }: { status: string; quality: VoiceQuality | null }) {
  const { t } = useTranslation();
  if (status === 'joining' || status === 'reconnecting' || !quality) {
    return <Loader2Icon aria-hidden className="size-4 shrink-0 animate-spin text-amber-500" />;
  }
  const Icon = QUALITY_ICON[quality];
  const label = t(`voice.bar.quality.${quality}`);
  return (
    <Icon
      role="img"
      aria-label={label}
      data-quality={quality}
      className={cn('size-4 shrink-0', QUALITY_CLASS[quality])}
    >
      <title>{label}</title>
    </Icon>
  );
}
