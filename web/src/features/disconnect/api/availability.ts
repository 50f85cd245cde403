import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { AVAILABILITY_USERS_MAX, type AvailabilityList } from '#shared/disconnect';
import { apiRequest } from '@/lib/api';

/** Typing an @mention asks once the draft rests this long. */
const DEBOUNCE_MS = 400;
/** Someone's hours change rarely: asked again after a minute, or when the tab comes back. */
const STALE_MS = 60_000;

export const availabilityKey = (userIds: readonly string[]) =>
  ['disconnect', 'availability', ...userIds] as const;

/** POST /api/disconnect/availability: who of these is outside their working time, and until when. */
export const fetchAvailability = (userIds: readonly string[]) =>
  apiRequest<AvailabilityList>('POST', '/api/disconnect/availability', { userIds });

/** The last value that stayed unchanged for `ms` (the first one at once). */
function useSettled(value: string, ms: number): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

/**
 * The availability of a draft's recipients (the other person of a direct conversation: asked
 * as it opens; the people a channel draft @mentions: once the typing rests), cached per set.
 */
export function useAvailability(userIds: readonly string[]) {
  const ids = [...new Set(userIds)].sort().slice(0, AVAILABILITY_USERS_MAX).join(',');
  const settled = useSettled(ids, DEBOUNCE_MS);
  const list = settled ? settled.split(',') : [];
  return useQuery({
    queryKey: availabilityKey(list),
    queryFn: () => fetchAvailability(list),
    enabled: list.length > 0,
    staleTime: STALE_MS,
    // While the next set is asked, the last answer stands (filtered by the caller): no flicker.
    placeholderData: keepPreviousData,
  });
}
