import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { defaultDisplayName } from '#shared/user-names';
import { type DisplayNameUpdateInput, DisplayNameUpdateSchema, type User } from '#shared/users';
import { LogoMark } from '@/components/brand/logo';
import { FormField } from '@/components/form-field';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { toast } from '@/components/ui/use-toast';
import { useUpdateCurrentUser } from '@/features/auth/api/update-current-user';
import { isUnauthorized } from '@/lib/api';

const preventClose = (event: Event) => event.preventDefault();

/**
 * docs/product.md §4/§5: opens over every screen while the signed-in user has no display name; it
 * cannot be dismissed (outside click, Escape) and closes once the name is saved — the
 * saved user has a displayName, so the parent stops rendering it.
 */
export function WelcomeDialog({ user }: { user: User }) {
  const { t } = useTranslation();
  const update = useUpdateCurrentUser();
  const form = useForm<DisplayNameUpdateInput>({
    resolver: zodResolver(DisplayNameUpdateSchema),
    defaultValues: { displayName: defaultDisplayName(user) },
  });
  const error = form.formState.errors.displayName?.message;

  const handleSubmit = form.handleSubmit((input) => {
    update.mutate(input, {
      onSuccess: () =>
        toast({ title: t('welcome.successTitle'), description: t('welcome.success') }),
      onError: (error) => {
        // docs/product.md §8: a 401 already has its toast and redirect (lib/query-client.ts).
        if (isUnauthorized(error)) return;
        toast({
          variant: 'destructive',
          title: t('welcome.errorTitle'),
          description: t('welcome.error'),
        });
      },
    });
  });

  return (
    <Dialog open>
      <DialogContent
        hideClose
        onEscapeKeyDown={preventClose}
        onPointerDownOutside={preventClose}
        onInteractOutside={preventClose}
        className="max-w-md"
      >
        <DialogHeader className="items-center gap-3 text-center sm:items-start sm:text-left">
          <LogoMark className="size-11" />
          <DialogTitle className="text-xl">{t('welcome.title')}</DialogTitle>
          <DialogDescription>{t('welcome.description')}</DialogDescription>
        </DialogHeader>
        <form noValidate onSubmit={handleSubmit} className="grid gap-5">
          <FormField id="welcome-display-name" label={t('welcome.displayName')} error={error}>
            <Input
              id="welcome-display-name"
              autoComplete="nickname"
              aria-invalid={Boolean(error)}
              {...form.register('displayName')}
            />
          </FormField>
          <Button type="submit" size="lg" disabled={update.isPending}>
            {update.isPending ? t('common.saving') : t('welcome.submit')}
          </Button>
        </form>
      </DialogContent>
    </Dialog>
  );
}
