import { useEffect, useState } from 'react';

/** A level (RMS, 0–1) above which a voice counts as speaking. */
const SPEAKING_RMS = 0.015;
/** How long it stays lit after the last loud sample: the gaps between words do not blink. */
const HOLD_MS = 400;
const SAMPLE_MS = 100;

let shared: AudioContext | undefined;

/**
 * Whether someone is speaking on this stream (docs/calls.md, "Indicateurs de parole"): the
 * level of its first audio track over each 100 ms, read through an AnalyserNode of one
 * AudioContext for the page. Each reading covers all the audio since the last one, not a
 * 10 ms glimpse of it: a short sound between two readings still counts. A track switched
 * off (muted) never speaks. Nothing is played: the analyser is connected to no output.
 */
export function useSpeaking(stream: MediaStream | null | undefined): boolean {
  const [speaking, setSpeaking] = useState(false);
  const track = stream?.getAudioTracks()[0];
  useEffect(() => {
    if (!track || typeof AudioContext === 'undefined') return;
    shared ??= new AudioContext();
    const context = shared;
    // Joining a call is a click, so the page may start audio (autoplay rules).
    void context.resume().catch(() => undefined);
    const source = context.createMediaStreamSource(new MediaStream([track]));
    const analyser = context.createAnalyser();
    // The window holds a reading's interval with room for a late timer (8,192 samples at
    // 48 kHz: 171 ms).
    analyser.fftSize = 2 ** Math.ceil(Math.log2((context.sampleRate * SAMPLE_MS * 1.5) / 1000));
    source.connect(analyser);
    const samples = new Float32Array(analyser.fftSize);
    let lastRead = performance.now();
    let lastLoud = Number.NEGATIVE_INFINITY;
    let lit = false;
    const timer = setInterval(() => {
      const now = performance.now();
      const fresh = Math.min(
        samples.length,
        Math.max(1, Math.round(((now - lastRead) * context.sampleRate) / 1000)),
      );
      lastRead = now;
      analyser.getFloatTimeDomainData(samples);
      let sum = 0;
      for (const sample of samples.subarray(samples.length - fresh)) sum += sample * sample;
      if (track.enabled && Math.sqrt(sum / fresh) > SPEAKING_RMS) lastLoud = now;
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
