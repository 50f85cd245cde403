import { useQueryClient } from '@tanstack/react-query';
import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EVENT_TITLE_MAX } from '#shared/calendar';
import {
  SLOT_DURATION_MAX_MINUTES,
  SLOT_DURATION_MIN_MINUTES,
  SLOT_STEP_MINUTES,
  type Slot,
  type SlotPerson,
  slotLabel,
} from '#shared/calendar-slots';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { toast } from '@/components/ui/use-toast';
import { toastFailure } from '@/lib/toast-failure';
import { cn } from '@/lib/utils';
import { useCreateEvent } from '../api/create-event';
import { SLOTS_KEY, useSlots } from '../api/find-slots';
import { dayInput, type SlotRangeChoice, slotRange } from '../lib/slot-range';
import { SlotPeople } from './slot-people';

export interface SlotFinderDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The caller, always in the meeting. */
  me: SlotPerson;
  /** The others at first (a conversation's members); removable. */
  initialPeople: SlotPerson[];
  /** The conversation the meeting is announced in, when opened from one. */
  channelId?: string;
  initialTitle?: string;
}

const DURATIONS = [30, 60] as const;
const RANGES: SlotRangeChoice[] = ['thisWeek', 'nextWeek', 'custom'];

/** A chip of a one-of-several choice (duration, period): a toggle button, pressed when chosen. */
function Chip({
  pressed,
  onClick,
  children,
}: {
  pressed: boolean;
  onClick: () => void;
  children: React.ReactNode;
}) {
  return (
    <Button
      type="button"
      size="sm"
      variant={pressed ? 'secondary' : 'outline'}
      aria-pressed={pressed}
      onClick={onClick}
      className={cn('rounded-full', pressed && 'ring-1 ring-primary/60')}
    >
      {children}
    </Button>
  );
}

/**
 * « Trouver un créneau » (docs/product.md, "Trouver un créneau"): the people, a duration and a
 * period; the first slots free for everyone as buttons; the one picked booked for all with
 * « Réserver », announced in the conversation it was opened from.
 */
