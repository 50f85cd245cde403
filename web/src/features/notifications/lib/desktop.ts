import i18n from 'i18next';

/**
 * Desktop notifications through the browser's Notification API, shown only while the tab
 * is hidden. Permission is asked from the settings (or the dismissible banner), never at
 * first load. The sound and the banner's dismissal are this browser's choices (localStorage).
 */
const SOUND_KEY = 'ruche.notifications.sound';
const BANNER_KEY = 'ruche.notifications.bannerDismissed';

export const desktopSupported = (): boolean =>
  typeof window !== 'undefined' && 'Notification' in window;

export const desktopPermission = (): NotificationPermission | 'unsupported' =>
  desktopSupported() ? Notification.permission : 'unsupported';

export async function askDesktopPermission(): Promise<NotificationPermission | 'unsupported'> {
  if (!desktopSupported()) return 'unsupported';
  try {
    return await Notification.requestPermission();
  } catch {
    return Notification.permission;
  }
}

const read = (key: string) => {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
};
const write = (key: string, value: string) => {
  try {
    window.localStorage.setItem(key, value);
  } catch {
    // Private mode: the choice lasts for this page only.
  }
};

export const soundEnabled = (): boolean => read(SOUND_KEY) !== 'off';
export const setSoundEnabled = (on: boolean) => write(SOUND_KEY, on ? 'on' : 'off');
export const bannerDismissed = (): boolean => read(BANNER_KEY) === 'yes';
export const dismissBanner = () => write(BANNER_KEY, 'yes');

/** A short two-tone chime made on the spot (no audio file to load). */
export function playChime(): void {
  try {
    const context = new AudioContext();
    const gain = context.createGain();
    gain.gain.setValueAtTime(0.08, context.currentTime);
    gain.gain.exponentialRampToValueAtTime(0.0001, context.currentTime + 0.4);
    gain.connect(context.destination);
    [880, 1320].forEach((frequency, i) => {
      const tone = context.createOscillator();
      tone.frequency.value = frequency;
      tone.connect(gain);
      tone.start(context.currentTime + i * 0.12);
      tone.stop(context.currentTime + 0.4);
    });
    setTimeout(() => void context.close(), 600);
  } catch {
    // No audio output: nothing to do.
  }
}

/** The one desktop notification for the items held outside working hours, once released. */
export function showReleased(count: number): void {
  showDesktop(
    i18n.t('disconnect.released.title', { count }),
    i18n.t('disconnect.released.body'),
    'ruche-notifications-released',
    () => undefined,
  );
}

/** Show one desktop notification when the tab is hidden and permission was given. */
export function showDesktop(
  title: string,
  body: string | null,
  tag: string,
  onClick: () => void,
): void {
  if (!desktopSupported() || Notification.permission !== 'granted') return;
  if (document.visibilityState !== 'hidden') return;
  try {
    const shown = new Notification(title, { body: body ?? undefined, tag, icon: '/favicon.svg' });
    shown.onclick = () => {
      window.focus();
      onClick();
      shown.close();
    };
    if (soundEnabled()) playChime();
  } catch {
    // Some mobile browsers only allow notifications from a service worker.
  }
}
