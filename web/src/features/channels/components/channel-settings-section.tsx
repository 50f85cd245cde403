import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Channel } from '#shared/channels';
import { CHANNEL_DESCRIPTION_MAX, CHANNEL_NAME_MAX } from '#shared/limits';
import { FormField } from '@/components/form-field';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { toast } from '@/components/ui/use-toast';
import { ApiError } from '@/lib/api';
import { useUpdateChannelSettings } from '../api/channel-admin';
import { useChannelPowers } from '../hooks/use-channel-powers';

type SettingsChannel = Pick<
  Channel,
  'id' | 'name' | 'description' | 'type' | 'role' | 'archivedAt'
>;

/**
 * « Nom et description » (docs/product.md §2, issue 48): the channel's owner and
 * administrators rename it and change its description; everyone sees the change live
 * (channel_changed). Not shown to the others, in a direct conversation, or once archived.
 */
export function ChannelSettingsSection({ channel }: { channel: SettingsChannel }) {
  const { t } = useTranslation();
  const { moderate } = useChannelPowers(channel);
  const save = useUpdateChannelSettings();
  const [name, setName] = useState(channel.name);
  const [description, setDescription] = useState(channel.description ?? '');
  const [error, setError] = useState<string | undefined>();
  const nameId = useId();
  const descriptionId = useId();

  // Another manager's change arrives live: the form follows it until this one is edited.
  useEffect(() => setName(channel.name), [channel.name]);
  useEffect(() => setDescription(channel.description ?? ''), [channel.description]);

  if (!moderate || channel.archivedAt) return null;

  const trimmedName = name.trim();
  const trimmedDescription = description.trim();
  const unchanged =
    trimmedName === channel.name && trimmedDescription === (channel.description ?? '');

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (trimmedName === '') {
      setError(t('channelSettings.nameRequired'));
      return;
    }
    setError(undefined);
    save.mutate(
      {
        channelId: channel.id,
        ...(trimmedName !== channel.name ? { name: trimmedName } : {}),
        description: trimmedDescription,
      },
      {
        onSuccess: () => toast({ title: t('channelSettings.saved') }),
        onError: (err) =>
          setError((err instanceof ApiError && err.serverMessage) || t('channelSettings.failed')),
      },
    );
  };

  return (
    <form
      noValidate
      onSubmit={submit}
      aria-label={t('channelSettings.title')}
      className="mb-6 grid gap-3 rounded-xl border bg-card/40 p-3 sm:p-4"
    >
      <h2 className="font-semibold text-muted-foreground text-xs uppercase tracking-wider">
        {t('channelSettings.title')}
      </h2>
      <FormField id={nameId} label={t('channelSettings.name')} error={error}>
        <Input
          id={nameId}
          value={name}
          maxLength={CHANNEL_NAME_MAX}
          aria-invalid={error !== undefined}
          aria-describedby={error ? `${nameId}-error` : undefined}
          onChange={(e) => setName(e.target.value)}
        />
      </FormField>
      <FormField id={descriptionId} label={t('channelSettings.description')}>
        <Textarea
          id={descriptionId}
          value={description}
          rows={2}
          maxLength={CHANNEL_DESCRIPTION_MAX}
          onChange={(e) => setDescription(e.target.value)}
        />
      </FormField>
      <div className="flex justify-end">
        <Button type="submit" disabled={save.isPending || unchanged}>
          {save.isPending ? t('common.saving') : t('channelSettings.save')}
        </Button>
      </div>
    </form>
  );
}
