import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestDatabase } from '@pp/database/testing';
import { normalizeHtml, TestBrowser } from '@pp/testing';
import { createAccount } from '../src/accounts/accounts.ts';
import { de } from '../src/i18n/de.ts';
import { en } from '../src/i18n/en.ts';
import { CEILING_ALERT } from '../src/sign-in/sign-in-attempt.ts';
import { findAccountByEmail } from '../src/accounts/accounts.ts';
import {
  DEFAULT_THROTTLE,
  delayAfter,
  forgetAccountFailures,
  type ThrottlePolicy,
} from '../src/sessions/throttle.ts';
import { openSignIn, submitCredentials } from './support/oauth.ts';
import { createIdpTestDatabase, startIdp, type RunningIdp } from './support/provider.ts';
import { passThrottleTime } from './support/throttle-clock.ts';

// Waits far longer than any test step takes; the time in between passes in the database.
const POLICY: ThrottlePolicy = {
  account: { freeFailures: 2, baseDelaySeconds: 30, maxDelaySeconds: 60 },
  address: { freeFailures: 3, baseDelaySeconds: 30, maxDelaySeconds: 30 },
  accountCeiling: { failures: 6, holdMilliseconds: 600 },
  mailRequests: { freeFailures: 10, baseDelaySeconds: 30, maxDelaySeconds: 30 },
  secondFactorAccount: DEFAULT_THROTTLE.secondFactorAccount,
  windowSeconds: 600,
};
const PASSWORD = 'Richtig-Passwort-1';

let database: TestDatabase;
let running: RunningIdp;
let addressCounter = 0;

const newAddress = () => `203.0.113.${++addressCounter}`;

/** A browser that the provider sees at `address`, by default an address of its own. */
const browserAt = (language = 'de', address = newAddress()) =>
  new TestBrowser(language, { 'x-forwarded-for': address });

async function attempt(
  browser: TestBrowser,
  email: string,
  password: string,
  issuer = running.issuer,
) {
  const form = await openSignIn(browser, issuer);
  const result = await submitCredentials(browser, issuer, form, email, password);
  const html = result.callback ? '' : normalizeHtml(await result.response.text());
  return { ...result, html };
}

const passTime = (seconds: number) => passThrottleTime(database.database.db, seconds);

async function newAccount() {
  const email = `throttle-${crypto.randomUUID()}@example.com`;
  await createAccount(database.database.db, { email, password: PASSWORD, emailVerified: true });
  return email;
}

beforeAll(async () => {
  database = await createIdpTestDatabase();
  running = await startIdp(database.database.db, { throttle: POLICY, trustProxy: true });
});

afterAll(async () => {
  await running?.close();
  await database?.drop();
});

