import { format } from 'date-fns';
import { CalendarClockIcon } from 'lucide-react';
import { lazy, Suspense, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type CalendarEvent, EVENT_LOCATION_MAX, EVENT_TITLE_MAX } from '#shared/calendar';
import { ConfirmDialog } from '@/components/confirm-dialog';
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
import { Switch } from '@/components/ui/switch';
import { Textarea } from '@/components/ui/textarea';
import { toast } from '@/components/ui/use-toast';
import { useCurrentUser } from '@/features/auth';
import { toastFailure } from '@/lib/toast-failure';
import { useDisplayName } from '@/lib/use-display-name';
import { useCreateEvent } from '../api/create-event';
import { useDeleteEvent } from '../api/delete-event';
import { useUpdateEvent } from '../api/update-event';
import {
  canSubmit,
  type EventFormValues,
  emptyEventForm,
  endsBeforeStart,
  eventToForm,
  formToInput,
} from '../lib/event-form';
import { ReplacedVersionNote } from './replaced-version-note';

// « Trouver un créneau » loads when first asked for.
const SlotFinderDialog = lazy(() =>
  import('./slot-finder-dialog').then((module) => ({ default: module.SlotFinderDialog })),
);

/** What the dialog is for: a new event (on a day), or an existing one. */
export type EventDialogTarget =
  | {
      kind: 'create';
      day?: Date;
      /** Filled in (a message's date, docs/product.md « Des messages qui deviennent des plans »). */
      start?: Date;
      title?: string;
      description?: string;
    }
  | { kind: 'edit'; event: CalendarEvent };

interface EventDialogProps {
  target: EventDialogTarget | null;
  onClose: () => void;
}

/** A new event's form: on a day, or from a message (a start, an hour long, its text). */
function createForm(target: Extract<EventDialogTarget, { kind: 'create' }>): EventFormValues {
  const form = emptyEventForm(target.start ?? target.day);
  if (!target.start) return form;
  const end = new Date(target.start.getTime() + 60 * 60 * 1000);
  return {
    ...form,
    title: target.title ?? '',
    description: target.description ?? '',
    startTime: format(target.start, 'HH:mm'),
    endDate: format(end, 'yyyy-MM-dd'),
    endTime: format(end, 'HH:mm'),
  };
}

