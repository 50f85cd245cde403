import { frenchDay } from '#shared/disconnect';
import { MY_DAY_SECTIONS, type MyDay, type MyDayMessage, type MyDaySection } from '#shared/my-day';
import type { Mail } from '../../auth/mailer';
import { escapeHtml, mailDocument, mailLink, unsubscribeHeaders } from '../../lib/mail-html';

/**
 * « Ma journée » by e-mail (docs/product.md, « Ma journée »): the same day as the page, French,
 * HTML and plain text, one part per section that has something, each item a link into the app
 * that opens it, then the page and the one-click unsubscribe (RFC 8058). Everything people
 * wrote is escaped: a title or an excerpt is text, never markup.
 */

export interface MyDayMailInput {
  to: string;
  /** The app's public address (PUBLIC_URL), without a trailing slash. */
  origin: string;
  day: MyDay;
  unsubscribeUrl: string;
}

interface Line {
  text: string;
  href: string;
}

const WEEKDAYS = ['dimanche', 'lundi', 'mardi', 'mercredi', 'jeudi', 'vendredi', 'samedi'];
const TITLES: Record<MyDaySection, string> = {
  events: 'Événements du jour',
  tasks: 'Tâches à faire',
  mentions: 'Mentions non lues',
  directMessages: 'Messages directs non lus',
  threads: 'Réponses dans vos fils',
  reminders: 'Rappels du jour',
};
const EXCERPT_MAX = 140;

/** « mardi 3 décembre » (« 1er » for the first) for a YYYY-MM-DD day. */
export function frenchLongDate(date: string): string {
  const weekday = WEEKDAYS[new Date(`${date}T00:00:00Z`).getUTCDay()];
  return `${weekday} ${frenchDay(date)}`;
}

export const myDaySubject = (date: string) => `Ma journée — ${frenchLongDate(date)}`;

/** One line, folded and clipped (only ASCII white space: French no-break spaces stay). */
function oneLine(text: string | null): string {
  const line = (text ?? '').replace(/[ \t\r\n\f\v]+/g, ' ').trim();
  return line.length > EXCERPT_MAX ? `${line.slice(0, EXCERPT_MAX - 1)}…` : line;
}

const timeIn = (at: string, timeZone: string) =>
  new Intl.DateTimeFormat('fr-FR', { hour: '2-digit', minute: '2-digit', timeZone }).format(
    new Date(at),
  );
const place = (item: { channelName: string | null; channelType: string | null }) =>
  !item.channelName || item.channelType === 'direct'
    ? null
    : item.channelType === 'group'
      ? item.channelName
      : `#${item.channelName}`;
const join = (...parts: Array<string | null | undefined | false>) =>
  parts.filter(Boolean).join(' · ');

function messageLine(m: MyDayMessage, origin: string): Line {
  const who = m.author?.name ?? 'Quelqu’un';
  const where = place(m);
  return {
    text: `${who}${where ? ` dans ${where}` : ''}\u00a0: ${oneLine(m.excerpt) || 'un message'}`,
    href: origin + m.href,
  };
}

function linesOf(day: MyDay, section: MyDaySection, origin: string): Line[] {
  const zone = day.timeZone;
  switch (section) {
    case 'events':
      return day.events.map((e) => ({
        text: join(
          e.allDay
            ? `Toute la journée\u00a0: ${oneLine(e.title)}`
            : `${timeIn(e.startTime, zone)}–${timeIn(e.endTime, zone)}\u00a0: ${oneLine(e.title)}`,
          e.location && oneLine(e.location),
        ),
        href: origin + e.href,
      }));
    case 'tasks':
      return day.tasks.map((t) => ({
        text: join(
          oneLine(t.title),
          t.overdue ? `en retard depuis le ${frenchDay(t.dueDate)}` : 'pour aujourd’hui',
          `${oneLine(t.boardName)}${t.channelName ? ` (#${t.channelName})` : ''}`,
        ),
        href: origin + t.href,
      }));
    case 'mentions':
      return day.mentions.map((m) => messageLine(m, origin));
    case 'directMessages':
      return day.directMessages.map((m) => messageLine(m, origin));
    case 'threads':
      return day.threads.map((t) => ({
        text: join(
          `Fil lancé par ${t.author.name ?? 'quelqu’un'}${place(t) ? ` dans ${place(t)}` : ''}\u00a0: ${oneLine(t.excerpt)}`,
          `${t.unreadCount} nouvelle${t.unreadCount > 1 ? 's réponses' : ' réponse'}`,
        ),
        href: origin + t.href,
      }));
    case 'reminders':
      return day.reminders.map((r) => ({
        text: `${timeIn(r.dueAt, zone)}\u00a0: ${oneLine(r.excerpt) || 'un message'}`,
        href: origin + r.href,
      }));
  }
}

interface Part {
  title: string;
  lines: Line[];
  /** How many more there are than listed, and where they are. */
  more: number;
  moreHref: string;
}

/** Whether nothing in the day calls for an e-mail. */
export const isEmptyDay = (day: MyDay) => MY_DAY_SECTIONS.every((s) => day.totals[s] === 0);

function partsOf(day: MyDay, origin: string): Part[] {
  return MY_DAY_SECTIONS.filter((s) => day.totals[s] > 0).map((s) => {
    const lines = linesOf(day, s, origin);
    return {
      title: `${TITLES[s]} (${day.totals[s]})`,
      lines,
      more: day.totals[s] - lines.length,
      moreHref: origin + (day.seeAll[s] ?? '/ma-journee'),
    };
  });
}

const moreText = (n: number) => `… et ${n} autre${n > 1 ? 's' : ''} dans Ruche`;

export function myDayMail(input: MyDayMailInput): Mail {
  const { origin, day } = input;
  const subject = myDaySubject(day.date);
  const parts = partsOf(day, origin);
  const pageUrl = `${origin}/ma-journee`;
  const intro = `Voici votre journée du ${frenchLongDate(day.date)}.`;
  const footer = 'Vous recevez cet e-mail car vous l’avez demandé sur la page « Ma journée ».';

  const text = [
    intro,
    '',
    ...parts.flatMap((p) => [
      p.title,
      ...p.lines.flatMap((l) => [`  ${l.text}`, `  ${l.href}`]),
      ...(p.more > 0 ? [`  ${moreText(p.more)}\u00a0: ${p.moreHref}`] : []),
      '',
    ]),
    `Ouvrir Ma journée\u00a0: ${pageUrl}`,
    '',
    footer,
    `Ne plus recevoir cet e-mail\u00a0: ${input.unsubscribeUrl}`,
    '',
    '— Ruche',
  ].join('\n');

  const link = mailLink;
  const body = `${parts
    .map(
      (p) => `<h2 style="font-size:16px;margin:20px 0 8px">${escapeHtml(p.title)}</h2>
<ul style="padding-left:20px;margin:0">
${p.lines.map((l) => `<li style="margin:6px 0">${link(l.href, l.text)}</li>`).join('\n')}
${p.more > 0 ? `<li style="margin:6px 0">${link(p.moreHref, moreText(p.more))}</li>` : ''}
</ul>`,
    )
    .join('\n')}
<p style="margin-top:24px">${link(pageUrl, 'Ouvrir Ma journée')}</p>`;
  const html = mailDocument({
    subject,
    intro,
    body,
    footer: `${escapeHtml(footer)}<br>${link(input.unsubscribeUrl, 'Ne plus recevoir cet e-mail')}`,
  });

  return {
    kind: 'my-day',
    to: input.to,
    subject,
    text,
    html,
    headers: unsubscribeHeaders(input.unsubscribeUrl),
  };
}
