import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { withCatalogue } from '@/lib/i18n';
import type {
  ComposerNoticeProps,
  MessageExtension,
  MessageExtensionProps,
} from '@/lib/message-extensions';

// The question and the warning load once a draft addresses someone (a direct conversation, an
// @mention): the channel view's first load carries neither.
const AwayNotice = lazy(
  withCatalogue(() => import('./components/away-notice').then((m) => ({ default: m.AwayNotice }))),
);

/** Before sending to someone outside their working time (components/away-notice.tsx). */
function Notice(props: ComposerNoticeProps) {
  if (props.recipients.length === 0) return null;
  return (
    <Suspense fallback={null}>
      <AwayNotice {...props} />
    </Suspense>
  );
}

/** « Urgent » after the text of a message sent as such (it notified outside working hours). */
function UrgentMark({ message }: MessageExtensionProps) {
  const { t } = useTranslation();
  if (!message.urgent) return null;
  return (
    <span className="mb-0.5 rounded-full bg-destructive/15 px-1.5 py-px font-semibold text-[0.6875rem] text-destructive dark:text-red-300">
      {t('disconnect.urgentMark')}
    </span>
  );
}

/** The right to disconnect in the composer and in messages (lib/message-extensions.tsx). */
export const disconnectMessageExtension: MessageExtension = {
  id: 'disconnect',
  ComposerNotice: Notice,
  Mark: UrgentMark,
};
