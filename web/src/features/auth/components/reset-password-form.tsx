import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { type PasswordResetConfirmInput, PasswordResetConfirmSchema } from '#shared/auth';
import { PASSWORD_MIN } from '#shared/limits';
import { FormError, FormField } from '@/components/form-field';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { useConfirmPasswordReset } from '@/features/auth/api/password-reset';
import { applyServerErrors } from '@/lib/form-errors';

/** The page a reset link opens (/login?reset=<token>): choose the new password. */
export function ResetPasswordForm({ token, onDone }: { token: string; onDone: () => void }) {
  const { t } = useTranslation();
  const confirm = useConfirmPasswordReset();
  const [serverError, setServerError] = useState<string | null>(null);
  const form = useForm<PasswordResetConfirmInput>({
    resolver: zodResolver(PasswordResetConfirmSchema),
    defaultValues: { token, newPassword: '' },
  });
  const error = form.formState.errors.newPassword?.message;

  const handleSubmit = form.handleSubmit((input) => {
    setServerError(null);
    confirm.mutate(input, {
      onSuccess: onDone,
      onError: (err) =>
        setServerError(
          applyServerErrors(err, form.setError, ['newPassword']) ?? t('auth.errors.generic'),
        ),
    });
  });

  return (
    <form
      noValidate
      onSubmit={handleSubmit}
      className="grid gap-4"
      aria-label={t('auth.reset.title')}
    >
      <div className="grid gap-1">
        <h2 className="font-semibold text-lg">{t('auth.reset.title')}</h2>
        <p className="text-muted-foreground text-sm">{t('auth.reset.description')}</p>
      </div>
      {error ? null : <FormError message={serverError} />}
      <FormField
        id="reset-password"
        label={t('auth.reset.newPassword')}
        error={error}
        hint={t('auth.fields.passwordHint', { min: PASSWORD_MIN })}
      >
        <Input
          id="reset-password"
          type="password"
          autoComplete="new-password"
          aria-invalid={Boolean(error)}
          {...form.register('newPassword')}
        />
      </FormField>
      <Button type="submit" size="lg" className="w-full" disabled={confirm.isPending}>
        {confirm.isPending ? t('auth.submit.pending') : t('auth.reset.submit')}
      </Button>
    </form>
  );
}
