import { CalendarClockIcon } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ChannelWithMembers } from '#shared/channels';
import { IconButton } from '@/components/ui/icon-button';
import { useCurrentUser } from '@/features/auth';
import { useDisplayName } from '@/lib/use-display-name';
import { useOpenedOnce } from '@/lib/use-opened-once';

// The dialog (and the directory search it uses) loads when first opened.
const SlotFinderDialog = lazy(() =>
  import('./slot-finder-dialog').then((module) => ({ default: module.SlotFinderDialog })),
);

/**
 * « Trouver un créneau » in a conversation's header (docs/product.md, "Trouver un créneau"):
 * the finder with the conversation's members, the meeting announced there.
 */
export function SlotFinderButton({ channel }: { channel: ChannelWithMembers }) {
  const { t } = useTranslation();
  const { user } = useCurrentUser();
  const nameOf = useDisplayName();
  const [open, setOpen] = useState(false);
  const openedOnce = useOpenedOnce(open);
  if (!user) return null;
  const others = channel.members
    .filter((m) => m.userId !== user.id && !m.user.deactivated)
    .map((m) => ({ userId: m.userId, displayName: nameOf(m.user) }));
  return (
    <>
      <IconButton
        type="button"
        label={t('slotFinder.open')}
        title={t('slotFinder.open')}
        onClick={() => setOpen(true)}
      >
        <CalendarClockIcon aria-hidden />
      </IconButton>
      {openedOnce ? (
        <Suspense fallback={null}>
          <SlotFinderDialog
            // A new dialog each time it opens: the members as they are now.
            key={String(open)}
            open={open}
            onOpenChange={setOpen}
            me={{ userId: user.id, displayName: nameOf(user) }}
            initialPeople={others}
            channelId={channel.id}
          />
        </Suspense>
      ) : null}
    </>
  );
}
