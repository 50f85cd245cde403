import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { SlotSearchInput, SlotSearchResult } from '#shared/calendar-slots';
import { apiRequest } from '@/lib/api';

export const SLOTS_KEY = ['/api/calendar/slots'] as const;

/** POST /api/calendar/slots: the first slots free for the caller and the people asked. */
export const findSlots = (input: SlotSearchInput): Promise<SlotSearchResult> =>
  apiRequest<SlotSearchResult>('POST', '/api/calendar/slots', input);

/** The proposals for this search, asked again whenever it changes (people, duration, range). */
export const useSlots = (input: SlotSearchInput | null) =>
  useQuery({
    queryKey: [...SLOTS_KEY, input],
    queryFn: () => findSlots(input!),
    enabled: input !== null,
    placeholderData: keepPreviousData,
    staleTime: 0,
    retry: false,
  });