export function SlotFinderDialog(props: SlotFinderDialogProps) {
  const { open, onOpenChange, me, channelId } = props;
  const { t } = useTranslation();
  const id = useId();
  const queryClient = useQueryClient();
  const [people, setPeople] = useState(props.initialPeople);
  const [duration, setDuration] = useState<number | 'custom'>(30);
  const [customMinutes, setCustomMinutes] = useState('45');
  const [range, setRange] = useState<SlotRangeChoice>('thisWeek');
  const [custom, setCustom] = useState(() => ({ from: dayInput(new Date()), to: '' }));
  const [picked, setPicked] = useState<Slot | null>(null);
  const [title, setTitle] = useState(props.initialTitle ?? t('slotFinder.defaultTitle'));
  const createEvent = useCreateEvent();

  const minutes = duration === 'custom' ? Number(customMinutes) : duration;
  const validMinutes =
    Number.isInteger(minutes) &&
    minutes >= SLOT_DURATION_MIN_MINUTES &&
    minutes <= SLOT_DURATION_MAX_MINUTES;
  // The period is computed once per choice, not per render (thisWeek starts now).
  const period = useMemo(() => slotRange(range, new Date(), custom), [range, custom]);
  const search =
    open && validMinutes && period
      ? {
          userIds: people.map((p) => p.userId),
          durationMinutes: minutes,
          from: period.from.toISOString(),
          to: period.to.toISOString(),
          ...(channelId ? { channelId } : {}),
        }
      : null;
  const slots = useSlots(search);
  const proposals = slots.data?.slots ?? [];
  const chosen = picked && proposals.some((s) => s.start === picked.start) ? picked : null;

  const handleBook = (e: React.FormEvent) => {
    e.preventDefault();
    if (!chosen || !title.trim()) return;
    createEvent.mutate(
      {
        title: title.trim(),
        startTime: chosen.start,
        endTime: chosen.end,
        attendeeIds: people.map((p) => p.userId),
        ...(channelId ? { channelId } : {}),
      },
      {
        onSuccess: () => {
          toast({
            title: t('slotFinder.booked'),
            description: slotLabel(new Date(chosen.start), new Date(chosen.end)),
          });
          void queryClient.invalidateQueries({ queryKey: SLOTS_KEY });
          onOpenChange(false);
        },
        onError: (error) =>
          toastFailure(error, t('calendar.toast.errorTitle'), t('slotFinder.bookError')),
      },
    );
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[92dvh] overflow-y-auto sm:max-w-lg">
        <DialogHeader>
          <DialogTitle>{t('slotFinder.title')}</DialogTitle>
          <DialogDescription>{t('slotFinder.description')}</DialogDescription>
        </DialogHeader>
        <form onSubmit={handleBook} noValidate className="grid gap-5">
          <section className="grid gap-2">
            <h3 id={`${id}-people`} className="font-medium text-sm">
              {t('slotFinder.people')}
            </h3>
            <SlotPeople me={me} people={people} onChange={setPeople} labelId={`${id}-people`} />
          </section>

          <fieldset className="grid gap-2">
            <legend className="mb-2 font-medium text-sm">{t('slotFinder.duration')}</legend>
            <div className="flex flex-wrap items-center gap-1.5">
              {DURATIONS.map((d) => (
                <Chip key={d} pressed={duration === d} onClick={() => setDuration(d)}>
                  {t(`slotFinder.durations.${d}`)}
                </Chip>
              ))}
              <Chip pressed={duration === 'custom'} onClick={() => setDuration('custom')}>
                {t('slotFinder.durations.custom')}
              </Chip>
              {duration === 'custom' ? (
                <Input
                  type="number"
                  aria-label={t('slotFinder.customMinutes')}
                  min={SLOT_DURATION_MIN_MINUTES}
                  max={SLOT_DURATION_MAX_MINUTES}
                  step={SLOT_STEP_MINUTES}
                  value={customMinutes}
                  onChange={(e) => setCustomMinutes(e.target.value)}
                  className="h-8 w-24"
                />
              ) : null}
            </div>
            {validMinutes ? null : (
              <p role="alert" className="text-destructive text-xs">
                {t('slotFinder.durationHint')}
              </p>
            )}
          </fieldset>

          <fieldset className="grid gap-2">
            <legend className="mb-2 font-medium text-sm">{t('slotFinder.range')}</legend>
            <div className="flex flex-wrap gap-1.5">
              {RANGES.map((r) => (
                <Chip key={r} pressed={range === r} onClick={() => setRange(r)}>
                  {t(`slotFinder.ranges.${r}`)}
                </Chip>
              ))}
            </div>
            {range === 'custom' ? (
              <div className="flex flex-wrap gap-2">
                <Input
                  type="date"
                  aria-label={t('slotFinder.rangeFrom')}
                  value={custom.from}
                  onChange={(e) => setCustom((c) => ({ ...c, from: e.target.value }))}
                  className="w-auto flex-1 dark:[color-scheme:dark]"
                />
                <Input
                  type="date"
                  aria-label={t('slotFinder.rangeTo')}
                  value={custom.to}
                  onChange={(e) => setCustom((c) => ({ ...c, to: e.target.value }))}
                  className="w-auto flex-1 dark:[color-scheme:dark]"
                />
              </div>
            ) : null}
            {range === 'custom' && custom.to && !period ? (
              <p role="alert" className="text-destructive text-xs">
                {t('slotFinder.rangeHint')}
              </p>
            ) : null}
          </fieldset>

          <fieldset className="grid gap-2" aria-busy={slots.isFetching}>
            <legend className="mb-2 font-medium text-sm">{t('slotFinder.proposals')}</legend>
            <Proposals
              loading={search !== null && slots.isPending}
              error={slots.isError ? slots.error : null}
              proposals={search ? proposals : []}
              chosen={chosen}
              onPick={setPicked}
            />
            <p className="text-muted-foreground text-xs">{t('slotFinder.privacyNote')}</p>
          </fieldset>

          <div className="grid gap-2">
            <Label htmlFor={`${id}-title`}>{t('slotFinder.meetingTitle')}</Label>
            <Input
              id={`${id}-title`}
              value={title}
              maxLength={EVENT_TITLE_MAX}
              autoComplete="off"
              onChange={(e) => setTitle(e.target.value)}
            />
          </div>

          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" disabled={!chosen || !title.trim() || createEvent.isPending}>
              {createEvent.isPending ? t('slotFinder.booking') : t('slotFinder.book')}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

function Proposals({
  loading,
  error,
  proposals,
  chosen,
  onPick,
}: {
  loading: boolean;
  error: Error | null;
  proposals: Slot[];
  chosen: Slot | null;
  onPick: (slot: Slot) => void;
}) {
  const { t } = useTranslation();
  if (loading) {
    return (
      <p role="status" className="text-muted-foreground text-sm">
        {t('slotFinder.searching')}
      </p>
    );
  }
  if (error) {
    return (
      <p role="alert" className="text-destructive text-sm">
        {error.message || t('slotFinder.searchError')}
      </p>
    );
  }
  if (proposals.length === 0) {
    return <p className="text-muted-foreground text-sm">{t('slotFinder.none')}</p>;
  }
  return (
    <ul className="grid gap-1.5" aria-label={t('slotFinder.proposals')}>
      {proposals.map((slot) => {
        const pressed = chosen?.start === slot.start;
        return (
          <li key={slot.start}>
            <Button
              type="button"
              variant={pressed ? 'secondary' : 'outline'}
              aria-pressed={pressed}
              onClick={() => onPick(slot)}
              className={cn('w-full justify-start', pressed && 'ring-2 ring-primary')}
            >
              {slotLabel(new Date(slot.start), new Date(slot.end))}
            </Button>
          </li>
        );
      })}
    </ul>
  );
}
