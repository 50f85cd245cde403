import { PinIcon } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ChannelWithMembers } from '#shared/channels';
import { Button } from '@/components/ui/button';
import { Popover, PopoverContent, PopoverTrigger } from '@/components/ui/popover';
import { usePins } from '../api/pins';

// The list loads when the popover first opens; the button and its count come with the header.
const PinsList = lazy(() => import('./pins-list').then((module) => ({ default: module.PinsList })));

/**
 * The channel header's pins (docs/product.md, "Messages épinglés et enregistrés"): a pin and
 * how many, opening the list; each opens the channel at its message.
 */
export function PinsButton({ channel }: { channel: ChannelWithMembers }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const query = usePins(channel.id);
  const pins = query.data?.pins ?? [];
  const label = t('pins.button', { count: pins.length });
  return (
    <Popover open={open} onOpenChange={setOpen}>
      <PopoverTrigger asChild>
        <Button
          variant="ghost"
          size="sm"
          aria-label={label}
          title={label}
          className="gap-1 px-2 text-muted-foreground"
          data-testid="pins-button"
        >
          <PinIcon aria-hidden />
          {pins.length > 0 ? (
            <span aria-hidden className="text-xs tabular-nums">
              {pins.length}
            </span>
          ) : null}
        </Button>
      </PopoverTrigger>
      <PopoverContent
        align="end"
        className="grid max-h-[min(28rem,70dvh)] w-[min(24rem,calc(100vw-1.5rem))] grid-rows-[auto_1fr] gap-2 p-2"
      >
        <h2 className="px-2 pt-1 font-semibold text-sm">{t('pins.title')}</h2>
        <div className="min-h-0 overflow-y-auto">
          <Suspense fallback={null}>
            <PinsList channelId={channel.id} onOpen={() => setOpen(false)} />
          </Suspense>
        </div>
      </PopoverContent>
    </Popover>
  );
}
