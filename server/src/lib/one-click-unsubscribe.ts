import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { badRequest, HttpError } from './errors';
import { escapeHtml } from './mail-html';

/**
 * An e-mail's one-click unsubscribe (RFC 8058) at `path`: opened from an e-mail in any
 * browser, signed in or not, so its small pages are served by the server itself — no script
 * (the CSP allows none inline), dark like the app. Opening the link changes nothing (mail
 * scanners open links); its button, or a mail provider's one-click POST, turns the e-mail off.
 * Registered in a scope of its own: the only one that reads form bodies.
 */
export interface OneClickUnsubscribe {
  path: string;
  /** The person a token stops mailing, or null when it is not a valid one. */
  userOf(token: string | undefined): string | null;
  /** The message when it is not (400). */
  invalid: string;
  /** Turns the e-mail off; throws an HttpError (404: the account is gone). */
  unsubscribe(userId: string): Promise<void>;
  texts: { askTitle: string; ask: string; done: string; settingsLabel: string };
  /** Where the e-mail is turned back on. */
  settingsPath: string;
}

type WithToken = { Querystring: { token?: string }; Body: unknown };

function page(title: string, body: string): string {
  return `<!doctype html><html lang="fr" class="dark"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} — Ruche</title></head>
<body style="margin:0;min-height:100vh;display:grid;place-items:center;background:#0f1115;color:#e8e6e3;font-family:system-ui,sans-serif">
<main style="max-width:420px;margin:24px;padding:24px;border:1px solid #2a2e36;border-radius:16px;background:#171a21">
<h1 style="font-size:20px;margin:0 0 12px">${escapeHtml(title)}</h1>
${body}
</main></body></html>`;
}

const paragraph = (html: string) => `<p style="color:#a8a29e">${html}</p>`;

/** A browser (the page's form, a click in a webmail) gets a page; anything else JSON. */
const wantsPage = (request: FastifyRequest) => (request.headers.accept ?? '').includes('text/html');

function tokenOf(request: FastifyRequest<WithToken>): string | undefined {
  const body = request.body;
  if (request.query.token) return request.query.token;
  return body && typeof body === 'object' && 'token' in body && typeof body.token === 'string'
    ? body.token
    : undefined;
}

function refuse(request: FastifyRequest, reply: FastifyReply, err: unknown) {
  if (!(err instanceof HttpError) || !wantsPage(request)) throw err;
  const html = page('Lien non valable', paragraph(`${escapeHtml(err.message)}.`));
  return reply.code(err.statusCode).type('text/html; charset=utf-8').send(html);
}

export function registerOneClickUnsubscribe(app: FastifyInstance, o: OneClickUnsubscribe): void {
  app.register(async (scope) => {
    // Mail providers post `List-Unsubscribe=One-Click` form-encoded (or as multipart).
    const formLimit = { parseAs: 'string' as const, bodyLimit: 4096 };
    scope.addContentTypeParser('application/x-www-form-urlencoded', formLimit, (_req, body, done) =>
      done(null, Object.fromEntries(new URLSearchParams(String(body)))),
    );
    scope.addContentTypeParser('multipart/form-data', formLimit, (_req, _body, done) =>
      done(null, {}),
    );
    const userOf = (request: FastifyRequest<WithToken>) => {
      const userId = o.userOf(tokenOf(request));
      if (!userId) throw badRequest(o.invalid);
      return userId;
    };

    scope.get<WithToken>(o.path, async (request, reply) => {
      try {
        userOf(request);
      } catch (err) {
        return refuse(request, reply, err);
      }
      const action = `${o.path}?token=${encodeURIComponent(request.query.token ?? '')}`;
      // With the app's `no-referrer`, a browser posts the form with `Origin: null`, which the
      // check of foreign writes refuses (lib/security.ts); `same-origin` lets it say ours.
      reply.header('Referrer-Policy', 'same-origin');
      const html = page(
        o.texts.askTitle,
        `${paragraph(escapeHtml(o.texts.ask))}
<form method="post" action="${escapeHtml(action)}">
<button type="submit" style="margin-top:8px;padding:10px 18px;border:0;border-radius:8px;background:#f0b429;color:#1a1a1a;font-weight:600;font-size:15px;cursor:pointer">Me désabonner</button>
</form>`,
      );
      return reply.type('text/html; charset=utf-8').send(html);
    });

    scope.post<WithToken>(o.path, async (request, reply) => {
      try {
        await o.unsubscribe(userOf(request));
      } catch (err) {
        return refuse(request, reply, err);
      }
      if (!wantsPage(request)) return { unsubscribed: true };
      const link = `<a href="${escapeHtml(o.settingsPath)}" style="color:#f0b429">${escapeHtml(o.texts.settingsLabel)}</a>`;
      const html = page('C’est fait', paragraph(`${escapeHtml(o.texts.done)} ${link}.`));
      return reply.type('text/html; charset=utf-8').send(html);
    });
  });
}