describe('delays after failed sign-ins', () => {
  it('are free for the first failures, then double up to the maximum', () => {
    const policy = { freeFailures: 3, baseDelaySeconds: 2, maxDelaySeconds: 60 };
    expect([1, 2, 3, 4, 5, 6, 7, 8, 9, 20].map((n) => delayAfter(n, policy))).toEqual([
      0, 0, 0, 2, 4, 8, 16, 32, 60, 60,
    ]);
  });

  it('grow per account, say how long to wait, and never lock the account out', async () => {
    const email = await newAccount();
    const browser = browserAt('de');

    for (let i = 0; i < 2; i++) {
      const free = await attempt(browser, email, 'falsch');
      expect(free.response.status).toBe(401);
      expect(free.html).not.toContain('Bitte warten Sie');
    }
    const third = await attempt(browser, email, 'falsch');
    expect(third.response.status).toBe(401);
    expect(third.html).toContain('Bitte warten Sie 30 Sekunden, bevor Sie es erneut versuchen.');

    // Even the right password waits until the delay has passed.
    const early = await attempt(browser, email, PASSWORD);
    expect(early.response.status).toBe(429);
    expect(Number(early.response.headers.get('retry-after'))).toBeGreaterThan(25);
    expect(early.html).toMatch(
      /Zu viele fehlgeschlagene Anmeldeversuche\. Bitte warten Sie (29|30) Sekunden und versuchen Sie es dann erneut\./,
    );

    await passTime(30);
    const fourth = await attempt(browser, email, 'falsch');
    expect(fourth.html).toContain('Bitte warten Sie 60 Sekunden');

    await passTime(60);
    const sameAddress = browser.extraHeaders['x-forwarded-for'];
    const fifth = await attempt(browserAt('en', sameAddress), email, 'wrong');
    expect(fifth.html).toContain('Please wait 60 seconds before you try again.');

    // After the wait the right password works at the first try, from the same address.
    await passTime(60);
    const right = await attempt(browser, email, PASSWORD);
    expect(right.callback?.searchParams.get('code')).toBeTruthy();
  });

  it('say "1 Sekunde" and "1 second" in the singular', () => {
    expect(de.signIn.waitBeforeRetry(1)).toBe(
      'Bitte warten Sie 1 Sekunde, bevor Sie es erneut versuchen.',
    );
    expect(en.signIn.throttled(1)).toContain('Please wait 1 second and then try again.');
    expect(de.signIn.throttled(2)).toContain('Bitte warten Sie 2 Sekunden');
  });

  it('hold for parallel attempts: they wait for each other instead of passing together', async () => {
    const email = await newAccount();
    const address = newAddress();
    const browsers = Array.from({ length: 6 }, () => browserAt('de', address));
    const forms: Awaited<ReturnType<typeof openSignIn>>[] = [];
    for (const browser of browsers) forms.push(await openSignIn(browser, running.issuer));
    const results = await Promise.all(
      browsers.map((browser, index) =>
        submitCredentials(browser, running.issuer, forms[index]!, email, 'falsch'),
      ),
    );
    const statuses = results.map((result) => result.response.status).sort();
    // Two free failures, the third sets the first delay; the rest must wait.
    expect(statuses).toEqual([401, 401, 401, 429, 429, 429]);
  });

  it('count per client address across accounts', async () => {
    const browser = browserAt('en');
    const accounts = [await newAccount(), await newAccount(), await newAccount()];
    for (const email of accounts) {
      const result = await attempt(browser, email, 'wrong');
      expect(result.html).not.toContain('Please wait');
    }
    const fourth = await attempt(browser, await newAccount(), 'wrong');
    expect(fourth.html).toContain('Please wait 30 seconds before you try again.');

    const blocked = await attempt(browser, accounts[0] ?? '', PASSWORD);
    expect(blocked.response.status).toBe(429);
    // Another address is not affected.
    const elsewhere = await attempt(browserAt(), accounts[0] ?? '', PASSWORD);
    expect(elsewhere.callback?.searchParams.get('code')).toBeTruthy();
  });

  it('are kept in the database, so every instance enforces them', async () => {
    const email = await newAccount();
    const browser = browserAt('de');
    for (let i = 0; i < 3; i++) await attempt(browser, email, 'falsch');

    const other = await startIdp(database.database.db, { throttle: POLICY, trustProxy: true });
    try {
      const sameAddress = browser.extraHeaders['x-forwarded-for'];
      const blocked = await attempt(browserAt('de', sameAddress), email, PASSWORD, other.issuer);
      expect(blocked.response.status).toBe(429);
    } finally {
      await other.close();
    }
  });

  it('treat an unknown e-mail address like a wrong password', async () => {
    const browser = browserAt('en');
    const result = await attempt(browser, 'nobody@example.com', 'whatever');
    expect(result.response.status).toBe(401);
    expect(result.html).toContain('The e-mail address or the password is not correct.');
  });
});

