/**
 * The call sounds, made with WebAudio (no asset): the ringtone of an incoming call and the
 * ringback the caller hears while it rings. Both loop until stopped; a browser that blocks
 * audio before a gesture on the page stays silent (the dialog still shows the call).
 */
export interface Tone {
  stop(): void;
}

interface Beep {
  /** Seconds from the start of the pattern. */
  at: number;
  duration: number;
  frequencies: number[];
}

function play(pattern: Beep[], periodS: number, volume: number): Tone {
  const AudioContextClass =
    window.AudioContext ??
    (window as unknown as { webkitAudioContext?: typeof AudioContext }).webkitAudioContext;
  if (!AudioContextClass) return { stop() {} };
  let context: AudioContext;
  try {
    context = new AudioContextClass();
  } catch {
    return { stop() {} };
  }
  void context.resume().catch(() => undefined);
  const master = context.createGain();
  master.gain.value = volume;
  master.connect(context.destination);

  let stopped = false;
  const schedule = (start: number) => {
    for (const beep of pattern) {
      const gain = context.createGain();
      gain.connect(master);
      const t0 = start + beep.at;
      const t1 = t0 + beep.duration;
      // Short ramps: no clicks.
      gain.gain.setValueAtTime(0, t0);
      gain.gain.linearRampToValueAtTime(1 / beep.frequencies.length, t0 + 0.02);
      gain.gain.setValueAtTime(1 / beep.frequencies.length, t1 - 0.03);
      gain.gain.linearRampToValueAtTime(0, t1);
      for (const frequency of beep.frequencies) {
        const osc = context.createOscillator();
        osc.frequency.value = frequency;
        osc.connect(gain);
        osc.start(t0);
        osc.stop(t1);
      }
    }
  };
  let next = context.currentTime + 0.05;
  schedule(next);
  const timer = window.setInterval(() => {
    if (stopped) return;
    // Keep one period scheduled ahead.
    if (context.currentTime > next - 0.5) {
      next += periodS;
      schedule(next);
    }
  }, 250);
  return {
    stop() {
      if (stopped) return;
      stopped = true;
      window.clearInterval(timer);
      void context.close().catch(() => undefined);
    },
  };
}

/** Incoming call: a bright two-note chime, twice, every 3 s. */
export const playRingtone = (): Tone =>
  play(
    [
      { at: 0, duration: 0.18, frequencies: [880] },
      { at: 0.2, duration: 0.18, frequencies: [1175] },
      { at: 0.5, duration: 0.18, frequencies: [880] },
      { at: 0.7, duration: 0.18, frequencies: [1175] },
    ],
    3,
    0.25,
  );

/** The caller's ringback: the European 425 Hz tone, 1.5 s on, 3.5 s off. */
export const playRingback = (): Tone =>
  play([{ at: 0, duration: 1.5, frequencies: [425] }], 5, 0.12);
