import { useTranslation } from 'react-i18next';
/**
 * « En direct » beside a person who shares their screen (the sidebar's list, the panel's):
 * apart from voice-screens.tsx, whose video and icons the sidebar does not load.
 */
export function LiveBadge() {
  const { t } = useTranslation();
  return (
    <span
      role="img"
      aria-label={t('voice.screen.sharing')}
      title={t('voice.screen.sharing')}
      className="shrink-0 rounded-sm bg-red-600 px-1 font-semibold text-[10px] text-white uppercase leading-4"
    >
      {t('voice.screen.live')}
    </span>
  );
}
