import { zodResolver } from '@hookform/resolvers/zod';
import { MailCheckIcon } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { type SignUpInput, SignUpSchema } from '#shared/auth';
import { PASSWORD_MIN } from '#shared/limits';
import { FormError, FormField } from '@/components/form-field';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { useSignUp } from '@/features/auth/api/sign-up';
import { goHomeAfterSignIn } from '@/features/auth/navigation';
import { applyServerErrors } from '@/lib/form-errors';

const FIELDS = ['email', 'password', 'firstName', 'lastName'] as const;

/**
 * Create an account; `inviteToken` is an administrator's sign-up link (SIGNUP=invite), `next`
 * the page to open once the account is open.
 */
export function SignUpForm({
  inviteToken,
  next,
}: {
  inviteToken?: string | undefined;
  next?: string | undefined;
}) {
  const { t } = useTranslation();
  const signUp = useSignUp();
  const [serverError, setServerError] = useState<string | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const form = useForm<SignUpInput>({
    resolver: zodResolver(SignUpSchema),
    defaultValues: { firstName: '', lastName: '', email: '', password: '' },
  });
  const { errors } = form.formState;

  const handleSubmit = form.handleSubmit((input) => {
    setServerError(null);
    // Empty optional names are left out rather than stored as "".
    const body: SignUpInput = {
      email: input.email,
      password: input.password,
      ...(input.firstName ? { firstName: input.firstName } : {}),
      ...(input.lastName ? { lastName: input.lastName } : {}),
      ...(inviteToken ? { inviteToken } : {}),
      ...(next ? { next } : {}),
    };
    signUp.mutate(body, {
      onSuccess: (result) =>
        'verificationSent' in result ? setSentTo(input.email) : goHomeAfterSignIn(next),
      onError: (error) =>
        setServerError(applyServerErrors(error, form.setError, FIELDS) ?? t('auth.errors.generic')),
    });
  });

  const busy = signUp.isPending || signUp.isSuccess;
  if (sentTo) {
    return (
      <div role="status" className="grid gap-2 rounded-xl border bg-muted/40 p-4 text-sm">
        <p className="flex items-center gap-2 font-semibold">
          <MailCheckIcon aria-hidden className="size-4 text-primary" />
          {t('auth.verification.sentTitle')}
        </p>
        <p className="text-muted-foreground">{t('auth.verification.sent', { email: sentTo })}</p>
      </div>
    );
  }
  const optional = (label: string) => (
    <>
      {label}{' '}
      <span className="font-normal text-muted-foreground text-xs">({t('common.optional')})</span>
    </>
  );
  return (
    <form
      noValidate
      onSubmit={handleSubmit}
      className="grid gap-4"
      aria-label={t('auth.tabs.signUp')}
    >
      <FormError message={serverError} />
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField
          id="signup-first-name"
          label={optional(t('auth.fields.firstName'))}
          error={errors.firstName?.message}
        >
          <Input id="signup-first-name" autoComplete="given-name" {...form.register('firstName')} />
        </FormField>
        <FormField
          id="signup-last-name"
          label={optional(t('auth.fields.lastName'))}
          error={errors.lastName?.message}
        >
          <Input id="signup-last-name" autoComplete="family-name" {...form.register('lastName')} />
        </FormField>
      </div>
      <FormField id="signup-email" label={t('auth.fields.email')} error={errors.email?.message}>
        <Input
          id="signup-email"
          type="email"
          autoComplete="email"
          placeholder={t('auth.fields.emailPlaceholder')}
          aria-invalid={Boolean(errors.email)}
          {...form.register('email')}
        />
      </FormField>
      <FormField
        id="signup-password"
        label={t('auth.fields.password')}
        error={errors.password?.message}
        hint={t('auth.fields.passwordHint', { min: PASSWORD_MIN })}
      >
        <Input
          id="signup-password"
          type="password"
          autoComplete="new-password"
          aria-invalid={Boolean(errors.password)}
          aria-describedby={errors.password ? 'signup-password-error' : 'signup-password-hint'}
          {...form.register('password')}
        />
      </FormField>
      <Button type="submit" size="lg" className="mt-1 w-full" disabled={busy}>
        {busy ? t('auth.submit.pending') : t('auth.submit.signUp')}
      </Button>
    </form>
  );
}
