import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { findAccountByEmail, idpSchema } from '@pp/idp';
import { inputAttributes } from '@pp/testing';
import { mailOutbox } from '../../src/db/schema.ts';
import { mailsTo, newAddress } from './support/mails.ts';
import { submitPage } from './support/pages.ts';
import { useEmbeddedProvider } from './support/provider.ts';
import { submitSignIn } from './support/sign-in.ts';

const provider = useEmbeddedProvider();
const db = () => provider.database.database.db;
const GOOD = 'Sicheres-Passwort-2026';

interface Case {
  name: string;
  email: string;
  password?: string;
  repeat?: string;
  lang?: 'de' | 'en';
  /** The input the error is tied to, and its text. */
  field: 'email' | 'password' | 'password-repeat';
  message: string;
}

const id = () => crypto.randomUUID().slice(0, 8);
const address = newAddress('regel');

const CASES: Case[] = [
  {
    name: 'a prohibited alias',
    email: `info@praxis-${id()}.de`,
    field: 'email',
    message: 'Adressen gemeinsamer Postfächer wie info@ oder praxis@ sind nicht möglich.',
  },
  {
    name: 'a prohibited alias with a tag, in English',
    email: `Praxis+Team@praxis-${id()}.de`,
    lang: 'en',
    field: 'email',
    message: 'Addresses of shared mailboxes such as info@ or office@ cannot be used.',
  },
  {
    name: 'a malformed address',
    email: `kein-at-zeichen-${id()}.example.com`,
    field: 'email',
    message: 'Bitte geben Sie eine gültige E-Mail-Adresse ein',
  },
  {
    name: 'a local part that is not ASCII (a Kelvin sign, which NFC folds onto K)',
    email: 'ben.\u212Arause@example.com',
    field: 'email',
    message: 'Bitte geben Sie eine gültige E-Mail-Adresse ein',
  },
  {
    name: 'a short password',
    email: newAddress('kurz'),
    password: 'Kurz-123',
    field: 'password',
    message: 'Das Passwort muss mindestens 10 Zeichen lang sein.',
  },
  {
    name: 'a password longer than 1024 characters, in English',
    email: newAddress('lang'),
    password: 'x'.repeat(1025),
    lang: 'en',
    field: 'password',
    message: 'The password may be at most 1024 characters long.',
  },
  {
    name: 'the address as the password',
    email: address,
    password: address.toUpperCase(),
    field: 'password',
    message: 'Das Passwort darf nicht Ihre E-Mail-Adresse sein.',
  },
  {
    name: 'a repetition that does not match',
    email: newAddress('wiederholung'),
    repeat: `${GOOD}!`,
    field: 'password-repeat',
    message: 'Die beiden Passwörter stimmen nicht überein.',
  },
];

describe('the registration form', () => {
  it.each(CASES)(
    'refuses $name under its field, keeps the address, stores and sends nothing',
    async (c) => {
      const password = c.password ?? GOOD;
      const lang = c.lang ?? 'de';
      const outboxBefore = await db().$count(mailOutbox);
      const page = await submitPage(
        provider.browser(lang),
        provider.issuer,
        '/register',
        { email: c.email, password, passwordRepeat: c.repeat ?? password },
        lang,
      );

      expect(page.status).toBe(400);
      expect(page.html).toContain(`<html lang="${lang}">`);
      expect(page.html).toContain(`<p class="field-error" id="${c.field}-error">${c.message}`);
      const attributes = inputAttributes(page.html, c.field);
      expect(attributes).toContain('aria-invalid="true"');
      expect(attributes).toMatch(new RegExp(`aria-describedby="${c.field}-error( |")`));
      expect(attributes).toContain('autofocus');
      expect(page.html).toMatch(/<div class="alert" id="form-error" role="alert">/);
      expect(inputAttributes(page.html, 'email')).toContain(
        `value="${c.email.replace(/"/g, '&quot;')}"`,
      );
      expect(page.html).not.toContain(password);

      expect(await findAccountByEmail(db(), c.email)).toBeUndefined();
      expect(await db().$count(mailOutbox)).toBe(outboxBefore);
    },
  );

  it('asks for everything at once when nothing was typed', async () => {
    const page = await submitPage(provider.browser('en'), provider.issuer, '/register', {}, 'en');
    expect(page.status).toBe(400);
    expect(page.html).toContain('Please enter your e-mail address.');
    expect(page.html).toContain('The password must be at least 10 characters long.');
    expect(inputAttributes(page.html, 'password-repeat')).not.toContain('aria-invalid');
  });

  it('never reaches Ben’s account with a Kelvin sign: no mail to him, his account unchanged', async () => {
    const ben = await findAccountByEmail(db(), 'ben.krause@example.com');
    await submitPage(provider.browser(), provider.issuer, '/register', {
      email: 'ben.\u212Arause@example.com',
      password: GOOD,
      passwordRepeat: GOOD,
    });
    await submitPage(provider.browser(), provider.issuer, '/forgot-password', {
      email: 'ben.\u212Arause@example.com',
    });
    expect(await mailsTo(db(), 'ben.krause@example.com')).toEqual([]);
    expect(await findAccountByEmail(db(), 'ben.krause@example.com')).toEqual(ben);
    const signIn = await submitSignIn(
      provider,
      provider.browser(),
      'ben.\u212Arause@example.com',
      'Demo-Portal-2026',
    );
    expect(signIn.status).toBe(401);
  });

  it('stores a new address in its normal form', async () => {
    const local = `Neue.Person.${id()}`;
    const page = await submitPage(provider.browser(), provider.issuer, '/register', {
      email: ` ${local}@Müller-Praxis.DE `,
      password: GOOD,
      passwordRepeat: GOOD,
    });
    expect(page.status).toBe(200);
    const normal = `${local.toLowerCase()}@xn--mller-praxis-dlb.de`;
    const [account] = await db()
      .select()
      .from(idpSchema.idpAccounts)
      .where(eq(idpSchema.idpAccounts.email, normal));
    expect(account?.emailVerified).toBe(false);
    expect((await mailsTo(db(), normal)).map((mail) => mail.template)).toEqual([
      'account-verification',
    ]);
  });
});
