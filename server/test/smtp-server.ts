import type { AddressInfo } from 'node:net';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/**
 * A real SMTP server (the `smtp-server` package) on a loopback port that keeps every mail
 * it is given, parsed (mailparser): what the mail tests read their links from.
 */
export interface TestSmtpServer {
  url: string;
  mails: ParsedMail[];
  /** The next mail to this address (one already received, or the next to come). */
  nextMailTo(address: string, timeoutMs?: number): Promise<ParsedMail>;
  close(): Promise<void>;
}

export async function startSmtpServer(): Promise<TestSmtpServer> {
  const mails: ParsedMail[] = [];
  const waiting: { address: string; resolve: (mail: ParsedMail) => void }[] = [];
  const taken = new Set<ParsedMail>();
  const to = (mail: ParsedMail) =>
    (Array.isArray(mail.to) ? mail.to : mail.to ? [mail.to] : []).flatMap((a) =>
      a.value.map((v) => v.address?.toLowerCase()),
    );
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((mail) => {
          mails.push(mail);
          const index = waiting.findIndex((w) => to(mail).includes(w.address));
          if (index >= 0) {
            taken.add(mail);
            waiting.splice(index, 1)[0]!.resolve(mail);
          }
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    nextMailTo(address, timeoutMs = 10_000) {
      const wanted = address.toLowerCase();
      const ready = mails.find((m) => !taken.has(m) && to(m).includes(wanted));
      if (ready) {
        taken.add(ready);
        return Promise.resolve(ready);
      }
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no mail to ${address}`)), timeoutMs);
        waiting.push({
          address: wanted,
          resolve: (mail) => {
            clearTimeout(timer);
            resolve(mail);
          },
        });
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The first address of ours in a mail's text (the link it carries). */
export function linkIn(mail: ParsedMail, origin: string): URL {
  const match = mail.text?.match(/https?:\/\/\S+/g)?.find((u) => u.startsWith(origin));
  if (!match) throw new Error(`no link to ${origin} in: ${mail.text}`);
  return new URL(match);
}
