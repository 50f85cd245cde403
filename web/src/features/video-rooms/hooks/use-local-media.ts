import { useEffect, useState } from 'react';

export type LocalMedia =
  | { state: 'pending' }
  /**
   * Camera and microphone, or whichever of them could be had; null: none (receive only).
   * `denied`: the person (or the app's settings) refused them — NotAllowedError — which the
   * room says in its own words (docs/calls.md, "L’application mobile").
   */
  | { state: 'ready'; stream: MediaStream | null; failed: boolean; denied: boolean };

/** The camera and microphone for the room, asked once; stopped when the call screen goes. */
export function useLocalMedia(): LocalMedia {
  const [media, setMedia] = useState<LocalMedia>({ state: 'pending' });
  useEffect(() => {
    let stream: MediaStream | null = null;
    let gone = false;
    let denied = false;
    const ask = async (constraints: MediaStreamConstraints) =>
      navigator.mediaDevices?.getUserMedia(constraints).catch((err: unknown) => {
        const name = (err as { name?: string } | null)?.name;
        if (name === 'NotAllowedError' || name === 'SecurityError') denied = true;
        return null;
      }) ?? null;
    void (async () => {
      stream =
        (await ask({
          audio: { echoCancellation: true, noiseSuppression: true },
          // 720p where the camera has it: the browser then sends all three simulcast sizes
          // (1280, 640 and 320 px wide); from 640×480 it makes only the two largest
          // (docs/calls.md, "Salles à plusieurs").
          video: { width: { ideal: 1280 }, height: { ideal: 720 } },
        })) ?? (await ask({ audio: true }));
      if (gone) {
        for (const track of stream?.getTracks() ?? []) track.stop();
        return;
      }
      setMedia({
        state: 'ready',
        stream,
        failed: !stream || stream.getVideoTracks().length === 0,
        denied: denied && !stream,
      });
    })();
    return () => {
      gone = true;
      for (const track of stream?.getTracks() ?? []) track.stop();
    };
  }, []);
  return media;
}
