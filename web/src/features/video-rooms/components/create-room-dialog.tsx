import { zodResolver } from '@hookform/resolvers/zod';
import { Loader2Icon } from 'lucide-react';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import {
  ROOM_DEFAULT_EXPIRY_HOURS,
  ROOM_EXPIRY_CHOICES,
  ROOM_PARTICIPANTS_DEFAULT,
  ROOM_PARTICIPANTS_MAX,
  ROOM_PARTICIPANTS_MIN,
  RoomCreateSchema,
} from '#shared/video-rooms';
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
import { toastFailure } from '@/lib/toast-failure';
import { useMediaMode } from '@/lib/use-media-mode';
import { useCreateVideoRoom } from '../api/create-video-room';

type RoomForm = z.input<typeof RoomCreateSchema>;
type RoomValues = z.output<typeof RoomCreateSchema>;

// docs/product.md §5 and §9: max participants defaults to 10, guests are allowed on new rooms.
const DEFAULTS = {
  name: '',
  description: '',
  allowGuests: true,
  lobbyEnabled: false,
  maxParticipants: ROOM_PARTICIPANTS_DEFAULT,
} satisfies RoomForm;

const HOUR_MS = 3600 * 1000;
/** The catalogue keys of the form's two switches (label, then its hint with `Hint`). */
const SWITCH_COPY = { allowGuests: 'allowGuests', lobbyEnabled: 'lobby' } as const;
type ExpiryChoice = `${(typeof ROOM_EXPIRY_CHOICES)[number]}`;

export function CreateRoomDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation();
  const media = useMediaMode();
  const create = useCreateVideoRoom();
  const [expiry, setExpiry] = useState<ExpiryChoice>(`${ROOM_DEFAULT_EXPIRY_HOURS}`);
  const form = useForm<RoomForm, unknown, RoomValues>({
    resolver: zodResolver(RoomCreateSchema),
    defaultValues: DEFAULTS,
  });
  const { errors } = form.formState;

  const handleOpenChange = (next: boolean) => {
    if (!next && !create.isPending) form.reset(DEFAULTS);
    onOpenChange(next);
  };

  const handleSubmit = form.handleSubmit((values) => {
    const expiresAt =
      expiry === 'null' ? null : new Date(Date.now() + Number(expiry) * HOUR_MS).toISOString();
    create.mutate(
      { ...values, expiresAt },
      {
        onSuccess: (room) => {
          form.reset(DEFAULTS);
          onOpenChange(false);
          toast({ title: t('videoRooms.toast.created'), description: room.name });
        },
        onError: (error) =>
          toastFailure(error, t('videoRooms.toast.errorTitle'), t('videoRooms.toast.createError')),
      },
    );
  });

  const fieldError = (key: 'name' | 'description' | 'maxParticipants') =>
    errors[key]?.message ? (
      <p id={`room-${key}-error`} role="alert" className="text-destructive text-xs">
        {errors[key]?.message}
      </p>
    ) : null;

  return (
    <Dialog open={open} onOpenChange={handleOpenChange}>
      <DialogContent className="sm:max-w-lg">
        <DialogHeader>
          <DialogTitle>{t('videoRooms.create.title')}</DialogTitle>
          <DialogDescription>{t('videoRooms.create.description')}</DialogDescription>
        </DialogHeader>
        <form onSubmit={handleSubmit} noValidate className="grid gap-4">
          <div className="grid gap-2">
            <Label htmlFor="room-name">{t('videoRooms.create.name')}</Label>
            <Input
              id="room-name"
              autoFocus
              placeholder={t('videoRooms.create.namePlaceholder')}
              aria-invalid={Boolean(errors.name)}
              {...form.register('name')}
            />
            {fieldError('name')}
          </div>
          <div className="grid gap-2">
            <Label htmlFor="room-description">
              {t('videoRooms.create.descriptionLabel')}{' '}
              <span className="text-muted-foreground">({t('common.optional')})</span>
            </Label>
            <Textarea id="room-description" rows={3} {...form.register('description')} />
            {fieldError('description')}
          </div>
          <div className="grid gap-4 sm:grid-cols-2">
            <div className="grid gap-2">
              <Label htmlFor="room-max">{t('videoRooms.create.maxParticipants')}</Label>
              <Input
                id="room-max"
                type="number"
                min={ROOM_PARTICIPANTS_MIN}
                max={ROOM_PARTICIPANTS_MAX}
                aria-invalid={Boolean(errors.maxParticipants)}
                {...form.register('maxParticipants', { valueAsNumber: true })}
              />
              {fieldError('maxParticipants')}
              {media.data?.mode === 'mesh' ? (
                <p className="text-muted-foreground text-xs" data-testid="room-mesh-limit">
                  {t('videoRooms.create.meshLimit', { max: media.data.participantLimit })}
                </p>
              ) : null}
            </div>
            <div className="grid gap-2">
              <Label htmlFor="room-expiry">{t('videoRooms.create.expiry')}</Label>
              <select
                id="room-expiry"
                value={expiry}
                onChange={(event) => setExpiry(event.target.value as ExpiryChoice)}
                className="h-9 rounded-md border border-input bg-transparent px-3 text-sm shadow-xs outline-none focus-visible:ring-2 focus-visible:ring-ring"
              >
                {ROOM_EXPIRY_CHOICES.map((hours) => (
                  <option key={`${hours}`} value={`${hours}`} className="bg-popover">
                    {t(`videoRooms.create.expiryChoice.${hours ?? 'never'}`)}
                  </option>
                ))}
              </select>
            </div>
          </div>
          {(['allowGuests', 'lobbyEnabled'] as const).map((name) => (
            <div
              key={name}
              className="flex items-center justify-between gap-4 rounded-lg border p-3"
            >
              <Label htmlFor={`room-${name}`} className="grid gap-1">
                <span>{t(`videoRooms.create.${SWITCH_COPY[name]}`)}</span>
                <span className="font-normal text-muted-foreground text-xs">
                  {t(`videoRooms.create.${SWITCH_COPY[name]}Hint`)}
                </span>
              </Label>
              <Controller
                control={form.control}
                name={name}
                render={({ field }) => (
                  <Switch
                    id={`room-${name}`}
                    checked={field.value}
                    onCheckedChange={field.onChange}
                  />
                )}
              />
            </div>
          ))}
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => handleOpenChange(false)}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" disabled={create.isPending}>
              {create.isPending ? <Loader2Icon aria-hidden className="animate-spin" /> : null}
              {t('videoRooms.create.submit')}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
