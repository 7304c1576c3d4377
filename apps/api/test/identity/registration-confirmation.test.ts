import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { findAccountByEmail, idpSchema } from '@pp/idp';
import { inputAttributes } from '@pp/testing';
import { newAddress } from './support/mails.ts';
import { getPage } from './support/pages.ts';
import { useEmbeddedProvider } from './support/provider.ts';
import { postConfirmation, registerWithLink } from './support/registration.ts';
import { signIn, submitSignIn } from './support/sign-in.ts';

const provider = useEmbeddedProvider();
const db = () => provider.database.database.db;
const STRANGER = 'Passwort-des-Fremden-1';
const OWNER = 'Passwort-der-Inhaberin-1';
const PORTAL = 'http://localhost:3000/';

const verified = async (email: string) => (await findAccountByEmail(db(), email))?.emailVerified;

// Security finding 1: registering somebody else's address chose its password, and the owner's
// click on the unexpected mail's link confirmed it (the api then links by verified address).
describe('a registration of somebody else’s address', () => {
  it('is not confirmed by its owner opening the link: the page asks for the registration’s password', async () => {
    const email = newAddress('inhaberin');
    const link = await registerWithLink(provider, email, STRANGER);

    const owner = provider.browser('de');
    const page = await getPage(owner, link);
    expect(page.status).toBe(200);
    expect(page.html).toContain('<h1>E-Mail-Adresse bestätigen</h1>');
    expect(page.html).toContain('Passwort ein, das Sie bei der Registrierung gewählt haben');
    expect(page.html).toContain('Sie haben sich nicht selbst registriert?');
    expect(inputAttributes(page.html, 'password')).toContain('autocomplete="current-password"');
    expect(inputAttributes(page.html, 'email')).toContain(`value="${email}"`);
    expect(page.html).toContain('<a href="/forgot-password?lang=de">');
    expect(await verified(email)).toBe(false);

    const guessed = await postConfirmation(provider, owner, link, page, OWNER);
    expect(guessed.status).toBe(401);
    expect(guessed.html).toContain('Das Passwort ist nicht richtig.');
    expect(inputAttributes(guessed.html, 'password')).toContain('aria-invalid="true"');
    expect(guessed.html).not.toContain(OWNER);
    expect(await verified(email)).toBe(false);

    const stranger = await submitSignIn(provider, provider.browser(), email, STRANGER);
    expect(stranger.status).toBe(403);
    expect(stranger.code).toBeUndefined();
  });
});

describe('confirming a new account', () => {
  it('takes the registration’s password; the link is then used up', async () => {
    const email = newAddress();
    const link = await registerWithLink(provider, email, OWNER);
    const browser = provider.browser('de');
    // A link checker's HEAD learns whether the link is good, and changes nothing.
    expect((await fetch(link, { method: 'HEAD' })).status).toBe(200);

    const page = await getPage(browser, link);
    const confirmed = await postConfirmation(provider, browser, link, page, OWNER);
    expect(confirmed.status).toBe(200);
    expect(confirmed.html).toContain('<h1>E-Mail-Adresse bestätigt</h1>');
    expect(confirmed.html).toContain(`<a class="button primary" href="${PORTAL}">Zum Portal</a>`);
    expect(await verified(email)).toBe(true);
    await expect(signIn(provider, email, OWNER)).resolves.toBeTruthy();

    const again = await getPage(browser, link);
    expect(again.status).toBe(400);
    expect(again.html).toContain('<h1>Link nicht mehr gültig</h1>');
    const reposted = await postConfirmation(provider, browser, link, page, OWNER);
    expect(reposted.status).toBe(400);
    expect(reposted.html).toContain('<h1>Link nicht mehr gültig</h1>');
  });

  it('says what happens in English as well', async () => {
    const email = newAddress();
    const link = await registerWithLink(provider, email, OWNER, 'en');
    const browser = provider.browser('de');
    const page = await getPage(browser, link);
    expect(page.html).toContain('<html lang="en">');
    expect(page.html).toContain('<h1>Confirm your e-mail address</h1>');
    expect(page.html).toContain('enter the password you chose when you registered');
    expect(page.html).toContain('You did not register yourself?');
    const wrong = await postConfirmation(provider, browser, link, page, STRANGER);
    expect(wrong.html).toContain('The password is not correct.');
    const done = await postConfirmation(provider, browser, link, wrong, OWNER);
    expect(done.html).toContain('<h1>E-mail address confirmed</h1>');
  });

  it('is refused with an expired link, also with the right password', async () => {
    const email = newAddress();
    const link = await registerWithLink(provider, email, OWNER);
    const browser = provider.browser('de');
    const page = await getPage(browser, link);
    const account = await findAccountByEmail(db(), email);
    await db()
      .update(idpSchema.idpAccountTokens)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(idpSchema.idpAccountTokens.accountId, account?.id ?? ''));

    expect((await getPage(browser, link)).status).toBe(400);
    const posted = await postConfirmation(provider, browser, link, page, OWNER);
    expect(posted.status).toBe(400);
    expect(posted.html).toContain('<h1>Link nicht mehr gültig</h1>');
    expect(await verified(email)).toBe(false);
  });
});
