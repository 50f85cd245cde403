import {
  MicIcon,
  MicOffIcon,
  PhoneIcon,
  PhoneOffIcon,
  VideoIcon,
  VideoOffIcon,
} from 'lucide-react';
import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { userDisplayName } from '#shared/user-names';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { IconButton } from '@/components/ui/icon-button';
import { toast } from '@/components/ui/use-toast';
import { initials as initialsOf } from '@/components/user-avatar';
import { useSocket } from '@/lib/socket-context';
import { cn } from '@/lib/utils';
import { type CallNotice, CallSession } from '../lib/call-session';
import { type CallRequest, clearCallRequest } from '../lib/call-store';

const DESTRUCTIVE: ReadonlySet<CallNotice> = new Set([
  'permissionDenied',
  'microphoneError',
  'cameraError',
  'failed',
]);

/** A <video> showing a stream (srcObject cannot be set from JSX). */
function StreamVideo({
  stream,
  muted,
  className,
  testId,
}: {
  stream: MediaStream | null;
  muted?: boolean;
  className?: string;
  testId: string;
}) {
  const ref = useRef<HTMLVideoElement>(null);
  useEffect(() => {
    const video = ref.current;
    if (!video || video.srcObject === stream) return;
    video.srcObject = stream;
    if (stream) void video.play().catch(() => undefined);
  }, [stream]);
  return (
    <video
      ref={ref}
      data-testid={testId}
      autoPlay
      playsInline
      muted={muted}
      className={cn('bg-black object-cover', className)}
    />
  );
}

function useElapsed(since: number | null): string {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (since === null) return;
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, [since]);
  if (since === null) return '';
  const total = Math.max(0, Math.floor((now - since) / 1000));
  const m = Math.floor(total / 60);
  const s = total % 60;
  return `${String(m).padStart(2, '0')}:${String(s).padStart(2, '0')}`;
}

/**
 * docs/product.md §2 Video call dialog: calling, incoming (accept or decline), active with
 * mute and camera toggles. Closing it (Esc, the corner button) hangs up or declines.
 */
