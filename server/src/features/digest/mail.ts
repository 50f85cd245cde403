import type { Notification } from '#shared/notifications';
import type { Mail } from '../../auth/mailer';
import { escapeHtml, mailDocument, mailLink, unsubscribeHeaders } from '../../lib/mail-html';

/**
 * The e-mail of what someone missed (docs/product.md, « E-mail récapitulatif »): French, HTML
 * and plain text, the items grouped by conversation — sender, channel, excerpt, a link that
 * opens the message — then the preferences and the one-click unsubscribe (RFC 8058).
 * Everything people wrote is escaped: an excerpt is text, never markup.
 */

export interface DigestMailInput {
  to: string;
  /** The app's public address (PUBLIC_URL), without a trailing slash. */
  origin: string;
  items: Notification[];
  /** How many unseen items there are in all (the e-mail lists at most `items`). */
  total: number;
  unsubscribeUrl: string;
}

/**
 * One line of an excerpt: line breaks and runs of spaces folded, as a preview shows it (only
 * ASCII white space: the no-break spaces of French typography stay).
 */
const oneLine = (text: string) => text.replace(/[ \t\r\n\f\v]+/g, ' ').trim();

interface Group {
  label: string;
  items: Notification[];
}

function groupLabel(n: Notification): string {
  if (n.type === 'direct_message') return `Message direct de ${n.triggeredBy?.name ?? 'quelqu’un'}`;
  if (n.channelType === 'group') return n.channelName ?? 'Groupe privé';
  return `#${n.channelName ?? 'canal'}`;
}

/** By conversation, in the order of each one's first item. */
function groupItems(items: Notification[]): Group[] {
  const groups = new Map<string, Group>();
  for (const n of items) {
    const key = n.channelId ?? n.id;
    const group = groups.get(key) ?? { label: groupLabel(n), items: [] };
    group.items.push(n);
    groups.set(key, group);
  }
  return [...groups.values()];
}

export const messageUrl = (origin: string, n: Pick<Notification, 'channelId' | 'messageId'>) =>
  n.messageId
    ? `${origin}/channel/${n.channelId}?message=${n.messageId}`
    : `${origin}/channel/${n.channelId}`;

export function digestSubject(total: number): string {
  return total === 1 ? '1 message non lu sur Ruche' : `${total} messages non lus sur Ruche`;
}

export function digestMail(input: DigestMailInput): Mail {
  const { origin, items, total } = input;
  const groups = groupItems(items);
  const more = total - items.length;
  const settingsUrl = `${origin}/settings`;
  const subject = digestSubject(total);
  const intro = 'Pendant votre absence, on vous a écrit :';
  const moreLine =
    more > 0 ? `… et ${more} autre${more > 1 ? 's' : ''}, à lire dans Ruche.` : undefined;
  const footer =
    'Vous recevez cet e-mail car vous étiez absent. Choisissez son délai et sa fréquence, ou coupez-le, dans vos préférences de notification';

  const text = [
    intro,
    '',
    ...groups.flatMap((g) => [
      g.label,
      ...g.items.flatMap((n) => [
        `  ${n.triggeredBy?.name ?? 'Quelqu’un'} : ${oneLine(n.content ?? '')}`,
        `  Ouvrir : ${messageUrl(origin, n)}`,
      ]),
      '',
    ]),
    ...(moreLine ? [moreLine, ''] : []),
    `${footer} : ${settingsUrl}`,
    `Ne plus recevoir ces e-mails : ${input.unsubscribeUrl}`,
    '',
    '— Ruche',
  ].join('\n');

  const link = mailLink;
  const body = `${groups
    .map(
      (g) => `<h2 style="font-size:16px;margin:20px 0 8px">${escapeHtml(g.label)}</h2>
${g.items
  .map(
    (n) => `<div style="border-left:3px solid #f0b429;padding:4px 12px;margin:8px 0">
<p style="margin:0"><strong>${escapeHtml(n.triggeredBy?.name ?? 'Quelqu’un')}</strong></p>
<p style="margin:4px 0">${escapeHtml(oneLine(n.content ?? ''))}</p>
<p style="margin:0;font-size:13px">${link(messageUrl(origin, n), 'Ouvrir le message')}</p>
</div>`,
  )
  .join('\n')}`,
    )
    .join('\n')}
${moreLine ? `<p>${escapeHtml(moreLine)}</p>` : ''}`;
  const html = mailDocument({
    subject,
    intro,
    body,
    footer: `${escapeHtml(footer)}\u00a0: ${link(settingsUrl, 'mes préférences')}.<br>${link(input.unsubscribeUrl, 'Ne plus recevoir ces e-mails')}`,
  });

  return {
    kind: 'digest',
    to: input.to,
    subject,
    text,
    html,
    headers: unsubscribeHeaders(input.unsubscribeUrl),
  };
}
