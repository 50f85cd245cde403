import i18n from 'i18next';
import { AlarmClockIcon } from 'lucide-react';
import { lazy, Suspense } from 'react';
import type { Message } from '#shared/messages';
import { toast } from '@/components/ui/use-toast';
import { useCurrentUser } from '@/features/auth';
import type {
  ComposerCommand,
  ComposerPlace,
  MessageExtension,
  MessageExtensionProps,
} from '@/lib/message-extensions';

// Loaded with the first use: the channel view's first load stays as it was.
const RemindDialog = lazy(() =>
  import('./components/remind-dialog').then((m) => ({ default: m.RemindDialog })),
);
const ScheduleSend = lazy(() =>
  import('./components/schedule-send').then((m) => ({ default: m.ScheduleSend })),
);
const PlanChips = lazy(() =>
  import('./components/plan-chips').then((m) => ({ default: m.PlanChips })),
);

/** Offers stay a day under one's own message. */
const PLAN_OFFER_MS = 24 * 60 * 60 * 1000;
/** Worth parsing: a digit or a day word (the parser loads only then). */
const MAYBE_DATE =
  /\d|demain|lundi|mardi|mercredi|jeudi|vendredi|samedi|dimanche|semaine|mois|midi|soir|matin/i;

function RemindMe({ message, onClose }: { message: Message; onClose: () => void }) {
  return (
    <Suspense fallback={null}>
      <RemindDialog message={message} onClose={onClose} />
    </Suspense>
  );
}

function Plans({ message }: MessageExtensionProps) {
  const me = useCurrentUser().user;
  if (!me || message.userId !== me.id) return null;
  if (Date.now() - new Date(message.createdAt).getTime() > PLAN_OFFER_MS) return null;
  if (!MAYBE_DATE.test(message.content)) return null;
  // A meeting's announcement is an event already (calendar's slot finder, docs/calendar.md).
  if (message.content.includes('](/calendar?meeting=')) return null;
  return (
    <Suspense fallback={null}>
      <PlanChips message={message} />
    </Suspense>
  );
}

function SendLater(props: ComposerPlace & { text: string; disabled: boolean; done: () => void }) {
  return (
    <Suspense fallback={null}>
      <ScheduleSend {...props} />
    </Suspense>
  );
}

/** `/rappel demain 9h appeler Paul`: the server splits the phrase (docs/product.md). */
const remindCommand: ComposerCommand = {
  name: 'rappel',
  run: async (args, place) => {
    const t = i18n.t.bind(i18n);
    if (!args) {
      toast({ title: t('reminders.commandHelp') });
      return false;
    }
    const [{ createReminderFromText }, { formatWhen }] = await Promise.all([
      import('./api/command'),
      import('./lib/format'),
    ]);
    try {
      const reminder = await createReminderFromText(args, place.channelId);
      toast({ title: t('reminders.created', { when: formatWhen(reminder.dueAt) }) });
      return true;
    } catch (err) {
      toast({
        title: t('reminders.createFailed'),
        description: err instanceof Error ? err.message : undefined,
      });
      return false;
    }
  },
};

/** Reminders, scheduled sends and plans in messages (lib/message-extensions.ts). */
export const remindersMessageExtension: MessageExtension = {
  id: 'reminders',
  Chips: Plans,
  actions: [
    { id: 'remind-me', labelKey: 'reminders.action', icon: AlarmClockIcon, Dialog: RemindMe },
  ],
  commands: [remindCommand],
  SendOption: SendLater,
};
