import { CircleAlertIcon, CircleCheckIcon, Loader2Icon, TicketIcon, UsersIcon } from 'lucide-react';
import { type FormEvent, type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { INVITE_CODE_LENGTH, INVITE_CODE_MAX, JOIN_BY_CODE_REDIRECT_MS } from '#shared/limits';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { toast } from '@/components/ui/use-toast';
import { cn } from '@/lib/utils';
import { useInvitePreview } from '../api/get-invite-preview';
import { useJoinByInvite } from '../api/join-by-invite';

type Step = 'input' | 'confirm';

interface JoinByCodeDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** docs/product.md §2/§4: input → verification → confirmation (invalid, already a member, or join). */
export function JoinByCodeDialog({ open, onOpenChange }: JoinByCodeDialogProps) {
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  const [code, setCode] = useState('');
  const [step, setStep] = useState<Step>('input');
  const trimmed = code.trim();
  const preview = useInvitePreview(trimmed, open && step === 'confirm');
  const join = useJoinByInvite();
  const redirect = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(redirect.current), []);

  const reset = () => {
    setCode('');
    setStep('input');
  };

  // docs/product.md §4: closing the dialog clears the code and returns to input.
  const handleOpenChange = (next: boolean) => {
    if (!next) reset();
    onOpenChange(next);
  };

  const handleContinue = (event: FormEvent) => {
    event.preventDefault();
    if (trimmed) setStep('confirm');
  };

  const handleJoin = () => {
    const channelName = preview.data?.channelName ?? '';
    join.mutate(trimmed, {
      onSuccess: (channel) => {
        toast({
          title: t('joinCode.successTitle', { context: channel.type }),
          description: t('joinCode.success', { channelName }),
        });
        handleOpenChange(false);
        redirect.current = setTimeout(() => navigate('/'), JOIN_BY_CODE_REDIRECT_MS);
      },
      onError: () => {
        toast({
          variant: 'destructive',
          title: t('joinCode.errorTitle'),
          description: t('joinCode.error'),
        });
        setStep('input');
      },
    });
  };

  let body: ReactNode;
  if (step === 'input') {
    body = (
      <form onSubmit={handleContinue} className="grid gap-5">
        <div className="grid gap-2">
          <Label htmlFor="join-code-input">{t('joinCode.label')}</Label>
          <Input
            id="join-code-input"
            value={code}
            // docs/product.md §5: upper-cased as typed.
            onChange={(event) => setCode(event.target.value.toUpperCase())}
            placeholder={t('joinCode.placeholder')}
            maxLength={INVITE_CODE_MAX}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            aria-describedby="join-code-hint"
            className="h-11 text-center font-mono text-lg uppercase tracking-[0.3em] placeholder:tracking-[0.3em]"
            autoFocus
          />
          <p id="join-code-hint" className="text-muted-foreground text-xs">
            {t('joinCode.hint', { length: INVITE_CODE_LENGTH })}
          </p>
        </div>
        <DialogFooter>
          <Button type="button" variant="outline" onClick={() => handleOpenChange(false)}>
            {t('joinCode.cancel')}
          </Button>
          <Button type="submit" disabled={!trimmed}>
            {t('joinCode.continue')}
          </Button>
        </DialogFooter>
      </form>
    );
  } else if (preview.isPending) {
    body = (
      <div role="status" className="grid place-items-center gap-3 py-8 text-muted-foreground">
        <Loader2Icon aria-hidden className="size-8 animate-spin text-primary" />
        <p className="text-sm">{t('joinCode.verifying')}</p>
      </div>
    );
  } else if (preview.isError || !preview.data) {
    body = (
      <>
        <StepNotice tone="destructive" icon={<CircleAlertIcon aria-hidden />}>
          <p className="font-semibold">{t('joinCode.invalidTitle')}</p>
          <p className="text-muted-foreground text-sm">{t('joinCode.invalid')}</p>
        </StepNotice>
        <DialogFooter>
          <Button type="button" onClick={() => setStep('input')}>
            {t('joinCode.retry')}
          </Button>
        </DialogFooter>
      </>
    );
  } else if (preview.data.isAlreadyMember) {
    body = (
      <>
        <StepNotice tone="success" icon={<CircleCheckIcon aria-hidden />}>
          <p className="font-semibold">{t('joinCode.alreadyMemberTitle')}</p>
          <p className="text-muted-foreground text-sm">
            {t('joinCode.alreadyMember', { channelName: preview.data.channelName })}
          </p>
        </StepNotice>
        <DialogFooter>
          <Button type="button" onClick={() => handleOpenChange(false)}>
            {t('joinCode.ok')}
          </Button>
        </DialogFooter>
      </>
    );
  } else {
    body = (
      <>
        <StepNotice tone="primary" icon={<UsersIcon aria-hidden />}>
          <p className="font-semibold text-base">
            {t('joinCode.promptTitle', { channelName: preview.data.channelName })}
          </p>
          <p className="text-muted-foreground text-sm">
            {t('joinCode.invitedBy', {
              name: preview.data.invitedBy ?? t('common.unknownUser'),
            })}
          </p>
        </StepNotice>
        <DialogFooter>
          <Button
            type="button"
            variant="outline"
            onClick={() => setStep('input')}
            disabled={join.isPending}
          >
            {t('joinCode.cancel')}
          </Button>
          <Button type="button" onClick={handleJoin} disabled={join.isPending}>
            {join.isPending ? t('joinCode.joining') : t('joinCode.join')}
          </Button>
        </DialogFooter>
      </>
    );
  }

  return (
    <Dialog open={open} onOpenChange={handleOpenChange}>
      <DialogContent className="gap-5 sm:max-w-md">
        <DialogHeader>
          <div className="mb-1 flex size-10 items-center justify-center rounded-xl bg-primary/15 text-primary">
            <TicketIcon aria-hidden className="size-5" />
          </div>
          <DialogTitle>{t('joinCode.title')}</DialogTitle>
          <DialogDescription>{t('joinCode.description')}</DialogDescription>
        </DialogHeader>
        {body}
      </DialogContent>
    </Dialog>
  );
}

const TONES = {
  destructive: 'border-destructive/40 bg-destructive/10 [&>span]:text-destructive',
  success: 'border-online/40 bg-online/10 [&>span]:text-online',
  primary: 'border-primary/40 bg-primary/10 [&>span]:text-primary',
} as const;

function StepNotice({
  tone,
  icon,
  children,
}: {
  tone: keyof typeof TONES;
  icon: ReactNode;
  children: ReactNode;
}) {
  return (
    <div
      role={tone === 'destructive' ? 'alert' : 'status'}
      className={cn('flex items-start gap-3 rounded-lg border p-4', TONES[tone])}
    >
      <span className="mt-0.5 shrink-0 [&_svg]:size-5">{icon}</span>
      <div className="grid gap-1">{children}</div>
    </div>
  );
}
