import { describe, expect, it } from 'vitest';
import { DEFAULT_THROTTLE, findAccountByEmail } from '@pp/idp';
import { passThrottleTime } from '@pp/idp/testing';
import { TestBrowser } from '@pp/testing';
import { newAddress } from './support/mails.ts';
import { getPage } from './support/pages.ts';
import { useEmbeddedProvider } from './support/provider.ts';
import { postConfirmation, registerWithLink } from './support/registration.ts';
import { submitSignIn } from './support/sign-in.ts';

// The third wrong password of an account from one address waits 30 seconds, the fifth of an address 20 (long
// enough for any slow step; the time passes in the database).
const provider = useEmbeddedProvider({
  throttle: {
    ...DEFAULT_THROTTLE,
    account: { freeFailures: 2, baseDelaySeconds: 30, maxDelaySeconds: 30 },
    address: { freeFailures: 4, baseDelaySeconds: 20, maxDelaySeconds: 20 },
  },
});
const db = () => provider.database.database.db;
const PASSWORD = 'Sicheres-Passwort-2026';
const waitFor = (seconds: string) => `Bitte warten Sie ${seconds}, bevor Sie es erneut versuchen.`;

const verified = async (email: string) => (await findAccountByEmail(db(), email))?.emailVerified;

describe('wrong passwords on the confirmation page', () => {
  it('slow the account down as failed sign-ins do, together with them; the link stays good', async () => {
    const email = newAddress();
    const link = await registerWithLink(provider, email, PASSWORD);
    const browser = provider.browser('de');
    let page = await getPage(browser, link);
    for (const expected of [false, false, true]) {
      page = await postConfirmation(provider, browser, link, page, 'Falsches-Passwort-1');
      expect(page.status).toBe(401);
      expect(page.html.includes(waitFor('30 Sekunden'))).toBe(expected);
    }
    // While the account waits at this address, no password is checked, the right one neither;
    // the sign-in from the same address counts the same failures. Another address does not
    // wait for them (decision 0051): its right password is checked (403: not confirmed yet).
    const waiting = await postConfirmation(provider, browser, link, page, PASSWORD);
    expect(waiting.status).toBe(429);
    expect(Number(waiting.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(waiting.html).toContain('Zu viele fehlgeschlagene Versuche.');
    expect(await verified(email)).toBe(false);
    const sameAddress = new TestBrowser('de', browser.extraHeaders);
    expect((await submitSignIn(provider, sameAddress, email, PASSWORD)).status).toBe(429);
    expect((await submitSignIn(provider, provider.browser(), email, PASSWORD)).status).toBe(403);

    await passThrottleTime(db(), 30);
    const confirmed = await postConfirmation(provider, browser, link, waiting, PASSWORD);
    expect(confirmed.status).toBe(200);
    expect(await verified(email)).toBe(true);
  });

  it('slow the client’s address down across accounts', async () => {
    const browser = provider.browser('de');
    const links = [];
    for (let i = 0; i < 3; i++)
      links.push(await registerWithLink(provider, newAddress(), PASSWORD));
    const [first, second, third] = links as [URL, URL, URL];
    for (const link of [first, first, second, second]) {
      const page = await getPage(browser, link);
      const wrong = await postConfirmation(provider, browser, link, page, 'Falsches-Passwort-1');
      expect(wrong.html).not.toContain('Bitte warten Sie');
    }
    const page = await getPage(browser, third);
    const fifth = await postConfirmation(provider, browser, third, page, 'Falsches-Passwort-1');
    expect(fifth.html).toContain(waitFor('20 Sekunden'));
    const right = await postConfirmation(provider, browser, third, fifth, PASSWORD);
    expect(right.status).toBe(429);
    // Another address is not affected.
    const elsewhere = provider.browser('de');
    const own = await getPage(elsewhere, third);
    expect((await postConfirmation(provider, elsewhere, third, own, PASSWORD)).status).toBe(200);
  });
});
