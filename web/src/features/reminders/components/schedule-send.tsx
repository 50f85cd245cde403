import { CalendarClockIcon, ChevronDownIcon } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { toast } from '@/components/ui/use-toast';
import { ApiError } from '@/lib/api';
import type { ComposerPlace } from '@/lib/message-extensions';
import { toastFailure } from '@/lib/toast-failure';
import { useCreateScheduled } from '../api/reminders';
import { formatWhen, toLocalInput } from '../lib/format';

interface ScheduleSendProps extends ComposerPlace {
  text: string;
  disabled: boolean;
  done: () => void;
}

/** « Programmer l’envoi » beside the send button: tomorrow 9:00, next Monday, or a chosen time. */
export function ScheduleSend({
  channelId,
  parentMessageId,
  text,
  disabled,
  done,
}: ScheduleSendProps) {
  const { t } = useTranslation();
  const create = useCreateScheduled();
  const [choosing, setChoosing] = useState(false);

  const schedule = (when: { when?: string; at?: string }, onError?: (message: string) => void) =>
    create.mutate(
      { channelId, parentMessageId, content: text, ...when },
      {
        onSuccess: (scheduled) => {
          toast({ title: t('scheduled.created', { when: formatWhen(scheduled.dueAt) }) });
          setChoosing(false);
          done();
        },
        onError: (err) => {
          if (onError) onError(err instanceof ApiError ? err.message : t('scheduled.createFailed'));
          else toastFailure(err, t('scheduled.createFailed'), t('scheduled.createFailed'));
        },
      },
    );

  return (
    <>
      <DropdownMenu>
        <DropdownMenuTrigger asChild>
          <button
            type="button"
            disabled={disabled || create.isPending}
            aria-label={t('scheduled.menu')}
            title={t('scheduled.menu')}
            className="-ml-2.5 grid h-8 w-6 cursor-pointer place-items-center rounded-lg bg-primary/85 text-primary-foreground shadow-sm transition hover:bg-primary/90 disabled:cursor-default disabled:bg-muted disabled:text-muted-foreground"
          >
            <ChevronDownIcon className="size-3.5" aria-hidden />
          </button>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end" side="top">
          <DropdownMenuItem onSelect={() => schedule({ when: 'demain 9h' })}>
            <CalendarClockIcon aria-hidden />
            {t('scheduled.tomorrow9')}
          </DropdownMenuItem>
          <DropdownMenuItem onSelect={() => schedule({ when: 'lundi 9h' })}>
            <CalendarClockIcon aria-hidden />
            {t('scheduled.monday9')}
          </DropdownMenuItem>
          <DropdownMenuItem onSelect={() => setChoosing(true)}>
            <CalendarClockIcon aria-hidden />
            {t('scheduled.choose')}
          </DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
      {choosing ? (
        <ChooseTimeDialog
          pending={create.isPending}
          onClose={() => setChoosing(false)}
          onChoose={(when, onError) => schedule(when, onError)}
        />
      ) : null}
    </>
  );
}

/** A time to send at: from the date picker, or written in French (« lundi 14h »). */
export function ChooseTimeDialog({
  pending,
  onClose,
  onChoose,
  initial,
  titleKey = 'scheduled.chooseTitle',
}: {
  pending: boolean;
  onClose: () => void;
  onChoose: (when: { when?: string; at?: string }, onError: (message: string) => void) => void;
  initial?: Date;
  titleKey?: string;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [local, setLocal] = useState(() =>
    toLocalInput(initial ?? new Date(Date.now() + 60 * 60 * 1000)),
  );
  const [phrase, setPhrase] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    if (phrase.trim()) onChoose({ when: phrase.trim() }, setError);
    else if (local) onChoose({ at: new Date(local).toISOString() }, setError);
  };
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="sm:max-w-md">
        <form onSubmit={submit} className="grid gap-4">
          <DialogHeader>
            <DialogTitle>{t(titleKey)}</DialogTitle>
            <DialogDescription>{t('scheduled.chooseDescription')}</DialogDescription>
          </DialogHeader>
          <div className="grid gap-2">
            <Label htmlFor={`${id}-at`}>{t('scheduled.dateLabel')}</Label>
            <Input
              id={`${id}-at`}
              type="datetime-local"
              value={local}
              onChange={(e) => setLocal(e.target.value)}
            />
          </div>
          <div className="grid gap-2">
            <Label htmlFor={`${id}-phrase`}>{t('scheduled.phraseLabel')}</Label>
            <Input
              id={`${id}-phrase`}
              value={phrase}
              maxLength={100}
              onChange={(e) => setPhrase(e.target.value)}
              placeholder={t('reminders.customPlaceholder')}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${id}-error` : undefined}
            />
          </div>
          {error ? (
            <p id={`${id}-error`} role="alert" className="text-destructive text-sm">
              {error}
            </p>
          ) : null}
          <DialogFooter>
            <Button type="button" variant="ghost" onClick={onClose}>
              {t('reminders.cancel')}
            </Button>
            <Button type="submit" disabled={pending || (!local && !phrase.trim())}>
              {t('scheduled.confirm')}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
