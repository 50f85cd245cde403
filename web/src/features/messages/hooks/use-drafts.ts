import { useCallback, useSyncExternalStore } from 'react';
import { useCurrentUser } from '@/features/auth';
import { draftsSnapshot, hasDraft, subscribeDrafts } from '../lib/drafts';

const NONE: ReadonlyMap<string, string> = new Map();

/**
 * Whether a channel has an unsent draft, for the sidebar's pencil (as in Slack). Re-renders
 * only when a channel gains or loses its draft, not at each keystroke.
 */
export function useHasDraft(): (channelId: string) => boolean {
  const { user } = useCurrentUser();
  const userId = user?.id ?? null;
  const drafts = useSyncExternalStore(subscribeDrafts, () =>
    userId ? draftsSnapshot(userId) : NONE,
  );
  return useCallback((channelId: string) => hasDraft(drafts, channelId), [drafts]);
}
