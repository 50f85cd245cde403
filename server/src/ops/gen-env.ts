/**
 * `npm run admin -- gen-env [https://ruche.exemple.fr]`: a `.env` for compose.yaml (docs/
 * operations.md, "compose.yaml"), with every secret the nodes must share made fresh: the
 * session secret, the calendar token key, the Web Push key pair, and the passwords and keys
 * of PostgreSQL, the S3 store and TURN. Printed, never written: the operator redirects it
 * (`> .env`) and keeps it with the backups.
 */
import { randomBytes } from 'node:crypto';
import webpush from 'web-push';

const token = (bytes: number) => randomBytes(bytes).toString('base64url');

export function generateEnv(publicUrl = 'https://ruche.exemple.fr', now = new Date()): string {
  const url = new URL(publicUrl);
  const vapid = webpush.generateVAPIDKeys();
  const lines = [
    `# Ruche: shared by every node of compose.yaml. Made by npm run admin -- gen-env, ${now.toISOString()}.`,
    '# Keep it secret, and keep it with the backups: without SESSION_SECRET everyone signs in',
    '# again; without CALENDAR_TOKEN_KEY calendar connections must be made again.',
    `PUBLIC_URL=${url.origin}`,
    '# Caddy gets a certificate for this name (the DNS must point at this host).',
    `RUCHE_SITE=${url.hostname}`,
    `POSTGRES_PASSWORD=${token(24)}`,
    `SESSION_SECRET=${token(32)}`,
    `CALENDAR_TOKEN_KEY=${randomBytes(32).toString('base64')}`,
    `VAPID_PUBLIC_KEY=${vapid.publicKey}`,
    `VAPID_PRIVATE_KEY=${vapid.privateKey}`,
    '# The S3 store (SeaweedFS in compose.yaml) is made with these keys on its first start.',
    `S3_ACCESS_KEY_ID=ruche${randomBytes(6).toString('hex')}`,
    `S3_SECRET_ACCESS_KEY=${token(30)}`,
    '# coturn and the nodes share it (TURN REST credentials); TURN_HOST: the public name or',
    '# address browsers reach coturn at.',
    `TURN_SECRET=${token(32)}`,
    `TURN_HOST=${url.hostname}`,
    "# The host's public IPv4 address: Janus and coturn announce it to browsers. Set it;",
    '# compose refuses to start without it.',
    'PUBLIC_IP=',
  ];
  return `${lines.join('\n')}\n`;
}
