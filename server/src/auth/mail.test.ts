import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiErrorBody } from '#shared/auth';
import type { User } from '#shared/users';
import { TestClient } from '../../test/client';
import { buildUser } from '../../test/factories';
import { freePort, startTestServer, type TestServer } from '../../test/server';
import { linkIn, startSmtpServer, type TestSmtpServer } from '../../test/smtp-server';
import { canonicalMailbox } from './mailer';
import { authTokens } from './schema';

let smtp: TestSmtpServer;
let server: TestServer;
beforeAll(async () => {
  smtp = await startSmtpServer();
  const port = await freePort();
  server = await startTestServer({
    port,
    env: { PUBLIC_URL: `http://127.0.0.1:${port}`, SMTP_URL: smtp.url },
  });
});
afterAll(async () => {
  await server?.close();
  await smtp?.close();
});

const uniqueEmail = (name: string) =>
  `${name}-${Math.random().toString(36).slice(2, 8)}@ruche.test`;
const path = (url: URL) => url.pathname + url.search;
const CHECK_YOUR_MAIL = {
  verificationSent: true,
  message: 'Vérifiez votre boîte mail : un lien de confirmation vous a été envoyé.',
};

describe('sign-up with mail configured', () => {
  it('confirms the address by a link before the account opens', async () => {
    const email = uniqueEmail('ines');
    const browser = new TestClient(server.url);
    const res = await browser.post('/api/auth/register', {
      email,
      password: 'ruche-phrase-secrète',
    });
    expect(res.status).toBe(202);
    expect(res.body).toEqual(CHECK_YOUR_MAIL);
    expect(browser.cookies.has('ruche_session')).toBe(false);

    const mail = await smtp.nextMailTo(email);
    expect(mail.subject).toBe('Confirmez votre adresse e-mail');
    expect(mail.html).toContain('Confirmer mon adresse');

    // Signing in first: refused, and a fresh link goes out.
    const early = await browser.post<ApiErrorBody>('/api/auth/login', {
      email,
      password: 'ruche-phrase-secrète',
    });
    expect(early.status).toBe(403);
    expect(early.body.message).toMatch(/^Confirmez d’abord votre adresse e-mail/);
    await smtp.nextMailTo(email);

    const link = linkIn(mail, server.url);
    expect(link.pathname).toBe('/api/auth/verify-email');
    const opened = await browser.get(path(link));
    expect(opened.status).toBe(302);
    expect(opened.headers.get('location')).toBe('/');
    expect((await browser.get<User>('/api/auth/user')).body.email).toBe(email);

    // Used once.
    const again = await new TestClient(server.url).get(path(link));
    expect(again.headers.get('location')).toBe('/login?verification=invalid');
  });

  it('brings the person to the page they were going to, never to another site', async () => {
    for (const [next, landing] of [
      ['/join-channel/ABCD2345', '/join-channel/ABCD2345'],
      ['//evil.example/x', '/'],
    ]) {
      const email = uniqueEmail('jade');
      const browser = new TestClient(server.url);
      await browser.post('/api/auth/register', { email, password: 'ruche-phrase-secrète', next });
      const opened = await browser.get(path(linkIn(await smtp.nextMailTo(email), server.url)));
      expect(opened.status).toBe(302);
      expect(opened.headers.get('location')).toBe(landing);
    }
  });

  it('answers alike for an address that already has an account, and tells its owner', async () => {
    const owner = await buildUserByMail(uniqueEmail('owner'));
    const res = await new TestClient(server.url).post('/api/auth/register', {
      email: owner,
      password: 'une-autre-phrase-secrète',
    });
    expect(res.status).toBe(202);
    expect(res.body).toEqual(CHECK_YOUR_MAIL);
    const mail = await smtp.nextMailTo(owner);
    expect(mail.subject).toBe('Vous avez déjà un compte Ruche');
    // The old password still opens the account: nothing changed.
    const login = await new TestClient(server.url).post('/api/auth/login', {
      email: owner,
      password: 'ruche-phrase-secrète',
    });
    expect(login.status).toBe(200);
  });
});

/** A confirmed account, through the mail flow; its password is 'ruche-phrase-secrète'. */
async function buildUserByMail(email: string): Promise<string> {
  const browser = new TestClient(server.url);
  await browser.post('/api/auth/register', { email, password: 'ruche-phrase-secrète' });
  const opened = await browser.get(path(linkIn(await smtp.nextMailTo(email), server.url)));
  expect(opened.status).toBe(302);
  return email;
}

