import { AlarmClockIcon } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Message } from '#shared/messages';
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
import { ApiError } from '@/lib/api';
import { useCreateReminder } from '../api/reminders';
import { formatWhen } from '../lib/format';

/** The quick choices, sent as French phrases the server reads in the person's zone. */
export const REMINDER_PRESETS = [
  { when: 'dans 20 minutes', labelKey: 'reminders.presets.in20' },
  { when: 'dans 1 heure', labelKey: 'reminders.presets.in1h' },
  { when: 'demain 9h', labelKey: 'reminders.presets.tomorrow9' },
] as const;

/** « Me le rappeler » on a message: a quick choice, or a time written in French. */
export function RemindDialog({ message, onClose }: { message: Message; onClose: () => void }) {
  const { t } = useTranslation();
  const id = useId();
  const create = useCreateReminder();
  const [when, setWhen] = useState('');
  const [error, setError] = useState<string | null>(null);

  const remind = (phrase: string) => {
    setError(null);
    create.mutate(
      { messageId: message.id, when: phrase },
      {
        onSuccess: (reminder) => {
          toast({ title: t('reminders.created', { when: formatWhen(reminder.dueAt) }) });
          onClose();
        },
        onError: (err) =>
          setError(err instanceof ApiError ? err.message : t('reminders.createFailed')),
      },
    );
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (when.trim()) remind(when.trim());
  };

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="sm:max-w-md">
        <DialogHeader>
          <DialogTitle>{t('reminders.dialogTitle')}</DialogTitle>
          <DialogDescription>{t('reminders.dialogDescription')}</DialogDescription>
        </DialogHeader>
        <div className="grid gap-2">
          {REMINDER_PRESETS.map((preset) => (
            <Button
              key={preset.when}
              type="button"
              variant="outline"
              className="justify-start"
              disabled={create.isPending}
              onClick={() => remind(preset.when)}
            >
              <AlarmClockIcon aria-hidden />
              {t(preset.labelKey)}
            </Button>
          ))}
        </div>
        <form onSubmit={submit} className="grid gap-2">
          <Label htmlFor={`${id}-when`}>{t('reminders.customLabel')}</Label>
          <div className="flex gap-2">
            <Input
              id={`${id}-when`}
              value={when}
              onChange={(e) => setWhen(e.target.value)}
              placeholder={t('reminders.customPlaceholder')}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${id}-error` : undefined}
              maxLength={100}
            />
            <Button type="submit" disabled={!when.trim() || create.isPending}>
              {t('reminders.customSubmit')}
            </Button>
          </div>
          {error ? (
            <p id={`${id}-error`} role="alert" className="text-destructive text-sm">
              {error}
            </p>
          ) : null}
        </form>
        <DialogFooter>
          <Button type="button" variant="ghost" onClick={onClose}>
            {t('reminders.cancel')}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
