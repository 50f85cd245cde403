import { useTranslation } from 'react-i18next';
import { useStorageUsage } from './api/get-storage-usage';
import { SettingsCard } from './settings-card';
import { StorageMeter } from './storage-meter';

/** docs/files.md, "Quotas": what the files one has sent take, against the account's quota. */
export function StorageCard() {
  const { t } = useTranslation();
  const usage = useStorageUsage();
  return (
    <SettingsCard
      title={t('settings.storage.title')}
      description={t('settings.storage.description')}
    >
      {usage.data ? (
        <StorageMeter
          used={usage.data.used}
          quota={usage.data.quota}
          text={(sizes) =>
            usage.data.quota === null
              ? t('settings.storage.unlimited', sizes)
              : t('settings.storage.usage', sizes)
          }
        />
      ) : usage.isError ? (
        <p className="text-destructive text-sm">{t('settings.storage.loadFailed')}</p>
      ) : null}
    </SettingsCard>
  );
}
