import { escapeHtml } from '../lib/mail-html';
import type { Mail, MailKind } from './mailer';

function layout(title: string, lines: string[], action?: { label: string; url: string }): string {
  const button = action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(action.url)}" style="background:#f0b429;color:#1a1a1a;padding:12px 20px;border-radius:8px;text-decoration:none;font-weight:600">${escapeHtml(action.label)}</a></p>
<p style="color:#666;font-size:13px">Si le bouton ne fonctionne pas, copiez cette adresse dans votre navigateur :<br>${escapeHtml(action.url)}</p>`
    : '';
  return `<!doctype html><html lang="fr"><body style="font-family:system-ui,sans-serif;color:#1a1a1a;max-width:560px;margin:auto;padding:24px">
<h1 style="font-size:20px">${escapeHtml(title)}</h1>
${lines.map((l) => `<p>${escapeHtml(l)}</p>`).join('\n')}
${button}
<p style="color:#666;font-size:13px">— Ruche</p></body></html>`;
}

function mail(
  kind: MailKind,
  to: string,
  subject: string,
  lines: string[],
  action?: { label: string; url: string },
): Mail {
  const text = [
    ...lines,
    ...(action ? ['', `${action.label} : ${action.url}`] : []),
    '',
    '— Ruche',
  ].join('\n');
  return { kind, to, subject, text, html: layout(subject, lines, action) };
}

export const verifyEmailMail = (to: string, url: string) =>
  mail(
    'sign-up',
    to,
    'Confirmez votre adresse e-mail',
    [
      'Bienvenue dans Ruche ! Pour terminer la création de votre compte, confirmez votre adresse e-mail.',
      'Ce lien est valable 48 heures. Si vous n’avez pas créé de compte, ignorez ce message.',
    ],
    { label: 'Confirmer mon adresse', url },
  );

export const accountExistsMail = (to: string, loginUrl: string) =>
  mail(
    'sign-up',
    to,
    'Vous avez déjà un compte Ruche',
    [
      'Quelqu’un (vous, sans doute) a voulu créer un compte Ruche avec cette adresse, qui en a déjà un.',
      'Connectez-vous avec votre mot de passe, ou choisissez « Mot de passe oublié ? » sur la page de connexion.',
      'Si ce n’était pas vous, ignorez ce message : rien n’a changé.',
    ],
    { label: 'Se connecter', url: loginUrl },
  );

export const resetPasswordMail = (to: string, url: string) =>
  mail(
    'reset',
    to,
    'Réinitialisez votre mot de passe',
    [
      'Une réinitialisation du mot de passe de votre compte Ruche a été demandée.',
      'Ce lien ne sert qu’une fois et expire dans 30 minutes. Vos sessions ouvertes seront déconnectées.',
      'Si vous n’avez rien demandé, ignorez ce message : votre mot de passe reste le même.',
    ],
    { label: 'Choisir un nouveau mot de passe', url },
  );
