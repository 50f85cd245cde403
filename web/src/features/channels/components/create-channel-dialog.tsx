import { zodResolver } from '@hookform/resolvers/zod';
import { RadioGroup } from 'radix-ui';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import type { z } from 'zod';
import { CHANNEL_NAME_REQUIRED, ChannelCreateSchema } from '#shared/channels';
import { CHANNEL_DESCRIPTION_MAX, CHANNEL_NAME_MAX, CREATABLE_CHANNEL_TYPES } from '#shared/limits';
import { ChannelTypeIcon } from '@/components/channel-type-icon';
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
import { Textarea } from '@/components/ui/textarea';
import { toast } from '@/components/ui/use-toast';
import { isUnauthorized } from '@/lib/api';
import { cn } from '@/lib/utils';
import { useCreateChannel } from '../api/create-channel';

// docs/product.md §5: the route's own schema validates the form (docs/architecture.md: one schema per body).
type CreateChannelForm = z.input<typeof ChannelCreateSchema>;
type CreateChannelValues = z.output<typeof ChannelCreateSchema>;

const DEFAULTS = { type: 'channel', name: '', description: '' } satisfies CreateChannelForm;

interface CreateChannelDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

export function CreateChannelDialog({ open, onOpenChange }: CreateChannelDialogProps) {
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  const createChannel = useCreateChannel();
  const form = useForm<CreateChannelForm, unknown, CreateChannelValues>({
    resolver: zodResolver(ChannelCreateSchema),
    defaultValues: DEFAULTS,
  });
  const { errors } = form.formState;

  const handleOpenChange = (next: boolean) => {
    if (!next && !createChannel.isPending) form.reset(DEFAULTS);
    onOpenChange(next);
  };

  const handleSubmit = form.handleSubmit((values) => {
    createChannel.mutate(
      { ...values, description: values.description || undefined },
      {
        onSuccess: (channel) => {
          form.reset(DEFAULTS);
          onOpenChange(false);
          toast({
            title: t('channels.create.successTitle'),
            description: t('channels.create.success', { name: channel.name }),
          });
          navigate(`/channel/${channel.id}`);
        },
        onError: (error) => {
          // 401 is handled once for every mutation: destructive toast, then sign-in (docs/product.md §8).
          if (isUnauthorized(error)) return;
          toast({
            variant: 'destructive',
            title: t('channels.errorTitle'),
            description: t('channels.channel_create_error'),
          });
        },
      },
    );
  });

  const fieldError = (key: 'name' | 'description') => {
    const message = errors[key]?.message;
    if (!message) return null;
    return (
      <p id={`create-channel-${key}-error`} role="alert" className="text-destructive text-xs">
        {/* docs/product.md §5: the required message comes from the catalogue key. */}
        {message === CHANNEL_NAME_REQUIRED ? t('channels.channel_name_required') : message}
      </p>
    );
  };

  return (
    <Dialog open={open} onOpenChange={handleOpenChange}>
      <DialogContent className="sm:max-w-lg">
        <DialogHeader>
          <DialogTitle>{t('channels.create.title')}</DialogTitle>
          <DialogDescription>{t('channels.create.description')}</DialogDescription>
        </DialogHeader>
        <form onSubmit={handleSubmit} noValidate className="grid gap-5">
          <fieldset className="grid gap-2">
            <legend className="mb-2 font-medium text-sm">{t('channels.create.typeLabel')}</legend>
            <Controller
              control={form.control}
              name="type"
              render={({ field }) => (
                <RadioGroup.Root
                  value={field.value}
                  onValueChange={field.onChange}
                  className="grid gap-2 sm:grid-cols-3"
                >
                  {CREATABLE_CHANNEL_TYPES.map((type) => (
                    <RadioGroup.Item
                      key={type}
                      value={type}
                      aria-describedby={`channel-type-hint-${type}`}
                      className={cn(
                        'group flex cursor-pointer items-start gap-3 rounded-lg border p-3 text-left outline-none transition-colors hover:bg-accent/60 focus-visible:ring-2 focus-visible:ring-ring sm:flex-col sm:gap-2',
                        'data-[state=checked]:border-primary data-[state=checked]:bg-primary/10',
                      )}
                    >
                      <span className="flex size-8 shrink-0 items-center justify-center rounded-md bg-muted text-muted-foreground group-data-[state=checked]:bg-primary/20 group-data-[state=checked]:text-primary">
                        <ChannelTypeIcon type={type} className="size-4" />
                      </span>
                      <span className="grid gap-0.5">
                        <span className="font-medium text-sm">{t(`channels.types.${type}`)}</span>
                        <span
                          id={`channel-type-hint-${type}`}
                          className="text-muted-foreground text-xs leading-snug"
                        >
                          {t(`channels.typeHints.${type}`)}
                        </span>
                      </span>
                    </RadioGroup.Item>
                  ))}
                </RadioGroup.Root>
              )}
            />
          </fieldset>
          <div className="grid gap-2">
            <Label htmlFor="create-channel-name">{t('channels.create.nameLabel')}</Label>
            <Input
              id="create-channel-name"
              autoComplete="off"
              maxLength={CHANNEL_NAME_MAX}
              placeholder={t('channels.create.namePlaceholder')}
              aria-invalid={errors.name ? true : undefined}
              aria-describedby={errors.name ? 'create-channel-name-error' : undefined}
              {...form.register('name')}
            />
            {fieldError('name')}
          </div>
          <div className="grid gap-2">
            <Label htmlFor="create-channel-description">
              {t('channels.create.descriptionLabel')}
              <span className="font-normal text-muted-foreground text-xs">
                ({t('common.optional')})
              </span>
            </Label>
            <Textarea
              id="create-channel-description"
              rows={3}
              maxLength={CHANNEL_DESCRIPTION_MAX}
              placeholder={t('channels.create.descriptionPlaceholder')}
              className="min-h-0 resize-none"
              aria-invalid={errors.description ? true : undefined}
              aria-describedby={errors.description ? 'create-channel-description-error' : undefined}
              {...form.register('description')}
            />
            {fieldError('description')}
          </div>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => handleOpenChange(false)}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" disabled={createChannel.isPending}>
              {createChannel.isPending
                ? t('channels.create.submitting')
                : t('channels.create.submit')}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
