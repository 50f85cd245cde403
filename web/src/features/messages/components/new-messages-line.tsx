import { useTranslation } from 'react-i18next';

/** Slack's "New" line: above the first message that was unread when the channel opened. */
export function NewMessagesLine() {
  const { t } = useTranslation();
  const label = t('messages.newMessages');
  return (
    <div className="flex items-center gap-2 px-5 pt-3 pb-1">
      <hr aria-label={label} className="h-px flex-1 border-0 bg-destructive/70" />
      <span aria-hidden className="font-semibold text-destructive text-xs">
        {label}
      </span>
    </div>
  );
}
