import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type AdminInstance, SIGNUP_POLICIES, type SignupPolicy } from '#shared/admin';
import { FormField } from '@/components/form-field';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { toast } from '@/components/ui/use-toast';
import { ApiError } from '@/lib/api';
import { cn } from '@/lib/utils';
import { useSaveSignupPolicy } from '../api/admin-api';

const splitDomains = (text: string) =>
  text
    .split(/[\s,;]+/)
    .map((d) => d.trim())
    .filter(Boolean);

/**
 * « Inscriptions » (docs/security.md, "Who may sign up"): who may create an account — anyone,
 * addresses of some domains, or holders of a sign-up link. The console's choice replaces
 * SIGNUP for every node at once and is recorded in the audit log.
 */
export function SignupPolicyForm({ instance }: { instance: AdminInstance }) {
  const { t } = useTranslation();
  const save = useSaveSignupPolicy();
  const [policy, setPolicy] = useState<SignupPolicy>(instance.signup);
  const [domains, setDomains] = useState(instance.signupDomains.join(', '));
  const [error, setError] = useState<string | undefined>();
  const groupId = useId();
  const domainsId = useId();

  useEffect(() => {
    setPolicy(instance.signup);
    setDomains(instance.signupDomains.join(', '));
  }, [instance.signup, instance.signupDomains]);

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const list = policy === 'domains' ? splitDomains(domains) : [];
    if (policy === 'domains' && list.length === 0) {
      setError(t('adminConsole.instance.signupForm.domainsRequired'));
      return;
    }
    setError(undefined);
    save.mutate(
      { policy, domains: list },
      {
        onSuccess: () => toast({ title: t('adminConsole.instance.signupForm.saved') }),
        onError: (err) =>
          setError(
            (err instanceof ApiError && err.serverMessage) ||
              t('adminConsole.instance.signupForm.failed'),
          ),
      },
    );
  };

  return (
    <form noValidate onSubmit={submit} className="grid gap-3">
      <fieldset className="grid gap-2" aria-describedby={`${groupId}-source`}>
        <legend className="sr-only">{t('adminConsole.instance.signup')}</legend>
        {SIGNUP_POLICIES.map((value) => (
          <label
            key={value}
            className={cn(
              'flex cursor-pointer items-start gap-3 rounded-lg border px-3 py-2 text-sm',
              'has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring',
              policy === value && 'border-primary/60 bg-primary/5',
            )}
          >
            <input
              type="radio"
              name={groupId}
              value={value}
              checked={policy === value}
              onChange={() => setPolicy(value)}
              className="mt-0.5 accent-primary"
            />
            <span>{t(`adminConsole.instance.signupForm.${value}`)}</span>
          </label>
        ))}
      </fieldset>
      {policy === 'domains' ? (
        <FormField
          id={domainsId}
          label={t('adminConsole.instance.signupForm.domainsLabel')}
          error={error}
          hint={t('adminConsole.instance.signupForm.domainsHint')}
        >
          <Input
            id={domainsId}
            value={domains}
            placeholder="exemple.fr, agence.fr"
            aria-invalid={error !== undefined}
            aria-describedby={error ? `${domainsId}-error` : `${domainsId}-hint`}
            onChange={(e) => setDomains(e.target.value)}
          />
        </FormField>
      ) : error ? (
        <p role="alert" className="text-destructive text-sm">
          {error}
        </p>
      ) : null}
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p id={`${groupId}-source`} className="text-muted-foreground text-xs">
          {t(`adminConsole.instance.signupForm.source.${instance.signupSource}`)}
        </p>
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? t('common.saving') : t('adminConsole.instance.signupForm.save')}
        </Button>
      </div>
    </form>
  );
}
