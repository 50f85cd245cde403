import { format } from 'date-fns';
import { fr } from 'date-fns/locale';
import { CopyIcon, LinkIcon, ShieldIcon } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { Button } from '@/components/ui/button';
import { IconButton } from '@/components/ui/icon-button';
import { Input } from '@/components/ui/input';
import { toast } from '@/components/ui/use-toast';
import { useAuthProviders } from '@/features/auth';
import { writeClipboard } from '@/lib/clipboard';
import { useMediaMode } from '@/lib/use-media-mode';
import {
  useCreateWorkspaceInvite,
  useRevokeWorkspaceInvite,
  useWorkspaceInvites,
} from './api/workspace-invites';
import { SettingsCard } from './settings-card';

/**
 * For administrators: how calls carry media here, and the way to the administration console
 * (/admin), where the instance's storage (docs/files.md, "Quotas") and the sign-up links now live.
 */
export function AdminCard() {
  const { t } = useTranslation();
  const providers = useAuthProviders();
  if (!providers.data?.isAdmin) return null;
  return (
    <SettingsCard title={t('settings.admin.title')} description={t('adminConsole.settingsCard')}>
      <div className="grid gap-6">
        <MediaMode />
        <Button asChild className="justify-self-start">
          <Link href="/admin">
            <ShieldIcon aria-hidden />
            {t('adminConsole.open')}
          </Link>
        </Button>
      </div>
    </SettingsCard>
  );
}

/** How calls carry media here (docs/calls.md): Janus, or the mesh and its limit of 4. */
export function MediaMode() {
  const { t } = useTranslation();
  const media = useMediaMode();
  if (!media.data) return null;
  const { mode, participantLimit } = media.data;
  return (
    <section aria-label={t('settings.admin.mediaTitle')} className="grid gap-1">
      <h3 className="font-medium text-sm">{t('settings.admin.mediaTitle')}</h3>
      <p className="text-muted-foreground text-sm" data-media-mode={mode}>
        {t(mode === 'sfu' ? 'settings.admin.mediaSfu' : 'settings.admin.mediaMesh', {
          max: participantLimit,
        })}
      </p>
    </section>
  );
}

/** When SIGNUP=invite: make, copy and revoke sign-up links (the administration console). */
export function WorkspaceInvites() {
  const { t } = useTranslation();
  const invites = useWorkspaceInvites();
  const create = useCreateWorkspaceInvite();
  const revoke = useRevokeWorkspaceInvite();
  const [newUrl, setNewUrl] = useState<string | null>(null);
  const failed = () =>
    toast({
      variant: 'destructive',
      title: t('settings.toast.errorTitle'),
      description: t('settings.admin.failed'),
    });
  const copy = (url: string) =>
    writeClipboard(url).then(() => toast({ title: t('settings.admin.copied') }), failed);

  return (
    <div className="grid gap-4">
      <Button
        className="justify-self-start"
        disabled={create.isPending}
        onClick={() =>
          create.mutate(
            {},
            { onSuccess: (invite) => setNewUrl(invite.url ?? null), onError: failed },
          )
        }
      >
        <LinkIcon aria-hidden />
        {t('settings.admin.create')}
      </Button>
      {newUrl ? (
        <div className="grid gap-2">
          <p className="text-muted-foreground text-sm">{t('settings.admin.newLink')}</p>
          <div className="flex gap-2">
            <Input
              readOnly
              value={newUrl}
              aria-label={t('settings.admin.newLink')}
              onFocus={(e) => e.target.select()}
            />
            <IconButton
              variant="outline"
              label={t('settings.admin.copy')}
              onClick={() => copy(newUrl)}
            >
              <CopyIcon aria-hidden />
            </IconButton>
          </div>
        </div>
      ) : null}
      <section aria-label={t('settings.admin.active')} className="grid gap-2">
        <h3 className="font-medium text-sm">{t('settings.admin.active')}</h3>
        {invites.data?.length === 0 ? (
          <p className="text-muted-foreground text-sm">{t('settings.admin.none')}</p>
        ) : (
          <ul className="grid gap-2">
            {invites.data?.map((invite) => (
              <li
                key={invite.id}
                className="flex items-center gap-3 rounded-xl border px-3 py-2 text-sm"
              >
                <span className="flex-1 text-muted-foreground">
                  {t('settings.admin.usage', {
                    used: invite.usesCount,
                    max: invite.maxUses,
                    date: format(new Date(invite.expiresAt), 'dd/MM/yyyy HH:mm', { locale: fr }),
                  })}
                </span>
                <Button
                  variant="ghost"
                  size="sm"
                  disabled={revoke.isPending}
                  onClick={() =>
                    revoke.mutate(invite.id, {
                      onSuccess: () => toast({ title: t('settings.admin.revoked') }),
                      onError: failed,
                    })
                  }
                >
                  {t('settings.admin.revoke')}
                </Button>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