/** docs/product.md §2 and §5: the create and edit dialog (edit adds delete). */
export function EventDialog({ target, onClose }: EventDialogProps) {
  const { t } = useTranslation();
  const id = useId();
  const [values, setValues] = useState<EventFormValues>(emptyEventForm());
  const [confirming, setConfirming] = useState(false);
  /** The title to look for a slot with, while « Trouver un créneau » is open. */
  const [finding, setFinding] = useState<string | null>(null);
  const { user } = useCurrentUser();
  const nameOf = useDisplayName();
  const createEvent = useCreateEvent();
  const updateEvent = useUpdateEvent();
  const deleteEvent = useDeleteEvent();
  const editing = target?.kind === 'edit' ? target.event : null;

  useEffect(() => {
    if (!target) return;
    setValues(target.kind === 'edit' ? eventToForm(target.event) : createForm(target));
  }, [target]);

  const set = <K extends keyof EventFormValues>(key: K, value: EventFormValues[K]) =>
    setValues((v) => ({ ...v, [key]: value }));
  const backwards = endsBeforeStart(values);
  const pending = createEvent.isPending || updateEvent.isPending || deleteEvent.isPending;

  const handleSubmit = (e: React.FormEvent) => {
    e.preventDefault();
    if (!canSubmit(values) || backwards) return;
    const input = formToInput(values);
    const failed = (key: string) => (error: unknown) =>
      toastFailure(error, t('calendar.toast.errorTitle'), t(key));
    if (editing) {
      // An edit clears a description or location emptied in the form.
      const body = { description: null, location: null, ...input };
      updateEvent.mutate(
        { id: editing.id, ...body },
        {
          onSuccess: () => {
            toast({ title: t('calendar.toast.updated') });
            onClose();
          },
          onError: failed('calendar.toast.updateError'),
        },
      );
      return;
    }
    createEvent.mutate(input, {
      onSuccess: () => {
        toast({ title: t('calendar.toast.created') });
        onClose();
      },
      onError: failed('calendar.toast.createError'),
    });
  };

  const handleDelete = async () => {
    if (!editing) return false;
    try {
      await deleteEvent.mutateAsync(editing.id);
    } catch (error) {
      toastFailure(error, t('calendar.toast.errorTitle'), t('calendar.toast.deleteError'));
      return false;
    }
    toast({ title: t('calendar.toast.deleted') });
    onClose();
    return true;
  };

  return (
    <Dialog open={target !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-h-[90dvh] overflow-y-auto sm:max-w-lg">
        <DialogHeader>
          <DialogTitle>
            {editing ? t('calendar.dialog.editTitle') : t('calendar.dialog.createTitle')}
          </DialogTitle>
          <DialogDescription>
            {editing?.taskId
              ? t('calendar.dialog.taskNote')
              : editing
                ? t('calendar.dialog.editDescription')
                : t('calendar.dialog.createDescription')}
          </DialogDescription>
          {editing && editing.attendees.length > 0 ? (
            <p className="text-sm">
              {t('slotFinder.attendees', {
                names: editing.attendees.map((a) => a.displayName).join(', '),
              })}
            </p>
          ) : null}
        </DialogHeader>
        {editing ? <ReplacedVersionNote event={editing} /> : null}
        <form onSubmit={handleSubmit} noValidate className="grid gap-4">
          <div className="grid gap-2">
            <Label htmlFor={`${id}-title`}>{t('calendar.dialog.title')}</Label>
            <Input
              id={`${id}-title`}
              value={values.title}
              maxLength={EVENT_TITLE_MAX}
              autoComplete="off"
              placeholder={t('calendar.dialog.titlePlaceholder')}
              onChange={(e) => set('title', e.target.value)}
            />
          </div>
          <div className="grid gap-2">
            <Label htmlFor={`${id}-description`}>
              {t('calendar.dialog.descriptionLabel')}
              <span className="font-normal text-muted-foreground text-xs">
                ({t('common.optional')})
              </span>
            </Label>
            <Textarea
              id={`${id}-description`}
              rows={3}
              className="min-h-0 resize-none"
              value={values.description}
              onChange={(e) => set('description', e.target.value)}
            />
          </div>
          <div className="flex items-center justify-between gap-4">
            <Label htmlFor={`${id}-all-day`}>{t('calendar.dialog.allDay')}</Label>
            <Switch
              id={`${id}-all-day`}
              checked={values.allDay}
              onCheckedChange={(allDay) => set('allDay', allDay)}
            />
          </div>
          <DateTimeField
            legend={t('calendar.dialog.start')}
            dateLabel={t('calendar.dialog.startDate')}
            timeLabel={t('calendar.dialog.startTime')}
            date={values.startDate}
            time={values.startTime}
            allDay={values.allDay}
            onDate={(v) => set('startDate', v)}
            onTime={(v) => set('startTime', v)}
          />
          <DateTimeField
            legend={t('calendar.dialog.end')}
            dateLabel={t('calendar.dialog.endDate')}
            timeLabel={t('calendar.dialog.endTime')}
            date={values.endDate}
            time={values.endTime}
            allDay={values.allDay}
            onDate={(v) => set('endDate', v)}
            onTime={(v) => set('endTime', v)}
          />
          {backwards ? (
            <p role="alert" className="text-destructive text-xs">
              {t('calendar.dialog.endBeforeStart')}
            </p>
          ) : null}
          <div className="grid gap-2">
            <Label htmlFor={`${id}-location`}>
              {t('calendar.dialog.location')}
              <span className="font-normal text-muted-foreground text-xs">
                ({t('common.optional')})
              </span>
            </Label>
            <Input
              id={`${id}-location`}
              value={values.location}
              maxLength={EVENT_LOCATION_MAX}
              placeholder={t('calendar.dialog.locationPlaceholder')}
              onChange={(e) => set('location', e.target.value)}
            />
          </div>
          <DialogFooter className="gap-2 sm:justify-between">
            {editing ? (
              <Button
                type="button"
                variant="destructive"
                disabled={pending}
                onClick={() => setConfirming(true)}
              >
                {t('calendar.dialog.delete')}
              </Button>
            ) : user ? (
              <Button
                type="button"
                variant="ghost"
                onClick={() => {
                  setFinding(values.title.trim());
                  onClose();
                }}
              >
                <CalendarClockIcon aria-hidden />
                {t('slotFinder.open')}
              </Button>
            ) : (
              <span />
            )}
            <div className="flex flex-col-reverse gap-2 sm:flex-row">
              <Button type="button" variant="outline" onClick={onClose}>
                {t('common.cancel')}
              </Button>
              <Button type="submit" disabled={!canSubmit(values) || backwards || pending}>
                {editing
                  ? updateEvent.isPending
                    ? t('calendar.dialog.saving')
                    : t('calendar.dialog.save')
                  : createEvent.isPending
                    ? t('calendar.dialog.creating')
                    : t('calendar.dialog.create')}
              </Button>
            </div>
          </DialogFooter>
        </form>
      </DialogContent>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={t('calendar.dialog.confirmDelete')}
        description={t('calendar.dialog.confirmDeleteHint')}
        confirmLabel={t('calendar.dialog.delete')}
        pendingLabel={t('calendar.dialog.deleting')}
        destructive={false}
        pending={deleteEvent.isPending}
        onConfirm={handleDelete}
      />
      {finding !== null && user ? (
        <Suspense fallback={null}>
          <SlotFinderDialog
            open
            onOpenChange={(open) => !open && setFinding(null)}
            me={{ userId: user.id, displayName: nameOf(user) }}
            initialPeople={[]}
            initialTitle={finding || undefined}
          />
        </Suspense>
      ) : null}
    </Dialog>
  );
}

interface DateTimeFieldProps {
  legend: string;
  dateLabel: string;
  timeLabel: string;
  date: string;
  time: string;
  allDay: boolean;
  onDate: (value: string) => void;
  onTime: (value: string) => void;
}

/** docs/product.md §2: a date picker plus a time input; picking a date keeps the time (§5). */
function DateTimeField(props: DateTimeFieldProps) {
  return (
    <fieldset className="grid gap-2">
      <legend className="mb-2 font-medium text-sm">{props.legend}</legend>
      <div className="flex gap-2">
        <Input
          type="date"
          aria-label={props.dateLabel}
          value={props.date}
          required
          className="flex-1 dark:[color-scheme:dark]"
          onChange={(e) => props.onDate(e.target.value)}
        />
        {props.allDay ? null : (
          <Input
            type="time"
            aria-label={props.timeLabel}
            value={props.time}
            required
            className="w-32 dark:[color-scheme:dark]"
            onChange={(e) => props.onTime(e.target.value)}
          />
        )}
      </div>
    </fieldset>
  );
}
