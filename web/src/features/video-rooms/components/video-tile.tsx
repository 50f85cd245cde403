import { MicOffIcon, UserIcon } from 'lucide-react';
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
}

export function VideoTile({ name, stream, self, muted, cameraOff, label }: VideoTileProps) {
  const video = useRef<HTMLVideoElement>(null);
  useEffect(() => {
    if (video.current && video.current.srcObject !== stream) video.current.srcObject = stream;
  }, [stream]);
  const showVideo = Boolean(stream?.getVideoTracks().length) && !cameraOff;
  // The active speaker's tile is outlined (docs/calls.md, "Indicateurs de parole").
  const speaking = useSpeaking(stream) && !muted;
  return (
    <figure
      aria-label={label}
      data-speaking={speaking}
      className={cn(
        'relative flex aspect-video min-h-0 items-center justify-center overflow-hidden rounded-xl bg-muted ring-offset-2 ring-offset-background transition-shadow',
        speaking && 'ring-2 ring-primary',
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
        <span className="flex size-16 items-center justify-center rounded-full bg-primary/20 text-primary">
          <UserIcon aria-hidden className="size-8" />
        </span>
      )}
      <figcaption className="absolute bottom-2 left-2 flex max-w-[85%] items-center gap-1 truncate rounded-md bg-black/60 px-2 py-0.5 text-white text-xs">
        {muted ? <MicOffIcon aria-hidden className="size-3" /> : null}
        {name}
      </figcaption>
    </figure>
  );
}
