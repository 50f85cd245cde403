import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useDisplayName } from '@/lib/use-display-name';
import { useInstanceStorage } from './api/get-instance-storage';
import { formatBytes } from './lib/format-bytes';
import { StorageMeter } from './storage-meter';

/** For administrators (docs/files.md, "Quotas"): the instance's total and who uses the most. */
export function InstanceStorage() {
  const { t } = useTranslation();
  const storage = useInstanceStorage();
  const nameOf = useDisplayName();
  const topUsersId = useId();
  if (storage.isError) {
    return <p className="text-destructive text-sm">{t('settings.admin.storageFailed')}</p>;
  }
  if (!storage.data) return null;
  const { used, quota, perUserQuota, topUsers } = storage.data;
  return (
    <section aria-label={t('settings.admin.storageTitle')} className="grid gap-3">
      <h3 className="font-medium text-sm">{t('settings.admin.storageTitle')}</h3>
      <StorageMeter
        used={used}
        quota={quota}
        text={(sizes) =>
          quota === null
            ? t('settings.admin.storageUnlimited', sizes)
            : t('settings.admin.storageUsage', sizes)
        }
      />
      <p className="text-muted-foreground text-sm">
        {perUserQuota === null
          ? t('settings.admin.perUserUnlimited')
          : t('settings.admin.perUserQuota', { quota: formatBytes(perUserQuota) })}
      </p>
      {topUsers.length > 0 ? (
        <div className="grid gap-1">
          <p id={topUsersId} className="font-medium text-muted-foreground text-xs">
            {t('settings.admin.topUsers')}
          </p>
          <ol aria-labelledby={topUsersId} className="grid gap-1 text-sm">
            {topUsers.map(({ user, used: bytes, files }) => (
              <li key={user.id} className="flex justify-between gap-3">
                <span className="min-w-0 truncate">{nameOf(user)}</span>
                <span className="shrink-0 text-muted-foreground tabular-nums">
                  {t('settings.admin.topUserUsage', { used: formatBytes(bytes), count: files })}
                </span>
              </li>
            ))}
          </ol>
        </div>
      ) : null}
    </section>
  );
}
