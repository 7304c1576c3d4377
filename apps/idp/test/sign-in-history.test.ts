import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { TestBrowser } from '@pp/testing';
import { endAllAccountSessions } from '../src/sessions/account-security.ts';
import { createAccount } from '../src/accounts/accounts.ts';
import { idpSignIns } from '../src/db/schema.ts';
import { KEPT_PER_OUTCOME, recordSignInEntry } from '../src/sessions/sign-in-history.ts';
import { openSignIn, signIn, submitCredentials } from './support/oauth.ts';
import { sentNotices, useIdp } from './support/provider.ts';

const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0';
const PASSWORD = 'Verlauf-Passwort-1';

/** A browser with its own address (the throttle counts per address) and user agent. */
let counter = 0;
const browserWith = (userAgent = FIREFOX) =>
  new TestBrowser('de-DE', {
    'user-agent': userAgent,
    'x-forwarded-for': `203.0.113.${(++counter % 250) + 1}`,
  });

describe('the sign-in history', () => {
  const idp = useIdp();
  const db = () => idp.database.database.db;
  const newAccount = async (locale: 'de' | 'en' = 'de') => {
    const email = `verlauf-${randomUUID().slice(0, 8)}@example.com`;
    const account = await createAccount(db(), {
      email,
      password: PASSWORD,
      emailVerified: true,
      locale,
    });
    return account;
  };
  const entriesOf = (accountId: string) =>
    db().select().from(idpSignIns).where(eq(idpSignIns.accountId, accountId));
  const noticesTo = (email: string) => sentNotices.filter((mail) => mail.to === email);

  it('records a sign-in with method, browser and device, and a wrong password as a failure', async () => {
    const account = await newAccount();
    const browser = browserWith();
    const form = await openSignIn(browser, idp.running.issuer);
    const failed = await submitCredentials(
      browser,
      idp.running.issuer,
      form,
      account.email,
      'falsch',
    );
    expect(failed.response.status).toBe(401);
    await signIn(idp.running.issuer, account.email, PASSWORD, browser);
    const entries = await entriesOf(account.id);
    expect(entries.map((e) => e.outcome).sort()).toEqual(['failure', 'success']);
    const success = entries.find((e) => e.outcome === 'success');
    expect(success).toMatchObject({
      method: 'password',
      secondFactor: false,
      userAgent: FIREFOX,
      newBrowser: false,
    });
    // The browser came without the device cookie: no identity yet; it has the cookie now.
    expect(browser.cookieNames()).toContain('pp_idp_device');
    expect(success?.device ?? null).toBeNull();
  });

  it('records nothing for an address without an account', async () => {
    const browser = browserWith();
    const form = await openSignIn(browser, idp.running.issuer);
    const before = await db().select().from(idpSignIns);
    await submitCredentials(browser, idp.running.issuer, form, 'niemand@example.com', 'falsch');
    expect(await db().select().from(idpSignIns)).toHaveLength(before.length);
  });

  it('mails for a browser the account has not seen, not for the first sign-in, not for a known browser, at most once a day', async () => {
    const account = await newAccount('en');
    const first = browserWith();
    await signIn(idp.running.issuer, account.email, PASSWORD, first);
    // The account's first sign-in (just registered): no mail.
    expect(noticesTo(account.email)).toHaveLength(0);

    const second = browserWith(
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15',
    );
    await signIn(idp.running.issuer, account.email, PASSWORD, second);
    const notices = noticesTo(account.email);
    expect(notices).toHaveLength(1);
    expect(notices[0]).toMatchObject({ kind: 'new-browser-sign-in', language: 'en' });
    expect(notices[0]?.kind === 'new-browser-sign-in' && notices[0].securityLink.href).toBe(
      'http://localhost:3000/security',
    );

    // The first browser again, after its session ended: it keeps its device cookie, no mail.
    await endAllAccountSessions(db(), account.id);
    await signIn(idp.running.issuer, account.email, PASSWORD, first);
    expect(noticesTo(account.email)).toHaveLength(1);
    const known = await db()
      .select()
      .from(idpSignIns)
      .where(and(eq(idpSignIns.accountId, account.id), eq(idpSignIns.newBrowser, true)));
    expect(known).toHaveLength(1);

    // A third new browser the same day: recorded as new, but no second mail.
    await signIn(idp.running.issuer, account.email, PASSWORD, browserWith());
    expect(noticesTo(account.email)).toHaveLength(1);
    const news = await db()
      .select()
      .from(idpSignIns)
      .where(and(eq(idpSignIns.accountId, account.id), eq(idpSignIns.newBrowser, true)));
    expect(news).toHaveLength(2);
  });

  it('keeps the newest 30 of each outcome: failures never push the sign-ins out', async () => {
    const account = await newAccount();
    const entry = {
      accountId: account.id,
      method: 'password' as const,
      secondFactor: false,
      userAgent: '',
      device: undefined,
    };
    await recordSignInEntry(db(), { ...entry, outcome: 'success' });
    for (let i = 0; i < KEPT_PER_OUTCOME + 5; i += 1) {
      await recordSignInEntry(db(), { ...entry, outcome: 'failure' });
    }
    const entries = await entriesOf(account.id);
    expect(entries.filter((e) => e.outcome === 'failure')).toHaveLength(KEPT_PER_OUTCOME);
    expect(entries.filter((e) => e.outcome === 'success')).toHaveLength(1);
  });
});
