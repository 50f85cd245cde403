import { MicOffIcon, PinIcon, PinOffIcon, UserIcon } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { useSpeaking } from '@/lib/use-speaking';
import { cn } from '@/lib/utils';

interface VideoTileProps {
  name: string;
  stream: MediaStream | null;
  /** The local tile: mirrored and silent (no echo of one's own voice). */
  self?: boolean;
  muted?: boolean;
  cameraOff?: boolean;
  label: string;
  /** Told when this tile's voice starts or stops (the stage follows the active speaker). */
  onSpeakingChange?: (speaking: boolean) => void;
  /** A button that puts this tile on the stage, or takes it off (`pinned`). */
  pin?: { pinned: boolean; label: string; onToggle: () => void };
  className?: string;
}

export function VideoTile({
  name,
  stream,
  self,
  muted,
  cameraOff,
  label,
  onSpeakingChange,
  pin,
  className,
}: VideoTileProps) {
  const video = useRef<HTMLVideoElement>(null);
  useEffect(() => {
    const element = video.current;
    if (!element || element.srcObject === stream) return;
    element.srcObject = stream;
    // autoplay alone leaves an element paused when a new stream interrupts the last play()
    // (a second track arriving): play it again; a refusal leaves it as it was.
    if (stream) void element.play().catch(() => undefined);
  }, [stream]);
  const showVideo = Boolean(stream?.getVideoTracks().length) && !cameraOff;
  // The active speaker's tile is outlined (docs/calls.md, "Indicateurs de parole").
  const speaking = useSpeaking(stream) && !muted;
  const told = useRef(onSpeakingChange);
  told.current = onSpeakingChange;
  useEffect(() => told.current?.(speaking), [speaking]);
  // A tile that goes (its seat left, or the layout moved it) no longer speaks.
  useEffect(() => () => told.current?.(false), []);
  return (
    <figure
      aria-label={label}
      data-speaking={speaking}
      className={cn(
        'group relative flex aspect-video min-h-0 items-center justify-center overflow-hidden rounded-xl bg-muted ring-offset-2 ring-offset-background transition-shadow',
        speaking && 'ring-2 ring-primary',
        className,
      )}
    >
      <video
        ref={video}
        autoPlay
        playsInline
        muted={self}
        className={cn(
          'size-full object-cover',
          self && 'scale-x-[-1]',
          !showVideo && 'invisible absolute',
        )}
      />
      {showVideo ? null : (
        <span className="flex size-16 max-h-[60%] items-center justify-center rounded-full bg-primary/20 text-primary">
          <UserIcon aria-hidden className="size-8 max-h-[70%]" />
        </span>
      )}
      <figcaption className="absolute bottom-2 left-2 flex max-w-[85%] items-center gap-1 truncate rounded-md bg-black/60 px-2 py-0.5 text-white text-xs">
        {muted ? <MicOffIcon aria-hidden className="size-3" /> : null}
        {name}
      </figcaption>
      {pin ? (
        <button
          type="button"
          onClick={pin.onToggle}
          aria-pressed={pin.pinned}
          aria-label={pin.label}
          title={pin.label}
          className={cn(
            'absolute top-2 right-2 rounded-md bg-black/60 p-1.5 text-white opacity-0 transition-opacity focus-visible:opacity-100 focus-visible:outline-2 focus-visible:outline-primary group-hover:opacity-100 [@media(hover:none)]:opacity-100',
            pin.pinned && 'opacity-100',
          )}
        >
          {pin.pinned ? (
            <PinOffIcon aria-hidden className="size-4" />
          ) : (
            <PinIcon aria-hidden className="size-4" />
          )}
        </button>
      ) : null}
    </figure>
  );
}