describe('forgotten password', () => {
  it('answers alike for an unknown address, and sends nothing', async () => {
    const before = smtp.mails.length;
    const res = await new TestClient(server.url).post<{ message: string }>(
      '/api/auth/password-reset',
      { email: uniqueEmail('personne') },
    );
    expect(res.status).toBe(202);
    expect(res.body.message).toMatch(/^Si un compte utilise cette adresse/);
    await new Promise((r) => setTimeout(r, 300));
    expect(smtp.mails.length).toBe(before);
  });

  it('resets by a single-use link, checks the strength, and ends every session', async () => {
    const email = await buildUserByMail(uniqueEmail('oubli'));
    const signedIn = new TestClient(server.url);
    await signedIn.post('/api/auth/login', { email, password: 'ruche-phrase-secrète' });

    const asked = await new TestClient(server.url).post('/api/auth/password-reset', { email });
    expect(asked.status).toBe(202);
    const mail = await smtp.nextMailTo(email);
    expect(mail.subject).toBe('Réinitialisez votre mot de passe');
    const link = linkIn(mail, server.url);
    expect(link.pathname).toBe('/login');
    const token = link.searchParams.get('reset')!;
    // Only its hash is stored.
    const rows = await server.database.db.select().from(authTokens);
    expect(rows.some((r) => r.tokenHash === token)).toBe(false);

    const weak = await new TestClient(server.url).post<ApiErrorBody>(
      '/api/auth/password-reset/confirm',
      { token, newPassword: '12345678' },
    );
    expect(weak.status).toBe(400);
    expect(weak.body.errors?.newPassword?.[0]).toMatch(/trop facile à deviner/);

    const done = await new TestClient(server.url).post('/api/auth/password-reset/confirm', {
      token,
      newPassword: 'nouvelle-phrase-bien-longue',
    });
    expect(done.status).toBe(204);
    expect((await signedIn.get('/api/auth/user')).status).toBe(401);
    const login = (password: string) =>
      new TestClient(server.url).post('/api/auth/login', { email, password });
    expect((await login('ruche-phrase-secrète')).status).toBe(401);
    expect((await login('nouvelle-phrase-bien-longue')).status).toBe(200);

    const reused = await new TestClient(server.url).post<ApiErrorBody>(
      '/api/auth/password-reset/confirm',
      { token, newPassword: 'encore-une-autre-phrase' },
    );
    expect(reused.status).toBe(400);
    expect(reused.body.message).toBe('Ce lien n’est plus valable : demandez-en un nouveau');
  });

  it('refuses an expired link', async () => {
    const email = await buildUserByMail(uniqueEmail('tard'));
    await new TestClient(server.url).post('/api/auth/password-reset', { email });
    const token = linkIn(await smtp.nextMailTo(email), server.url).searchParams.get('reset')!;
    await server.database.db
      .update(authTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(authTokens.kind, 'reset_password'));
    const res = await new TestClient(server.url).post('/api/auth/password-reset/confirm', {
      token,
      newPassword: 'nouvelle-phrase-bien-longue',
    });
    expect(res.status).toBe(400);
  });
});

describe('mail per address', () => {
  const resetsSentTo = (email: string) =>
    smtp.mails.filter(
      (m) =>
        m.subject === 'Réinitialisez votre mot de passe' &&
        JSON.stringify(m.to).toLowerCase().includes(email.toLowerCase()),
    ).length;

  it('sends an address at most 3 reset mails an hour, answering alike; another address still gets its own', async () => {
    const target = await buildUserByMail(uniqueEmail('cible'));
    const other = await buildUserByMail(uniqueEmail('autre'));
    const ask = (email: string) =>
      new TestClient(server.url).post<{ message: string }>('/api/auth/password-reset', { email });
    const answers = [];
    for (let i = 0; i < 4; i++) answers.push(await ask(target));
    // Every answer is the one an unknown address gets: nothing tells that mail was held back.
    for (const answer of answers) {
      expect(answer.status).toBe(202);
      expect(answer.body).toEqual(answers[0]!.body);
    }
    expect((await ask(other)).status).toBe(202);
    await smtp.nextMailTo(other);
    // The other address's mail came after the fourth request's would have.
    await new Promise((r) => setTimeout(r, 300));
    expect(resetsSentTo(target)).toBe(3);
  });

  it('counts the sub-addresses of one mailbox as that mailbox: the 4th sign-up confirmation to x+1@, x+2@… is not sent', async () => {
    const [local, domain] = uniqueEmail('boite').split('@');
    const tagged = [1, 2, 3, 4].map((i) => `${local}+${i}@${domain}`);
    const confirmationsTo = (email: string) =>
      smtp.mails.filter(
        (m) =>
          m.subject === 'Confirmez votre adresse e-mail' &&
          JSON.stringify(m.to).toLowerCase().includes(email),
      ).length;
    for (const email of tagged) {
      const res = await new TestClient(server.url).post('/api/auth/register', {
        email,
        password: 'ruche-phrase-secrète',
      });
      expect(res.body).toEqual(CHECK_YOUR_MAIL);
    }
    await smtp.nextMailTo(tagged[2]!);
    const other = uniqueEmail('autre');
    await new TestClient(server.url).post('/api/auth/register', {
      email: other,
      password: 'ruche-phrase-secrète',
    });
    await smtp.nextMailTo(other);
    // The other address's mail came after the fourth request's would have.
    await new Promise((r) => setTimeout(r, 300));
    expect(tagged.map(confirmationsTo)).toEqual([1, 1, 1, 0]);
  });

  it.each([
    ['Victim@Example.org', 'victim@example.org'],
    ['victim+ruche@example.org', 'victim@example.org'],
    ['v.i.c.t.i.m+1@gmail.com', 'victim@gmail.com'],
    ['V.ictim@GoogleMail.com', 'victim@gmail.com'],
    ['v.ictim@example.org', 'v.ictim@example.org'],
  ])('reads %s as the mailbox %s', (address, mailbox) => {
    expect(canonicalMailbox(address)).toBe(mailbox);
  });
});

describe('without mail', () => {
  it('signs up at once and has no reset route', async () => {
    const plain = await startTestServer();
    try {
      const alice = await buildUser(plain);
      expect(alice.user.email).toBeTruthy();
      const res = await new TestClient(plain.url).post('/api/auth/password-reset', {
        email: alice.user.email,
      });
      expect(res.status).toBe(404);
    } finally {
      await plain.close();
    }
  });
});
