import nodemailer from 'nodemailer';
import type { Config } from '../config';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
  close(): void;
}

/** Mail through SMTP_URL (nodemailer), or none: then nothing is ever sent by mail. */
export function createMailer(config: Config): Mailer | undefined {
  if (!config.smtp) return undefined;
  const { from } = config.smtp;
  const transport = nodemailer.createTransport(config.smtp.url);
  return {
    async send(mail) {
      await transport.sendMail({ from, ...mail });
    },
    close: () => transport.close(),
  };
}
