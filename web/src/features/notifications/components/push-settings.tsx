import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Label } from '@/components/ui/label';
import { Switch } from '@/components/ui/switch';
import { toast } from '@/components/ui/use-toast';
import { ApiError } from '@/lib/api';
import {
  currentPushSubscription,
  pushPreviews,
  pushSupported,
  subscribePush,
  unsubscribePush,
} from '../lib/push';

/** This device's Web Push subscription, and whether its pushes may carry the message text. */
export function PushSettings() {
  const { t } = useTranslation();
  const [subscribed, setSubscribed] = useState(false);
  const [previews, setPreviews] = useState(pushPreviews);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    let live = true;
    currentPushSubscription().then(
      (s) => live && setSubscribed(s !== null),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, []);
  if (!pushSupported()) return null;

  const apply = async (on: boolean, withPreviews: boolean) => {
    setBusy(true);
    try {
      if (on) {
        const ok = await subscribePush(withPreviews);
        setSubscribed(ok);
        setPreviews(withPreviews);
        toast({ title: ok ? t('notifications.push.enabled') : t('notifications.push.refused') });
      } else {
        await unsubscribePush();
        setSubscribed(false);
        toast({ title: t('notifications.push.disabled') });
      }
    } catch (err) {
      // The server says why it refused this browser's push service (docs/notifications.md).
      const why = err instanceof ApiError ? err.serverMessage : undefined;
      toast({
        variant: 'destructive',
        title: t('notifications.push.failed'),
        ...(why ? { description: why } : {}),
      });
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <div className="flex items-center justify-between gap-4">
        <div className="grid gap-0.5">
          <Label htmlFor="notif-push">{t('notifications.push.label')}</Label>
          <p className="text-muted-foreground text-xs">{t('notifications.push.hint')}</p>
        </div>
        <Switch
          id="notif-push"
          checked={subscribed}
          disabled={busy}
          onCheckedChange={(on) => void apply(on, previews)}
        />
      </div>
      <div className="flex items-center justify-between gap-4">
        <div className="grid gap-0.5">
          <Label htmlFor="notif-push-previews">{t('notifications.push.previews')}</Label>
          <p className="text-muted-foreground text-xs">{t('notifications.push.previewsHint')}</p>
        </div>
        <Switch
          id="notif-push-previews"
          checked={previews}
          disabled={busy || !subscribed}
          onCheckedChange={(on) => void apply(true, on)}
        />
      </div>
    </>
  );
}
