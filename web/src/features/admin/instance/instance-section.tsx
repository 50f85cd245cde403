import { CheckCircle2Icon, CircleDashedIcon, XCircleIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { AdminHealthCheck } from '#shared/admin';
import { Skeleton } from '@/components/ui/skeleton';
import { InstanceStorage, WorkspaceInvites } from '@/features/settings';
import { useAdminInstance } from '../api/admin-api';
import { InstanceNameForm } from './instance-name-form';
import { SignupPolicyForm } from './signup-policy-form';

/**
 * « Instance »: its name (chosen here), who may sign up (chosen here; the sign-up links when by invitation), storage
 * and quotas, how calls carry media, and whether the store, Redis, S3, Janus and SMTP answer.
 */
export function InstanceSection() {
  const { t } = useTranslation();
  const instance = useAdminInstance();
  if (instance.isError) {
    return <p className="text-destructive text-sm">{t('adminConsole.instance.failed')}</p>;
  }
  if (!instance.data) return <Skeleton className="h-40" />;
  const data = instance.data;
  return (
    <div className="grid gap-6">
      <Card title={t('adminConsole.instance.general')}>
        <InstanceNameForm instance={data} />
        <dl className="mt-2 grid gap-x-4 gap-y-2 text-sm sm:grid-cols-[14rem_1fr]">
          <dt className="text-muted-foreground">{t('adminConsole.instance.media')}</dt>
          <dd data-media-mode={data.mediaMode}>
            {t(`adminConsole.instance.mediaMode.${data.mediaMode}`)}
          </dd>
          <dt className="text-muted-foreground">{t('adminConsole.instance.auditRetention')}</dt>
          <dd>{t('adminConsole.instance.days', { count: data.auditRetentionDays })}</dd>
        </dl>
        <p className="mt-3 text-muted-foreground text-xs">{t('adminConsole.instance.fromEnv')}</p>
      </Card>
      <Card title={t('adminConsole.instance.signup')}>
        <SignupPolicyForm instance={data} />
      </Card>
      {data.signup === 'invite' ? (
        <Card title={t('adminConsole.instance.signupLinks')}>
          <WorkspaceInvites />
        </Card>
      ) : null}
      {/* Its own heading: « Stockage de l’instance ». */}
      <div className="rounded-2xl border bg-card p-4 sm:p-6">
        <InstanceStorage />
      </div>
      <Card title={t('adminConsole.instance.health')}>
        <ul aria-label={t('adminConsole.instance.health')} className="grid gap-2">
          {data.checks.map((check) => (
            <HealthRow key={check.name} check={check} />
          ))}
        </ul>
      </Card>
    </div>
  );
}

function Card({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <section aria-label={title} className="grid gap-3 rounded-2xl border bg-card p-4 sm:p-6">
      <h3 className="font-semibold">{title}</h3>
      {children}
    </section>
  );
}

function HealthRow({ check }: { check: AdminHealthCheck }) {
  const { t } = useTranslation();
  const Icon =
    check.state === 'ok'
      ? CheckCircle2Icon
      : check.state === 'failed'
        ? XCircleIcon
        : CircleDashedIcon;
  const tone =
    check.state === 'ok'
      ? 'text-emerald-500'
      : check.state === 'failed'
        ? 'text-destructive'
        : 'text-muted-foreground';
  return (
    <li data-check={check.name} data-state={check.state} className="flex items-start gap-3 text-sm">
      <Icon aria-hidden className={`mt-0.5 size-4 shrink-0 ${tone}`} />
      <div className="grid min-w-0 gap-0.5">
        <span className="font-medium">
          {t(`adminConsole.instance.checks.${check.name}`)} ·{' '}
          {t(`adminConsole.instance.states.${check.state}`)}
        </span>
        {check.detail ? (
          <span className="break-words text-muted-foreground text-xs">{check.detail}</span>
        ) : null}
      </div>
    </li>
  );
}
