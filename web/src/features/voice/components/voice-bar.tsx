import { lazy, Suspense } from 'react';
import { useVoiceState } from '../lib/voice-store';
import type { VoiceBarVariant } from './voice-bar-view';

// Loaded when first shown (in voice, or a reload's offer), not with the shell.
const VoiceBarView = lazy(() =>
  import('./voice-bar-view').then((module) => ({ default: module.VoiceBarView })),
);

/** Whether the voice bar shows (in voice, or a reload's offer to rejoin): the layout makes room. */
export function useVoiceBarShown(): boolean {
  return useVoiceState((s) => s.status !== 'idle' || s.rejoinOffer !== null);
}

/**
 * The voice bar (docs/calls.md, "Salons vocaux") while in voice, on every page: at the bottom
 * of the sidebar, compact above the phone's bottom navigation, floating on the pages without
 * a sidebar.
 */
export function VoiceBar(props: { variant: VoiceBarVariant; onNavigate?: () => void }) {
  if (!useVoiceBarShown()) return null;
  return (
    <Suspense fallback={null}>
      <VoiceBarView {...props} />
    </Suspense>
  );
}
