/**
 * Starts loading a signed-in page's chunks in parallel with the user's request, instead of
 * one after another as each lazy component renders. Same modules as the lazy imports in
 * router.tsx, so each chunk is fetched once. Other paths (sign-in, invite, 404) load alone.
 */
export function preloadSignedInScreens(path: string): void {
  const home = path === '/' || path.startsWith('/channel/');
  if (home) void import('./home-page');
  else if (path === '/settings') void import('./settings-screen');
  else if (path === '/friends') void import('./friends-screen');
  else return;
  void import('./signed-in-shell');
}
