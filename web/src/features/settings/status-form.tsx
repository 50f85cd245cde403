import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { STATUS_MESSAGE_MAX, USER_STATUSES, type UserStatus } from '#shared/limits';
import { type StatusUpdateInput, StatusUpdateSchema, type User } from '#shared/users';
import { FormField } from '@/components/form-field';
import { Button } from '@/components/ui/button';
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from '@/components/ui/select';
import { Textarea } from '@/components/ui/textarea';
import { toast } from '@/components/ui/use-toast';
import { useUpdateCurrentUser } from '@/features/auth';
import { isUnauthorized } from '@/lib/api';
import { applyServerErrors } from '@/lib/form-errors';
import { cn } from '@/lib/utils';

const DOT: Record<UserStatus, string> = {
  online: 'bg-online',
  away: 'bg-away',
  offline: 'bg-offline',
};

/** docs/product.md §5: online, away or offline, and an optional message of at most 200 characters. */
export function StatusForm({ user }: { user: User }) {
  const { t } = useTranslation();
  const update = useUpdateCurrentUser();
  const form = useForm<StatusUpdateInput>({
    resolver: zodResolver(StatusUpdateSchema),
    values: { status: user.status, statusMessage: user.statusMessage ?? '' },
  });
  const { errors, isDirty } = form.formState;
  const message = form.watch('statusMessage') ?? '';

  const handleSubmit = form.handleSubmit((input) => {
    update.mutate(
      { status: input.status, statusMessage: input.statusMessage || null },
      {
        onSuccess: () =>
          toast({
            title: t('settings.toast.profileUpdatedTitle'),
            description: t('settings.toast.statusUpdated'),
          }),
        onError: (err) => {
          // docs/product.md §8: a 401 already has its toast and redirect (lib/query-client.ts).
          if (isUnauthorized(err)) return;
          applyServerErrors(err, form.setError, ['status', 'statusMessage']);
          toast({
            variant: 'destructive',
            title: t('settings.toast.errorTitle'),
            description: t('settings.toast.updateFailed'),
          });
        },
      },
    );
  });

  return (
    <form noValidate onSubmit={handleSubmit} className="grid gap-4">
      <FormField
        id="settings-status"
        label={t('settings.status.label')}
        error={errors.status?.message}
      >
        <Controller
          control={form.control}
          name="status"
          render={({ field }) => (
            <Select value={field.value} onValueChange={field.onChange}>
              <SelectTrigger id="settings-status" className="sm:w-64" onBlur={field.onBlur}>
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                {USER_STATUSES.map((status) => (
                  <SelectItem key={status} value={status}>
                    <span aria-hidden className={cn('size-2.5 rounded-full', DOT[status])} />
                    {t(`common.status.${status}`)}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          )}
        />
      </FormField>
      <FormField
        id="settings-status-message"
        label={t('settings.status.message')}
        error={errors.statusMessage?.message}
        hint={t('common.charCount', { count: message.length, max: STATUS_MESSAGE_MAX })}
      >
        <Textarea
          id="settings-status-message"
          rows={3}
          placeholder={t('settings.status.messagePlaceholder')}
          aria-invalid={Boolean(errors.statusMessage)}
          {...form.register('statusMessage')}
        />
      </FormField>
      <div className="flex justify-end">
        <Button type="submit" disabled={update.isPending || !isDirty}>
          {update.isPending ? t('common.saving') : t('settings.status.submit')}
        </Button>
      </div>
    </form>
  );
}
