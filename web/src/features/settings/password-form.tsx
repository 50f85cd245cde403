import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { type PasswordChangeInput, PasswordChangeSchema } from '#shared/auth';
import { FormField } from '@/components/form-field';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { toast } from '@/components/ui/use-toast';
import { ApiError, isUnauthorized } from '@/lib/api';
import { applyServerErrors } from '@/lib/form-errors';
import { useChangePassword } from './api/change-password';

const EMPTY: PasswordChangeInput = { currentPassword: '', newPassword: '' };

/** Change the password; the server checks its strength and ends the other sessions. */
export function PasswordForm() {
  const { t } = useTranslation();
  const change = useChangePassword();
  const form = useForm<PasswordChangeInput>({
    resolver: zodResolver(PasswordChangeSchema),
    defaultValues: EMPTY,
  });
  const { errors } = form.formState;

  const handleSubmit = form.handleSubmit((input) => {
    change.mutate(input, {
      onSuccess: () => {
        form.reset(EMPTY);
        toast({
          title: t('settings.security.passwordChangedTitle'),
          description: t('settings.security.passwordChanged'),
        });
      },
      onError: (err) => {
        if (isUnauthorized(err)) return;
        const message = applyServerErrors(err, form.setError, ['currentPassword', 'newPassword']);
        // Field errors are shown under their fields; anything else gets a toast.
        if (err instanceof ApiError && err.body?.errors) return;
        toast({
          variant: 'destructive',
          title: t('settings.toast.errorTitle'),
          description: message ?? t('settings.security.passwordFailed'),
        });
      },
    });
  });

  return (
    <form noValidate onSubmit={handleSubmit} className="grid gap-4">
      <FormField
        id="settings-current-password"
        label={t('settings.security.currentPassword')}
        error={errors.currentPassword?.message}
      >
        <Input
          id="settings-current-password"
          type="password"
          autoComplete="current-password"
          aria-invalid={Boolean(errors.currentPassword)}
          {...form.register('currentPassword')}
        />
      </FormField>
      <FormField
        id="settings-new-password"
        label={t('settings.security.newPassword')}
        error={errors.newPassword?.message}
        hint={t('settings.security.newPasswordHint')}
      >
        <Input
          id="settings-new-password"
          type="password"
          autoComplete="new-password"
          aria-invalid={Boolean(errors.newPassword)}
          {...form.register('newPassword')}
        />
      </FormField>
      <div className="flex justify-end">
        <Button type="submit" disabled={change.isPending || !form.formState.isDirty}>
          {change.isPending ? t('common.saving') : t('settings.security.changePassword')}
        </Button>
      </div>
    </form>
  );
}
