/** « 09:30 » in the person's zone. */
export function formatTime(at: string, timeZone: string): string {
  return new Intl.DateTimeFormat('fr-FR', { hour: '2-digit', minute: '2-digit', timeZone }).format(
    new Date(at),
  );
}

/** « mercredi 2 décembre » for a YYYY-MM-DD day. */
export function formatLongDate(date: string): string {
  return new Intl.DateTimeFormat('fr-FR', {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    timeZone: 'UTC',
  }).format(new Date(`${date}T00:00:00Z`));
}

/** « 28 nov. » for a YYYY-MM-DD day. */
export function formatShortDate(date: string): string {
  return new Intl.DateTimeFormat('fr-FR', {
    day: 'numeric',
    month: 'short',
    timeZone: 'UTC',
  }).format(new Date(`${date}T00:00:00Z`));
}

/** Where a message was: « #général », a group's name, nothing for a direct conversation. */
export const placeOf = (item: { channelName: string | null; channelType: string | null }) =>
  !item.channelName || item.channelType === 'direct'
    ? null
    : item.channelType === 'group'
      ? item.channelName
      : `#${item.channelName}`;

/** « mardi 3 décembre à 08:30 » in the person's zone (the browser's when unknown). */
export function formatDateTime(at: string, timeZone: string | undefined): string {
  const when = new Date(at);
  const day = new Intl.DateTimeFormat('fr-FR', {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    timeZone,
  }).format(when);
  const time = new Intl.DateTimeFormat('fr-FR', {
    hour: '2-digit',
    minute: '2-digit',
    timeZone,
  }).format(when);
  return `${day} à ${time}`;
}
