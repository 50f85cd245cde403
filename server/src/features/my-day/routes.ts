import type { FastifyInstance } from 'fastify';
import {
  MY_DAY_EMAIL_TOKEN_INVALID,
  MyDayEmailUpdateSchema,
  MyDayQuerySchema,
} from '#shared/my-day';
import { requireUser } from '../../auth/guard';
import { createMailer } from '../../auth/mailer';
import type { AppContext } from '../../context';
import { parse } from '../../lib/errors';
import { registerOneClickUnsubscribe } from '../../lib/one-click-unsubscribe';
import { sendDueMyDays, startMyDayEmails } from './email';
import { getMyDayEmail, setMyDayEmail, unsubscribeMyDayEmail } from './email-settings';
import { getMyDay } from './service';
import { UNSUBSCRIBE_PATH, unsubscribeUserId } from './tokens';

declare module 'fastify' {
  interface FastifyInstance {
    /** Tests' clock hook: send the « Ma journée » e-mails due at `now` from this node. */
    myDaySendDue(now?: Date): Promise<number>;
  }
}

/**
 * docs/product.md, « Ma journée »: `GET /api/me/day` — the caller's own day, nobody else's
 * (the route takes no user id); `GET|PUT /api/me/day/email`, the same day by e-mail at the
 * start of each working day, its one-click unsubscribe and, with SMTP configured, the sender
 * every node runs.
 */
export function registerMyDayRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.get('/api/me/day', async (request) => {
    const user = requireUser(request);
    const { date } = parse(MyDayQuerySchema, request.query);
    return getMyDay(ctx.db, user.id, date);
  });

  const mailer = createMailer(ctx.config, { redis: ctx.redis, log: app.log });
  const smtp = ctx.config.smtp;
  if (mailer && smtp) {
    const deps = {
      db: ctx.db,
      log: app.log,
      mailer,
      origin: smtp.publicUrl,
      secret: ctx.config.sessionSecret,
    };
    const stop = startMyDayEmails(deps, ctx.config.myDayPollMs);
    app.addHook('onClose', async () => {
      stop();
      mailer.close();
    });
    app.decorate('myDaySendDue', (now?: Date) => sendDueMyDays(deps, now));
  } else {
    app.decorate('myDaySendDue', async () => 0);
  }
  const canMail = Boolean(mailer);

  app.get('/api/me/day/email', async (request) =>
    getMyDayEmail(ctx.db, requireUser(request).id, canMail),
  );
  app.put('/api/me/day/email', async (request) => {
    const user = requireUser(request);
    const { enabled } = parse(MyDayEmailUpdateSchema, request.body);
    return setMyDayEmail(ctx.db, user.id, enabled, canMail);
  });

  const secret = ctx.config.sessionSecret;
  registerOneClickUnsubscribe(app, {
    path: UNSUBSCRIBE_PATH,
    userOf: (token) => unsubscribeUserId(secret, token),
    invalid: MY_DAY_EMAIL_TOKEN_INVALID,
    unsubscribe: (userId) => unsubscribeMyDayEmail(ctx.db, userId),
    texts: {
      askTitle: 'Ne plus recevoir « Ma journée » par e-mail\u00a0?',
      ask: 'Ruche ne vous enverra plus votre journée chaque matin. Vous pourrez la réactiver sur la page « Ma journée ».',
      done: 'Vous ne recevrez plus « Ma journée » par e-mail. Pour la réactiver, ouvrez',
      settingsLabel: 'Ma journée',
    },
    settingsPath: '/ma-journee',
  });
}