export function CallDialog({ request }: { request: CallRequest }) {
  const { t } = useTranslation();
  const socket = useSocket();
  const [session] = useState(
    () =>
      new CallSession(
        request,
        (frame) => socket?.send(frame),
        (notice) =>
          toast({
            variant: DESTRUCTIVE.has(notice) ? 'destructive' : 'default',
            title: t(`calls.notice.${notice}.title`),
            description: t(`calls.notice.${notice}.description`),
          }),
        clearCallRequest,
      ),
  );
  useEffect(() => {
    session.start();
    // Leaving the page hangs up, so the other side is not left waiting.
    const leave = () => session.end();
    window.addEventListener('pagehide', leave);
    return () => {
      window.removeEventListener('pagehide', leave);
      session.end();
    };
  }, [session]);
  const snap = useSyncExternalStore(session.subscribe, session.getSnapshot);
  const elapsed = useElapsed(snap.activeSince);
  const name =
    request.kind === 'outgoing'
      ? request.peerName
      : (userDisplayName(request.fromUser) ?? t('common.unknownUser'));
  // The same letters as the person's avatar everywhere else (user-avatar.tsx).
  const initials = initialsOf(name);
  const incoming = snap.phase === 'incoming';
  const status = incoming
    ? t('calls.incoming')
    : snap.phase === 'active'
      ? elapsed
      : t(`calls.phase.${snap.phase}`);

  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : session.end())}>
      <DialogContent
        data-testid="call-dialog"
        data-call-phase={snap.phase}
        className={cn(
          'gap-4 p-4 sm:p-5',
          incoming
            ? 'sm:max-w-sm'
            : 'h-[100dvh] max-h-[100dvh] w-screen max-w-none grid-rows-[auto_minmax(0,1fr)_auto] rounded-none sm:h-auto sm:max-h-[calc(100dvh-2rem)] sm:w-[calc(100%-2rem)] sm:max-w-3xl sm:grid-rows-none sm:rounded-xl',
        )}
        onPointerDownOutside={(event) => event.preventDefault()}
      >
        <div className="grid gap-0.5 pr-8">
          <DialogTitle className="truncate">
            {incoming ? t('calls.incomingTitle', { name }) : t('calls.title', { name })}
          </DialogTitle>
          <DialogDescription aria-live="polite" data-testid="call-status">
            {status}
          </DialogDescription>
        </div>

        {incoming ? (
          <div className="flex flex-col items-center gap-6 py-4">
            <span
              aria-hidden
              className="flex size-20 animate-pulse items-center justify-center rounded-full bg-primary/15 font-semibold text-2xl text-primary"
            >
              {initials}
            </span>
            <div className="flex gap-4">
              <Button
                type="button"
                variant="destructive"
                className="rounded-full px-5"
                onClick={() => session.end()}
              >
                <PhoneOffIcon aria-hidden />
                {t('calls.decline')}
              </Button>
              <Button
                type="button"
                className="rounded-full bg-emerald-600 px-5 text-white hover:bg-emerald-600/90"
                onClick={() => void session.accept()}
                autoFocus
              >
                <PhoneIcon aria-hidden />
                {t('calls.accept')}
              </Button>
            </div>
          </div>
        ) : (
          <>
            <div className="relative min-h-0 flex-1 overflow-hidden rounded-lg bg-black sm:aspect-video sm:flex-none">
              <StreamVideo
                stream={snap.remoteStream}
                testId="remote-video"
                className="absolute inset-0 size-full"
              />
              {snap.phase === 'active' ? null : (
                <div className="absolute inset-0 flex flex-col items-center justify-center gap-3 text-white/80">
                  <span className="flex size-20 animate-pulse items-center justify-center rounded-full bg-white/10 font-semibold text-2xl">
                    {initials}
                  </span>
                  <span className="text-sm">{t(`calls.phase.${snap.phase}`)}</span>
                </div>
              )}
              <StreamVideo
                stream={snap.localStream}
                muted
                testId="local-video"
                className={cn(
                  'absolute right-3 bottom-3 aspect-video w-1/3 max-w-48 -scale-x-100 rounded-md border border-white/20 shadow-lg',
                  snap.cameraOn ? '' : 'invisible',
                )}
              />
            </div>
            <div className="flex items-center justify-center gap-3">
              <IconButton
                type="button"
                variant={snap.micOn ? 'secondary' : 'destructive'}
                className="size-11 rounded-full"
                aria-pressed={!snap.micOn}
                label={snap.micOn ? t('calls.mute') : t('calls.unmute')}
                title={snap.micOn ? t('calls.mute') : t('calls.unmute')}
                onClick={() => session.toggleMic()}
              >
                {snap.micOn ? <MicIcon aria-hidden /> : <MicOffIcon aria-hidden />}
              </IconButton>
              <IconButton
                type="button"
                variant={snap.cameraOn ? 'secondary' : 'destructive'}
                className="size-11 rounded-full"
                disabled={!snap.hasCamera}
                aria-pressed={!snap.cameraOn}
                label={snap.cameraOn ? t('calls.cameraOff') : t('calls.cameraOn')}
                title={snap.cameraOn ? t('calls.cameraOff') : t('calls.cameraOn')}
                onClick={() => session.toggleCamera()}
              >
                {snap.cameraOn ? <VideoIcon aria-hidden /> : <VideoOffIcon aria-hidden />}
              </IconButton>
              <IconButton
                type="button"
                variant="destructive"
                className="size-11 rounded-full"
                label={t('calls.hangUp')}
                title={t('calls.hangUp')}
                onClick={() => session.end()}
              >
                <PhoneOffIcon aria-hidden />
              </IconButton>
            </div>
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}
