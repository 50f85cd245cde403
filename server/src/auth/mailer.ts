import { createHmac } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import nodemailer from 'nodemailer';
import type { Config } from '../config';
import { SharedTokenBuckets } from '../lib/shared-token-bucket';

/** What a mail is for: the limit per address counts each kind apart. */
export type MailKind = 'sign-up' | 'reset' | 'digest' | 'my-day';

export interface Mail {
  kind: MailKind;
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Extra headers, e.g. a digest's List-Unsubscribe and List-Unsubscribe-Post (RFC 8058). */
  headers?: Record<string, string>;
}

export interface Mailer {
  /** Sends, unless this address had its share of this kind of mail (then logs, sends nothing). */
  send(mail: Mail): Promise<void>;
  close(): void;
}

/**
 * docs/security.md, "Mail per address": anyone may ask Ruche to mail any address (sign-up,
 * a reset); the per-IP limit does not stop many IPs from burying one inbox. So each address
 * gets at most this many mails of a kind at once, and this many more per hour after that.
 */
export const MAILS_PER_ADDRESS_PER_HOUR = 3;

/** Domains whose mailboxes ignore dots in the local part, and the one they are known by. */
const DOTLESS_DOMAINS: Readonly<Record<string, string>> = {
  'gmail.com': 'gmail.com',
  'googlemail.com': 'gmail.com',
};

/**
 * The inbox an address reaches, for the limit per address: lower case, without its `+tag`
 * (sub-addressing, RFC 5233: `victim+1@` and `victim+2@` reach `victim@`), and for Gmail
 * without the dots of its local part, which Gmail ignores (`v.ictim@googlemail.com` is
 * `victim@gmail.com`). Only the limit's key: the mail still goes to the address given.
 */
export function canonicalMailbox(address: string): string {
  const lower = address.trim().toLowerCase();
  const at = lower.lastIndexOf('@');
  if (at < 0) return lower;
  let local = lower.slice(0, at).split('+')[0]!;
  let domain = lower.slice(at + 1);
  const dotless = DOTLESS_DOMAINS[domain];
  if (dotless) {
    local = local.replaceAll('.', '');
    domain = dotless;
  }
  return `${local}@${domain}`;
}

interface MailerDeps {
  redis: Redis | undefined;
  log: FastifyBaseLogger;
}

/** Mail through SMTP_URL (nodemailer), or none: then nothing is ever sent by mail. */
export function createMailer(config: Config, deps: MailerDeps): Mailer | undefined {
  if (!config.smtp) return undefined;
  const { from } = config.smtp;
  const transport = nodemailer.createTransport(config.smtp.url);
  // Shared by the nodes through Redis when configured, like the other limits (finding 6).
  const perAddress = new SharedTokenBuckets(
    MAILS_PER_ADDRESS_PER_HOUR,
    MAILS_PER_ADDRESS_PER_HOUR / 3600,
    deps.redis,
    `${config.redisPrefix}:mail:`,
    deps.log,
  );
  const sweep = setInterval(() => perAddress.sweep(), 10 * 60_000);
  sweep.unref();
  // The address is never written in clear, neither in Redis nor in the log: a keyed hash
  // names its mailbox (the same inbox, the same name, for whoever reads the log with the
  // secret). No looser bucket per domain: it would let anyone stop every mail to gmail.com.
  const addressId = (to: string) =>
    createHmac('sha256', config.sessionSecret).update(canonicalMailbox(to)).digest('hex');
  return {
    async send({ kind, ...mail }) {
      const recipient = addressId(mail.to);
      if ((await perAddress.take(`${kind}:${recipient}`)) > 0) {
        deps.log.warn(
          { mailKind: kind, recipient: recipient.slice(0, 16) },
          'mail not sent: this address had its share this hour',
        );
        return;
      }
      await transport.sendMail({ from, ...mail });
    },
    close: () => {
      clearInterval(sweep);
      transport.close();
    },
  };
}
