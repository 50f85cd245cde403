/**
 * Starts loading a signed-in page's chunks in parallel with the user's request, instead of
 * one after another as each lazy component renders. Same modules as the lazy imports in
 * router.tsx, so each chunk is fetched once. Only the channel view, where nearly every visit
 * starts: each preload puts its chunks' names in the entry (Vite's preload lists), and the
 * settings and friends screens' lists had grown to 0.75 KB of the signed-out landing page's
 * budget (bundle-budget.test.ts). Other paths load when the router reaches them.
 */
export function preloadSignedInScreens(path: string): void {
  if (path !== '/' && !path.startsWith('/channel/')) return;
  void import('./home-page');
  void import('./signed-in-shell');
}
