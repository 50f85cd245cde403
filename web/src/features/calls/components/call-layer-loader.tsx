import { lazy, Suspense } from 'react';

// Loaded right after the shell, not with it: the first load of the channel view stays as it
// was. A call that rang before it arrived is found again by the resume it sends on mount.
const CallLayer = lazy(() =>
  import('./call-layer').then((module) => ({ default: module.CallLayer })),
);

/** The call layer of the signed-in shell (docs/calls.md, "The web app"). */
export function CallLayerLoader({ userId }: { userId: string }) {
  return (
    <Suspense fallback={null}>
      <CallLayer userId={userId} />
    </Suspense>
  );
}
