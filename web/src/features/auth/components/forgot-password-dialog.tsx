import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { PasswordResetRequestSchema } from '#shared/auth';
import { FormError, FormField } from '@/components/form-field';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { useRequestPasswordReset } from '@/features/auth/api/password-reset';
import { ApiError } from '@/lib/api';

type ResetRequest = z.infer<typeof PasswordResetRequestSchema>;

/** "Mot de passe oublié ?": a link by mail, whatever the answer says about the address. */
export function ForgotPasswordDialog() {
  const { t } = useTranslation();
  const request = useRequestPasswordReset();
  const form = useForm<ResetRequest>({
    resolver: zodResolver(PasswordResetRequestSchema),
    defaultValues: { email: '' },
  });
  const error = form.formState.errors.email?.message;
  const failure =
    request.error instanceof ApiError
      ? request.error.serverMessage
      : request.error
        ? t('auth.errors.generic')
        : null;

  return (
    <Dialog
      onOpenChange={(open) => {
        if (!open) {
          form.reset();
          request.reset();
        }
      }}
    >
      <DialogTrigger asChild>
        <Button type="button" variant="link" size="sm" className="h-auto justify-self-end p-0">
          {t('auth.forgot.link')}
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{t('auth.forgot.title')}</DialogTitle>
          <DialogDescription>{t('auth.forgot.description')}</DialogDescription>
        </DialogHeader>
        {request.isSuccess ? (
          <p role="status" className="text-sm">
            {t('auth.forgot.sent')}
          </p>
        ) : (
          <form
            noValidate
            className="grid gap-4"
            onSubmit={(event) => {
              // The dialog is portalled, but React events still bubble to the sign-in form.
              event.stopPropagation();
              void form.handleSubmit(({ email }) => request.mutate(email))(event);
            }}
          >
            <FormError message={failure ?? null} />
            <FormField id="forgot-email" label={t('auth.fields.email')} error={error}>
              <Input
                id="forgot-email"
                type="email"
                autoComplete="email"
                placeholder={t('auth.fields.emailPlaceholder')}
                aria-invalid={Boolean(error)}
                {...form.register('email')}
              />
            </FormField>
            <DialogFooter>
              <Button type="submit" disabled={request.isPending}>
                {request.isPending ? t('auth.submit.pending') : t('auth.forgot.submit')}
              </Button>
            </DialogFooter>
          </form>
        )}
      </DialogContent>
    </Dialog>
  );
}
