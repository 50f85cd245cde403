import { format } from 'date-fns';
import { fr } from 'date-fns/locale';
import { CheckIcon, CopyIcon, Loader2Icon, RotateCcwIcon, UserPlusIcon } from 'lucide-react';
import { useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { toast } from '@/components/ui/use-toast';
import { API_ORIGIN } from '@/lib/api';
import { useCopy } from '@/lib/use-copy';
import { useCreateChannelInvite } from '../api/create-channel-invite';
import { activeInvite, useChannelInvites } from '../api/get-channel-invites';
import { useRevokeChannelInvite } from '../api/revoke-channel-invite';
import { AddByName } from './add-by-name';

interface InviteMembersDialogProps {
  channelId: string;
  channelName: string;
  /** The owner may reset the link: the old code stops working (docs/security.md, finding 5). */
  canManage: boolean;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** docs/product.md §2 invite link shape: origin + /join-channel/{inviteCode}. */
export const inviteLink = (code: string): string =>
  `${API_ORIGIN || window.location.origin}/join-channel/${code}`;

/** docs/product.md §4: shows the channel's one active invite, creating it when there is none. */
export function InviteMembersDialog({
  channelId,
  channelName,
  canManage,
  open,
  onOpenChange,
}: InviteMembersDialogProps) {
  const { t } = useTranslation();
  const invites = useChannelInvites(channelId, open);
  const createInvite = useCreateChannelInvite();
  const revokeInvite = useRevokeChannelInvite();
  const invite = activeInvite(invites.data);
  const needsInvite = open && invites.isSuccess && !invites.isFetching && !invite;

  // One creation per opening, even when effects run twice (StrictMode).
  const requested = useRef(false);
  const { mutate } = createInvite;
  useEffect(() => {
    if (!needsInvite || requested.current) return;
    requested.current = true;
    mutate(channelId, {
      onSuccess: () =>
        toast({ title: t('invites.createdTitle'), description: t('invites.created') }),
    });
  }, [needsInvite, mutate, channelId, t]);

  const handleOpenChange = (next: boolean) => {
    if (!next) {
      createInvite.reset();
      requested.current = false;
    }
    onOpenChange(next);
  };

  const failed = invites.isError || createInvite.isError;
  return (
    <Dialog open={open} onOpenChange={handleOpenChange}>
      <DialogContent className="gap-5 sm:max-w-md">
        <DialogHeader>
          <div className="mb-1 flex size-10 items-center justify-center rounded-xl bg-primary/15 text-primary">
            <UserPlusIcon aria-hidden className="size-5" />
          </div>
          <DialogTitle>{t('invites.title')}</DialogTitle>
          <DialogDescription>{t('invites.description', { name: channelName })}</DialogDescription>
        </DialogHeader>
        <AddByName channelId={channelId} open={open} />
        {invite ? (
          <div className="grid gap-4">
            <CopyField
              label={t('invites.linkLabel')}
              value={inviteLink(invite.inviteCode)}
              buttonLabel={t('invites.copyLink')}
              toastTitle={t('invites.linkCopiedTitle')}
              toastDescription={t('invites.linkCopied')}
            />
            <CopyField
              label={t('invites.codeLabel')}
              value={invite.inviteCode}
              buttonLabel={t('invites.copyCode')}
              toastTitle={t('invites.codeCopiedTitle')}
              toastDescription={t('invites.codeCopied')}
              mono
            />
            <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-muted-foreground text-xs">
              <span>{t('invites.uses', { count: invite.usesCount })}</span>
              {invite.expiresAt ? (
                <span>
                  {t('invites.expires', {
                    date: format(new Date(invite.expiresAt), 'dd/MM/yyyy HH:mm', { locale: fr }),
                  })}
                </span>
              ) : null}
            </p>
            {canManage ? (
              <Button
                type="button"
                variant="outline"
                size="sm"
                className="justify-self-start"
                disabled={revokeInvite.isPending}
                onClick={() =>
                  revokeInvite.mutate(
                    { channelId, inviteId: invite.id },
                    {
                      // A fresh code replaces it right away (the effect above makes it).
                      onSuccess: () => {
                        requested.current = false;
                        toast({ title: t('invites.resetTitle'), description: t('invites.reset') });
                      },
                      onError: () =>
                        toast({
                          variant: 'destructive',
                          title: t('invites.errorTitle'),
                          description: t('invites.resetFailed'),
                        }),
                    },
                  )
                }
              >
                <RotateCcwIcon aria-hidden />
                {t('invites.resetLink')}
              </Button>
            ) : null}
          </div>
        ) : failed ? (
          <div role="alert" className="grid justify-items-start gap-3">
            <p className="text-destructive text-sm">{t('invites.error')}</p>
            <Button
              type="button"
              variant="outline"
              onClick={() => {
                createInvite.reset();
                requested.current = false;
                void invites.refetch();
              }}
            >
              {t('invites.retry')}
            </Button>
          </div>
        ) : (
          <div role="status" className="flex items-center gap-3 py-6 text-muted-foreground text-sm">
            <Loader2Icon aria-hidden className="size-5 animate-spin text-primary" />
            {t('invites.loading')}
          </div>
        )}
      </DialogContent>
    </Dialog>
  );
}

interface CopyFieldProps {
  label: string;
  value: string;
  buttonLabel: string;
  toastTitle: string;
  toastDescription: string;
  mono?: boolean;
}

function CopyField({
  label,
  value,
  buttonLabel,
  toastTitle,
  toastDescription,
  mono,
}: CopyFieldProps) {
  const { t } = useTranslation();
  const id = useId();
  const { copied, copy } = useCopy();
  const handleCopy = () => {
    copy(value).then(
      () => toast({ title: toastTitle, description: toastDescription }),
      () =>
        toast({
          variant: 'destructive',
          title: t('invites.errorTitle'),
          description: t('invites.copyError'),
        }),
    );
  };
  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>{label}</Label>
      <div className="flex gap-2">
        <Input
          id={id}
          value={value}
          readOnly
          onFocus={(event) => event.currentTarget.select()}
          className={mono ? 'font-mono text-base tracking-[0.2em]' : 'text-muted-foreground'}
        />
        <Button
          type="button"
          variant={copied ? 'secondary' : 'outline'}
          onClick={handleCopy}
          aria-label={copied ? t('invites.copied') : buttonLabel}
          className="w-28 shrink-0"
        >
          {copied ? <CheckIcon aria-hidden className="text-online" /> : <CopyIcon aria-hidden />}
          <span>{copied ? t('invites.copied') : t('invites.copy')}</span>
        </Button>
      </div>
    </div>
  );
}
