/**
 * The pages a visitor signed out opens (web/src/app/router.tsx): sign-in, an invitation, a guest
 * joining a room, a deleted account, a page not found. The build keeps the channel view's chunk
 * out of them (web/vite.config.ts, `channelViewChunk`) and bundle-budget.test.ts checks it, both
 * from this list.
 */
export const PUBLIC_PAGES = [
  'src/features/auth/components/login-page.tsx',
  'src/features/video-rooms/components/join-room-page.tsx',
  'src/features/channels/components/channel-invite-page.tsx',
  'src/features/settings/account-deleted-page.tsx',
  'src/app/not-found-page.tsx',
] as const;
