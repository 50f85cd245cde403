import type { FastifyInstance } from 'fastify';
import { DIGEST_TOKEN_INVALID, DigestSettingsSchema } from '#shared/digest';
import { requireUser } from '../../auth/guard';
import { createMailer } from '../../auth/mailer';
import type { AppContext } from '../../context';
import { parse } from '../../lib/errors';
import { registerOneClickUnsubscribe } from '../../lib/one-click-unsubscribe';
import { digestAvailability } from './availability';
import { sendDueDigests, startDigests } from './delivery';
import { getDigestSettings, unsubscribe, updateDigestSettings } from './service';
import { unsubscribeUserId } from './tokens';

declare module 'fastify' {
  interface FastifyInstance {
    /** Tests' clock hook: send the e-mails due at `now` from this node (docs/product.md). */
    digestSendDue(now?: Date): Promise<number>;
  }
}

/**
 * docs/product.md, « E-mail récapitulatif »: the person's settings (`/api/digest/settings`),
 * the one-click unsubscribe (`/api/digest/unsubscribe`, RFC 8058) and, with SMTP configured,
 * the sender every node runs.
 */
export function registerDigestRoutes(app: FastifyInstance, ctx: AppContext): void {
  const mailer = createMailer(ctx.config, { redis: ctx.redis, log: app.log });
  const smtp = ctx.config.smtp;
  if (mailer && smtp) {
    const deps = {
      db: ctx.db,
      realtime: ctx.realtime,
      log: app.log,
      mailer,
      origin: smtp.publicUrl,
      secret: ctx.config.sessionSecret,
      isAvailable: digestAvailability,
    };
    const stop = startDigests(deps, ctx.config.digestPollMs);
    app.addHook('onClose', async () => {
      stop();
      mailer.close();
    });
    app.decorate('digestSendDue', (now?: Date) => sendDueDigests(deps, now));
  } else {
    app.decorate('digestSendDue', async () => 0);
  }
  const canMail = Boolean(mailer);

  app.get('/api/digest/settings', async (request) =>
    getDigestSettings(ctx.db, requireUser(request).id, canMail),
  );
  app.put('/api/digest/settings', async (request) => {
    const user = requireUser(request);
    const input = parse(DigestSettingsSchema, request.body);
    return updateDigestSettings(ctx.db, user.id, input, canMail);
  });

  const secret = ctx.config.sessionSecret;
  registerOneClickUnsubscribe(app, {
    path: '/api/digest/unsubscribe',
    userOf: (token) => unsubscribeUserId(secret, token),
    invalid: DIGEST_TOKEN_INVALID,
    unsubscribe: (userId) => unsubscribe(ctx.db, userId),
    texts: {
      askTitle: 'Ne plus recevoir l’e-mail récapitulatif\u00a0?',
      ask: 'Ruche ne vous écrira plus pour ce que vous avez manqué pendant votre absence. Vous pourrez le réactiver dans vos préférences de notification.',
      done: 'Vous ne recevrez plus l’e-mail récapitulatif. Pour le réactiver, ouvrez vos',
      settingsLabel: 'préférences de notification',
    },
    settingsPath: '/settings',
  });
}
