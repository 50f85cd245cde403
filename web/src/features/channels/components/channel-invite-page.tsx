import { CircleAlertIcon, CircleCheckIcon, HashIcon, Loader2Icon } from 'lucide-react';
import { type ReactNode, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'wouter';
import { INVITE_PAGE_REDIRECT_MS } from '#shared/limits';
import { LogoMark } from '@/components/brand/logo';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/use-toast';
import { useCurrentUser } from '@/features/auth';
import { goToLogin } from '@/lib/api';
import { useInvitePreview } from '../api/get-invite-preview';
import { useJoinByInvite } from '../api/join-by-invite';

/** The invitation a signed-out visitor followed, to accept once they are signed in (this tab only). */
const JOIN_AFTER_SIGN_IN = 'ruche:join-after-sign-in';

/** docs/product.md §2 /join-channel/{inviteCode}: loading, invalid, already a member, or invitation. */
export function ChannelInvitePage({ code }: { code: string }) {
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  const { user, isLoading: userLoading } = useCurrentUser();
  const preview = useInvitePreview(code, Boolean(user));
  const join = useJoinByInvite();
  const redirect = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(redirect.current), []);

  // The page needs sign-in: a signed-out visitor signs in (or creates an account) and comes
  // back here, and the invitation they followed is then accepted at once (one step).
  useEffect(() => {
    if (userLoading || user) return;
    sessionStorage.setItem(JOIN_AFTER_SIGN_IN, code);
    goToLogin(`/join-channel/${encodeURIComponent(code)}`);
  }, [userLoading, user, code]);

  const handleJoin = () => {
    const channelName = preview.data?.channelName ?? '';
    join.mutate(code, {
      onSuccess: (channel) => {
        toast({
          title: t('invites.page.successTitle', { context: channel.type }),
          description: t('invites.page.success', { channelName }),
        });
        redirect.current = setTimeout(
          () => navigate(`/channel/${channel.id}`),
          INVITE_PAGE_REDIRECT_MS,
        );
      },
      onError: () =>
        toast({
          variant: 'destructive',
          title: t('invites.page.errorTitle'),
          description: t('invites.page.error'),
        }),
    });
  };

  // Back from signing in to accept this invitation: accept it without a second click.
  const acceptNow =
    Boolean(preview.data) &&
    !preview.data?.isAlreadyMember &&
    sessionStorage.getItem(JOIN_AFTER_SIGN_IN) === code;
  useEffect(() => {
    if (!acceptNow || join.isPending || join.isSuccess) return;
    sessionStorage.removeItem(JOIN_AFTER_SIGN_IN);
    handleJoin();
  });

  let card: ReactNode;
  if (userLoading || !user || preview.isPending) {
    card = (
      <div role="status" className="grid justify-items-center gap-3 py-6 text-muted-foreground">
        <Loader2Icon aria-hidden className="size-8 animate-spin text-primary" />
        <p className="text-sm">{t('invites.page.loading')}</p>
      </div>
    );
  } else if (preview.isError || !preview.data) {
    card = (
      <PageState
        icon={<CircleAlertIcon aria-hidden className="text-destructive" />}
        title={t('invites.page.invalidTitle')}
        description={t('invites.page.invalid')}
      >
        <Button asChild>
          <Link href="/">{t('invites.page.backHome')}</Link>
        </Button>
      </PageState>
    );
  } else if (preview.data.isAlreadyMember) {
    card = (
      <PageState
        icon={<CircleCheckIcon aria-hidden className="text-online" />}
        title={t('invites.page.alreadyMemberTitle')}
        description={t('invites.page.alreadyMember', { channelName: preview.data.channelName })}
      >
        <Button asChild>
          <Link href={`/channel/${preview.data.channelId}`}>{t('invites.page.openMessages')}</Link>
        </Button>
      </PageState>
    );
  } else {
    const joined = join.isSuccess;
    card = (
      <div className="grid justify-items-center gap-5 text-center">
        <p className="text-muted-foreground text-sm">
          {t('invites.page.invitation', {
            invitedBy: preview.data.invitedBy ?? t('common.unknownUser'),
          })}
        </p>
        <div className="flex max-w-full items-center gap-3 rounded-xl border bg-background/60 px-5 py-4">
          <span className="flex size-11 items-center justify-center rounded-xl bg-primary/15 text-primary">
            <HashIcon aria-hidden className="size-5" />
          </span>
          <h1 className="min-w-0 break-words text-left font-bold text-xl">
            {preview.data.channelName}
          </h1>
        </div>
        <div className="flex w-full flex-col-reverse gap-2 sm:flex-row sm:justify-center">
          <Button asChild variant="outline" className="sm:min-w-32">
            <Link href="/">{t('invites.page.cancel')}</Link>
          </Button>
          <Button
            type="button"
            onClick={handleJoin}
            disabled={join.isPending || joined}
            className="sm:min-w-40"
          >
            {join.isPending || joined ? <Loader2Icon aria-hidden className="animate-spin" /> : null}
            {join.isPending || joined ? t('invites.page.joining') : t('invites.page.join')}
          </Button>
        </div>
      </div>
    );
  }

  return (
    <main className="grid min-h-full place-items-center bg-[radial-gradient(ellipse_at_top,color-mix(in_oklch,var(--color-primary)_14%,transparent),transparent_60%)] p-4">
      <div className="grid w-full max-w-md gap-6 rounded-2xl border bg-card p-6 shadow-2xl sm:p-8">
        <div className="grid justify-items-center gap-2">
          <LogoMark className="size-10" />
          <p className="font-semibold text-muted-foreground text-sm">
            {preview.data && !preview.data.isAlreadyMember
              ? t('invites.page.invitationTitle')
              : t('common.appName')}
          </p>
        </div>
        {card}
      </div>
    </main>
  );
}

function PageState({
  icon,
  title,
  description,
  children,
}: {
  icon: ReactNode;
  title: string;
  description: string;
  children: ReactNode;
}) {
  return (
    <div className="grid justify-items-center gap-3 text-center">
      <span className="[&_svg]:size-10">{icon}</span>
      <h1 className="font-semibold text-lg">{title}</h1>
      <p className="text-muted-foreground text-sm">{description}</p>
      <div className="mt-2">{children}</div>
    </div>
  );
}
