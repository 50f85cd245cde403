import { useEffect, useState } from 'react';

/** A waveform's level (RMS, 0–1) above which a voice counts as speaking. */
const SPEAKING_RMS = 0.015;
/** How long it stays lit after the last loud sample: the gaps between words do not blink. */
const HOLD_MS = 400;
const SAMPLE_MS = 100;

let shared: AudioContext | undefined;

/**
 * Whether someone is speaking on this stream (docs/calls.md, "Indicateurs de parole"): the
 * level of its first audio track, sampled 10 times a second through an AnalyserNode of one
 * AudioContext for the page. A track switched off (muted) never speaks. Nothing is played:
 * the analyser is connected to no output.
 */
export function useSpeaking(stream: MediaStream | null | undefined): boolean {
  const [speaking, setSpeaking] = useState(false);
  const track = stream?.getAudioTracks()[0];
  useEffect(() => {
    if (!track || typeof AudioContext === 'undefined') return;
    shared ??= new AudioContext();
    const context = shared;
    void context.resume().catch(() => undefined);
    const source = context.createMediaStreamSource(new MediaStream([track]));
    const analyser = context.createAnalyser();
    analyser.fftSize = 512;
    source.connect(analyser);
    const samples = new Float32Array(analyser.fftSize);
    let lastLoud = Number.NEGATIVE_INFINITY;
    let lit = false;
    const timer = setInterval(() => {
      analyser.getFloatTimeDomainData(samples);
      let sum = 0;
      for (const sample of samples) sum += sample * sample;
      const now = performance.now();
      if (track.enabled && Math.sqrt(sum / samples.length) > SPEAKING_RMS) lastLoud = now;
      const next = now - lastLoud < HOLD_MS;
      if (next !== lit) {
        lit = next;
        setSpeaking(next);
      }
    }, SAMPLE_MS);
    return () => {
      clearInterval(timer);
      source.disconnect();
      setSpeaking(false);
    };
  }, [track]);
  return speaking;
}
