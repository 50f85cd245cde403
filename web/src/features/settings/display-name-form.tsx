import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { type DisplayNameUpdateInput, DisplayNameUpdateSchema, type User } from '#shared/users';
import { FormField } from '@/components/form-field';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { toast } from '@/components/ui/use-toast';
import { useUpdateCurrentUser } from '@/features/auth';
import { isUnauthorized } from '@/lib/api';
import { applyServerErrors } from '@/lib/form-errors';

export function DisplayNameForm({ user }: { user: User }) {
  const { t } = useTranslation();
  const update = useUpdateCurrentUser();
  const form = useForm<DisplayNameUpdateInput>({
    resolver: zodResolver(DisplayNameUpdateSchema),
    values: { displayName: user.displayName ?? '' },
  });
  const error = form.formState.errors.displayName?.message;

  const handleSubmit = form.handleSubmit((input) => {
    update.mutate(input, {
      onSuccess: () =>
        toast({
          title: t('settings.toast.profileUpdatedTitle'),
          description: t('settings.toast.profileUpdated'),
        }),
      onError: (err) => {
        // docs/product.md §8: a 401 already has its toast and redirect (lib/query-client.ts).
        if (isUnauthorized(err)) return;
        applyServerErrors(err, form.setError, ['displayName']);
        toast({
          variant: 'destructive',
          title: t('settings.toast.errorTitle'),
          description: t('settings.toast.updateFailed'),
        });
      },
    });
  });

  return (
    <form noValidate onSubmit={handleSubmit} className="grid gap-4">
      <FormField id="settings-display-name" label={t('settings.profile.displayName')} error={error}>
        <Input
          id="settings-display-name"
          autoComplete="nickname"
          aria-invalid={Boolean(error)}
          {...form.register('displayName')}
        />
      </FormField>
      <div className="flex justify-end">
        <Button type="submit" disabled={update.isPending || !form.formState.isDirty}>
          {update.isPending ? t('common.saving') : t('settings.profile.submit')}
        </Button>
      </div>
    </form>
  );
}
