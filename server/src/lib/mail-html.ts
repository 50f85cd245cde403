/**
 * The parts the server's French e-mails share (the digest, « Ma journée », the account mails):
 * text made safe for HTML, a link, the page around a body, the one-click unsubscribe headers
 * (RFC 8058). Texts and layout of each mail stay with its feature.
 */

/** Any text a person wrote, or an address, made inert inside HTML. */
export const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export const mailLink = (url: string, label: string) =>
  `<a href="${escapeHtml(url)}" style="color:#b7791f">${escapeHtml(label)}</a>`;

/** A mail's HTML: its subject as the title, an introduction, `body` (HTML), then `footer` (HTML). */
export function mailDocument(parts: {
  subject: string;
  intro: string;
  body: string;
  footer: string;
}): string {
  return `<!doctype html><html lang="fr"><body style="font-family:system-ui,sans-serif;color:#1a1a1a;max-width:560px;margin:auto;padding:24px">
<h1 style="font-size:20px">${escapeHtml(parts.subject)}</h1>
<p>${escapeHtml(parts.intro)}</p>
${parts.body}
<p style="color:#666;font-size:13px;margin-top:24px">${parts.footer}</p>
<p style="color:#666;font-size:13px">— Ruche</p></body></html>`;
}

/** The headers that let a mail client offer « Se désabonner » in one click. */
export const unsubscribeHeaders = (url: string) => ({
  'List-Unsubscribe': `<${url}>`,
  'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
});
