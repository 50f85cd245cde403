import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import {
  type AdminInstance,
  INSTANCE_NAME_MAX,
  type InstanceUpdate,
  InstanceUpdateSchema,
} from '#shared/admin';
import { FormError, FormField } from '@/components/form-field';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { toast } from '@/components/ui/use-toast';
import { isUnauthorized } from '@/lib/api';
import { applyServerErrors } from '@/lib/form-errors';
import { useSaveInstanceName } from '../api/admin-api';

/**
 * « Nom de l’instance » (docs/product.md §2.27): what every tab's title and sidebar show.
 * Saved, it replaces INSTANCE_NAME for every node, reaches open tabs at once and is recorded
 * in the audit log.
 */
export function InstanceNameForm({ instance }: { instance: AdminInstance }) {
  const { t } = useTranslation();
  const save = useSaveInstanceName();
  const id = useId();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<InstanceUpdate>({
    resolver: zodResolver(InstanceUpdateSchema),
    values: { name: instance.name },
  });
  const error = form.formState.errors.name?.message;

  const handleSubmit = form.handleSubmit((input) => {
    setFailure(null);
    save.mutate(input, {
      onSuccess: () => toast({ title: t('adminConsole.instance.nameForm.saved') }),
      onError: (err) => {
        if (isUnauthorized(err)) return;
        const message = applyServerErrors(err, form.setError, ['name']);
        if (message !== '') setFailure(message ?? t('adminConsole.instance.nameForm.failed'));
      },
    });
  });

  return (
    <form noValidate onSubmit={handleSubmit} className="grid gap-3">
      <FormField
        id={id}
        label={t('adminConsole.instance.nameForm.label')}
        error={error}
        hint={t(`adminConsole.instance.nameForm.source.${instance.nameSource}`)}
      >
        <div className="flex flex-col gap-2 sm:flex-row">
          <Input
            id={id}
            maxLength={INSTANCE_NAME_MAX}
            autoComplete="organization"
            aria-invalid={Boolean(error)}
            aria-describedby={error ? `${id}-error` : `${id}-hint`}
            className="sm:flex-1"
            {...form.register('name')}
          />
          <Button
            type="submit"
            className="shrink-0"
            disabled={save.isPending || !form.formState.isDirty}
          >
            {save.isPending ? t('common.saving') : t('adminConsole.instance.nameForm.save')}
          </Button>
        </div>
      </FormField>
      <FormError message={failure} />
    </form>
  );
}
