import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RETENTION_DAYS_MAX, type RetentionPolicy } from '#shared/privacy';
import { FormField } from '@/components/form-field';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Skeleton } from '@/components/ui/skeleton';
import { Switch } from '@/components/ui/switch';
import { toast } from '@/components/ui/use-toast';
import { ApiError, apiGet, apiRequest } from '@/lib/api';

const RETENTION_KEY = ['/api/admin/retention'] as const;

/** "" (kept for ever) or a whole number of days within bounds; undefined when invalid. */
function parseDays(text: string): number | null | undefined {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  if (!/^\d+$/.test(trimmed)) return undefined;
  const days = Number(trimmed);
  return days >= 1 && days <= RETENTION_DAYS_MAX ? days : undefined;
}

/**
 * « Conservation » (docs/privacy.md): how long messages and files are kept, instance-wide,
 * and whether a channel's managers may keep theirs for less.
 */
export function RetentionSection() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const policy = useQuery({
    queryKey: RETENTION_KEY,
    queryFn: () => apiGet<RetentionPolicy>('/api/admin/retention'),
  });
  const save = useMutation({
    mutationFn: (input: RetentionPolicy) =>
      apiRequest<RetentionPolicy>('PUT', '/api/admin/retention', input),
    onSuccess: (saved) => queryClient.setQueryData(RETENTION_KEY, saved),
  });
  const [messages, setMessages] = useState('');
  const [files, setFiles] = useState('');
  const [override, setOverride] = useState(false);
  const [touched, setTouched] = useState(false);
  const messagesId = useId();
  const filesId = useId();
  const overrideId = useId();

  useEffect(() => {
    if (!policy.data) return;
    setMessages(policy.data.messageDays?.toString() ?? '');
    setFiles(policy.data.fileDays?.toString() ?? '');
    setOverride(policy.data.channelOverride);
  }, [policy.data]);

  if (policy.isError) {
    return <p className="text-destructive text-sm">{t('adminConsole.retention.failed')}</p>;
  }
  if (!policy.data) return <Skeleton className="h-40" />;

  const messageDays = parseDays(messages);
  const fileDays = parseDays(files);
  const invalid = t('adminConsole.retention.invalid');

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (messageDays === undefined || fileDays === undefined) return;
    save.mutate(
      { messageDays, fileDays, channelOverride: override },
      {
        onSuccess: () => toast({ title: t('adminConsole.retention.saved') }),
        onError: (err) =>
          toast({
            variant: 'destructive',
            title: t('adminConsole.retention.saveFailed'),
            description: (err instanceof ApiError && err.serverMessage) || undefined,
          }),
      },
    );
  };

  return (
    <form
      noValidate
      onSubmit={submit}
      aria-label={t('adminConsole.sections.retention')}
      className="grid gap-5 rounded-2xl border bg-card p-4 sm:p-6"
    >
      <p className="text-muted-foreground text-sm">{t('adminConsole.retention.intro')}</p>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField
          id={messagesId}
          label={t('adminConsole.retention.messages')}
          error={touched && messageDays === undefined ? invalid : undefined}
          hint={t('adminConsole.retention.forever')}
        >
          <Input
            id={messagesId}
            inputMode="numeric"
            value={messages}
            aria-invalid={touched && messageDays === undefined}
            onChange={(e) => setMessages(e.target.value)}
          />
        </FormField>
        <FormField
          id={filesId}
          label={t('adminConsole.retention.files')}
          error={touched && fileDays === undefined ? invalid : undefined}
          hint={t('adminConsole.retention.forever')}
        >
          <Input
            id={filesId}
            inputMode="numeric"
            value={files}
            aria-invalid={touched && fileDays === undefined}
            onChange={(e) => setFiles(e.target.value)}
          />
        </FormField>
      </div>
      <div className="flex items-center justify-between gap-4">
        <Label htmlFor={overrideId}>{t('adminConsole.retention.channelOverride')}</Label>
        <Switch id={overrideId} checked={override} onCheckedChange={setOverride} />
      </div>
      <div className="flex justify-end">
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? t('common.saving') : t('adminConsole.retention.save')}
        </Button>
      </div>
    </form>
  );
}
