import type { ComposerNoticeProps } from '@/lib/message-extensions';
import { useAvailability } from '../api/availability';
import { AwayBanner } from './away-banner';

/**
 * Asks whether the draft's recipients are in their working time (as a direct conversation
 * opens, once an @mention rests) and warns about those who are not.
 */
export function AwayNotice(props: ComposerNoticeProps) {
  const availability = useAvailability(props.recipients);
  const away =
    availability.data?.items.filter(
      (item) => !item.available && props.recipients.includes(item.userId),
    ) ?? [];
  if (away.length === 0) return null;
  return (
    <AwayBanner {...props} away={away} urgentAllowed={availability.data?.urgentAllowed ?? false} />
  );
}
