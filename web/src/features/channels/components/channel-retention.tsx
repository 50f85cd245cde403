import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Channel } from '#shared/channels';
import { FormField } from '@/components/form-field';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { toast } from '@/components/ui/use-toast';
import { ApiError } from '@/lib/api';
import { useChannelRetention, useSetChannelRetention } from '../api/channel-retention';
import { useChannelPowers } from '../hooks/use-channel-powers';

/**
 * « Conservation des messages » (docs/privacy.md, "Conservation"): the channel's managers set
 * a period shorter than the instance's when the instance allows it; the others read what
 * applies, or nothing when messages are kept for ever.
 */
export function ChannelRetentionSection({
  channel,
}: {
  channel: Pick<Channel, 'id' | 'type' | 'role'>;
}) {
  const { t } = useTranslation();
  const { moderate } = useChannelPowers(channel);
  const retention = useChannelRetention(channel.id);
  const save = useSetChannelRetention(channel.id);
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | undefined>();
  const fieldId = useId();

  const own = retention.data?.messageDays;
  useEffect(() => {
    setValue(own == null ? '' : String(own));
  }, [own]);

  const data = retention.data;
  if (!data) return null;

  if (!(moderate && data.allowed)) {
    if (data.effectiveDays === null) return null;
    return (
      <p className="mt-6 text-muted-foreground text-sm">
        {t('channelRetention.readOnly', { count: data.effectiveDays })}
      </p>
    );
  }

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const trimmed = value.trim();
    if (trimmed !== '' && !/^\d+$/.test(trimmed)) {
      setError(t('channelRetention.invalid'));
      return;
    }
    setError(undefined);
    save.mutate(trimmed === '' ? null : Number(trimmed), {
      onSuccess: () => toast({ title: t('channelRetention.saved') }),
      onError: (err) =>
        setError((err instanceof ApiError && err.serverMessage) || t('channelRetention.failed')),
    });
  };

  return (
    <form
      noValidate
      onSubmit={submit}
      aria-label={t('channelRetention.title')}
      className="mt-6 grid gap-3 rounded-xl border bg-card/40 p-3 sm:p-4"
    >
      <FormField
        id={fieldId}
        label={t('channelRetention.label')}
        error={error}
        hint={
          data.instanceDays === null
            ? t('channelRetention.hintForever')
            : t('channelRetention.hint', { count: data.instanceDays })
        }
      >
        <div className="flex gap-2">
          <Input
            id={fieldId}
            inputMode="numeric"
            value={value}
            aria-invalid={error !== undefined}
            aria-describedby={error ? `${fieldId}-error` : `${fieldId}-hint`}
            onChange={(e) => setValue(e.target.value)}
            className="min-w-0 flex-1"
          />
          <Button type="submit" disabled={save.isPending}>
            {save.isPending ? t('common.saving') : t('channelRetention.save')}
          </Button>
        </div>
      </FormField>
    </form>
  );
}
