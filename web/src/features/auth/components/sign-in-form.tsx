import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { type SignInInput, SignInSchema } from '#shared/auth';
import { FormError, FormField } from '@/components/form-field';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { useSignIn } from '@/features/auth/api/sign-in';
import { goHomeAfterSignIn } from '@/features/auth/navigation';
import { applyServerErrors } from '@/lib/form-errors';
import { ForgotPasswordDialog } from './forgot-password-dialog';

/**
 * `canReset`: mail is configured, so a forgotten password can be reset by a link. `next`: the
 * page to open once signed in.
 */
export function SignInForm({ canReset = false, next }: { canReset?: boolean; next?: string }) {
  const { t } = useTranslation();
  const signIn = useSignIn();
  const [serverError, setServerError] = useState<string | null>(null);
  const form = useForm<SignInInput>({
    resolver: zodResolver(SignInSchema),
    defaultValues: { email: '', password: '' },
  });
  const { errors } = form.formState;

  const handleSubmit = form.handleSubmit((input) => {
    setServerError(null);
    signIn.mutate(input, {
      onSuccess: () => goHomeAfterSignIn(next),
      onError: (error) =>
        setServerError(
          applyServerErrors(error, form.setError, ['email', 'password']) ??
            t('auth.errors.generic'),
        ),
    });
  });

  // Stay disabled after success: the page is navigating away.
  const busy = signIn.isPending || signIn.isSuccess;
  return (
    <form
      noValidate
      onSubmit={handleSubmit}
      className="grid gap-4"
      aria-label={t('auth.tabs.signIn')}
    >
      <FormError message={serverError} />
      <FormField id="signin-email" label={t('auth.fields.email')} error={errors.email?.message}>
        <Input
          id="signin-email"
          type="email"
          autoComplete="email"
          placeholder={t('auth.fields.emailPlaceholder')}
          aria-invalid={Boolean(errors.email)}
          {...form.register('email')}
        />
      </FormField>
      <FormField
        id="signin-password"
        label={t('auth.fields.password')}
        error={errors.password?.message}
      >
        <Input
          id="signin-password"
          type="password"
          autoComplete="current-password"
          aria-invalid={Boolean(errors.password)}
          {...form.register('password')}
        />
      </FormField>
      {canReset ? <ForgotPasswordDialog /> : null}
      <Button type="submit" size="lg" className="mt-1 w-full" disabled={busy}>
        {busy ? t('auth.submit.pending') : t('auth.submit.signIn')}
      </Button>
    </form>
  );
}