describe('failures from one client address (security finding 23.1)', () => {
  it('do not keep the right password out when it comes from another address', async () => {
    const email = await newAccount();
    const attacker = browserAt('en');
    for (let i = 0; i < 3; i++) await attempt(attacker, email, 'wrong');

    const victim = await attempt(browserAt('en'), email, PASSWORD);
    expect(victim.response.status).toBe(303);
    expect(victim.callback?.searchParams.get('code')).toBeTruthy();

    // The attacker's address still waits, with the right password too.
    const again = await attempt(attacker, email, PASSWORD);
    expect(again.response.status).toBe(429);
    expect(Number(again.response.headers.get('retry-after'))).toBeGreaterThan(25);
  });

  it('keep the attacker waiting again after every wait, while the person is never refused', async () => {
    const email = await newAccount();
    const attacker = browserAt('en');
    for (let round = 0; round < 3; round++) {
      for (let i = 0; i < 3; i++) await attempt(attacker, email, 'wrong');
      const refused = await attempt(attacker, email, 'wrong');
      expect(refused.response.status).toBe(429);
      const victim = await attempt(browserAt('en'), email, PASSWORD);
      expect(victim.callback?.searchParams.get('code')).toBeTruthy();
      await passTime(60);
    }
  });

  it('past the ceiling across all addresses hold every attempt and raise an alert, but refuse none', async () => {
    const email = await newAccount();
    const { entries } = running.logger;
    const alertsBefore = entries.filter((entry) => entry.msg === CEILING_ALERT).length;
    for (let i = 0; i < 6; i++) {
      const guess = await attempt(browserAt('en'), email, 'wrong');
      expect(guess.response.status).toBe(401);
      expect(guess.html).not.toContain('Please wait');
    }
    const alerts = entries.filter((entry) => entry.msg === CEILING_ALERT);
    expect(alerts.length).toBe(alertsBefore + 1);
    expect(alerts.at(-1)?.level).toBe('warn');
    expect(JSON.stringify(alerts.at(-1)?.obj)).not.toContain(email);

    // A further guess from yet another address is held, then answered as usual: not refused.
    const started = performance.now();
    const held = await attempt(browserAt('en'), email, 'wrong');
    expect(held.response.status).toBe(401);
    expect(performance.now() - started).toBeGreaterThanOrEqual(600);

    // The right password is held as briefly and works at the first try.
    const victimStarted = performance.now();
    const victim = await attempt(browserAt('en'), email, PASSWORD);
    expect(performance.now() - victimStarted).toBeGreaterThanOrEqual(600);
    expect(victim.callback?.searchParams.get('code')).toBeTruthy();
  });

  it('do not refuse a browser that signed in to the account before, even at the same address', async () => {
    const email = await newAccount();
    const shared = newAddress();
    const person = browserAt('en', shared);
    const first = await attempt(person, email, PASSWORD);
    expect(first.callback?.searchParams.get('code')).toBeTruthy();

    // Someone else behind the same address (a shared connection) guesses until it must wait.
    const attacker = browserAt('en', shared);
    for (let i = 0; i < 4; i++) await attempt(attacker, email, 'wrong');
    expect((await attempt(attacker, email, PASSWORD)).response.status).toBe(429);

    const form = await openSignIn(person, running.issuer, { prompt: 'login' });
    const again = await submitCredentials(person, running.issuer, form, email, PASSWORD);
    expect(again.callback?.searchParams.get('code')).toBeTruthy();
  });

  it('count a known browser as known to its own account only', async () => {
    const [own, other] = [await newAccount(), await newAccount()];
    const shared = newAddress();
    const person = browserAt('en', shared);
    expect((await attempt(person, own, PASSWORD)).callback).toBeDefined();

    const attacker = browserAt('en', shared);
    for (let i = 0; i < 4; i++) await attempt(attacker, other, 'wrong');
    const form = await openSignIn(person, running.issuer, { prompt: 'login' });
    const refused = await submitCredentials(person, running.issuer, form, other, PASSWORD);
    expect(refused.response.status).toBe(429);
  });

  it('are all forgotten when the account gets a new password, and only its own', async () => {
    const [email, bystander] = [await newAccount(), await newAccount()];
    const clients = [browserAt('en'), browserAt('en')];
    for (const client of clients) {
      for (let i = 0; i < 3; i++) await attempt(client, email, 'wrong');
    }
    const theirs = browserAt('en');
    for (let i = 0; i < 3; i++) await attempt(theirs, bystander, 'wrong');

    // What the reset link does in its transaction (reset-password/change-password.ts).
    const account = await findAccountByEmail(database.database.db, email);
    if (!account) throw new Error('no account');
    await forgetAccountFailures(database.database.db, account);
    for (const client of clients) {
      expect((await attempt(client, email, PASSWORD)).callback).toBeDefined();
    }
    expect((await attempt(theirs, bystander, PASSWORD)).response.status).toBe(429);
  });
});
