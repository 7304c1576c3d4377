import { sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { normalizeHtml, TestBrowser } from '@pp/testing';
import { openSignIn, signIn, type Tokens } from './support/oauth.ts';
import { startIdp, useIdp, WEB_ORIGIN } from './support/provider.ts';
import * as steps from './support/sign-in-steps.ts';
import { awayFromStepEdge, codeAt, csrfOf, MFA, PASSWORD, PWD } from './support/sign-in-steps.ts';

const idp = useIdp();

/** The account's sign-in history, oldest first: what the security page lists. */
async function historyOf(email: string) {
  const result = await idp.database.database.db.execute(
    sql`select s.outcome, s.method, s.second_factor from idp_sign_ins s join idp_accounts a on a.id = s.account_id where a.email = ${email} order by s.at, s.outcome`,
  );
  return (
    result as unknown as { rows: { outcome: string; method: string; second_factor: boolean }[] }
  ).rows.map((r) => `${r.outcome} ${r.method}${r.second_factor ? ' +2fa' : ''}`);
}

const newAccount = () => steps.newAccount(idp, 'zwei.faktor');
const origin = () => steps.originOf(idp);
const openAction = (browser: TestBrowser, action: string) => steps.openAction(idp, browser, action);
const post = (browser: TestBrowser, path: string, fields: Record<string, string>) =>
  steps.post(idp, browser, path, fields);
const finish = (browser: TestBrowser, location: string, verifier: string): Promise<Tokens> =>
  steps.finish(idp, browser, location, verifier);
const expectLogin = (tokens: Tokens, method: { amr: string[]; acr: string }) =>
  steps.expectLogin(idp, tokens, method);
const passwordStep = (email: string, browser?: TestBrowser) =>
  steps.passwordStep(idp, email, browser);

/** Sets up the app; the sign-in it was set up in stays a password sign-in (issue 41). */
async function setUp(email: string, offset = 0) {
  const setup = await steps.setUpApp(idp, email, offset);
  await expectLogin(setup.tokens, PWD);
  return setup;
}

/** The sessions signed in five minutes and a second ago: no longer a recent proof. */
const laterThanFiveMinutes = () => steps.ageSessions(idp);

// Every test signs in from 127.0.0.1: each starts with no failures of that address.
beforeEach(async () => {
  await idp.database.database.db.execute(sql`delete from idp_throttle`);
});

afterEach(() => {
  vi.useRealTimers();
});

describe('two-factor sign-in with an authenticator app', () => {
  it('sets up the app through pp_action and then asks for a code after the password', async () => {
    const email = await newAccount();
    const { secret } = await setUp(email);

    const step = await passwordStep(email);
    expect(step.response.status).toBe(200);
    expect(step.html).toMatch(/<input[^>]*id="code"[^>]*>/);
    const input = /<input[^>]*id="code"[^>]*>/.exec(step.html)?.[0] ?? '';
    expect(input).toContain('autocomplete="one-time-code"');
    expect(input).toContain('inputmode="numeric"');

    await awayFromStepEdge();
    const wrong = await post(step.browser, `${step.base}/second-factor`, {
      csrf: step.csrf,
      mode: 'totp',
      code: codeAt(secret, 3),
    });
    expect(wrong.response.status).toBe(401);
    expect(wrong.html).toContain('role="alert"');

    const right = await post(step.browser, `${step.base}/second-factor`, {
      csrf: step.csrf,
      mode: 'totp',
      code: codeAt(secret, 1),
    });
    expect(right.response.status).toBe(303);
    const tokens = await finish(
      step.browser,
      right.response.headers.get('location') ?? '',
      step.verifier,
    );
    await expectLogin(tokens, MFA);
    // One entry for the whole attempt, settled by the right code (issue 41, finding 8).
    expect((await historyOf(email)).slice(-2)).toEqual([
      'success password',
      'success password+authenticator +2fa',
    ]);

    // The same code again, and a code of an earlier step: refused (each code works once).
    const again = await passwordStep(email);
    for (const offset of [1, 0]) {
      const reused = await post(again.browser, `${again.base}/second-factor`, {
        csrf: again.csrf,
        mode: 'totp',
        code: codeAt(secret, offset),
      });
      expect(reused.response.status).toBe(401);
    }
  });

  it('accepts one step of drift either way, not two', async () => {
    const email = await newAccount();
    // Confirmed with the code of the step before.
    const { secret } = await setUp(email, -1);
    const step = await passwordStep(email);
    await awayFromStepEdge();
    const tooLate = await post(step.browser, `${step.base}/second-factor`, {
      csrf: step.csrf,
      mode: 'totp',
      code: codeAt(secret, 2),
    });
    expect(tooLate.response.status).toBe(401);
    // One step behind the provider's clock: the phone's clock is slow.
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 30_000 });
    const behind = await post(step.browser, `${step.base}/second-factor`, {
      csrf: step.csrf,
      mode: 'totp',
      code: codeAt(secret, -1),
    });
    expect(behind.response.status).toBe(303);
  });

  it('slows down wrong codes as it does wrong passwords', async () => {
    const email = await newAccount();
    const { secret } = await setUp(email);
    const step = await passwordStep(email);
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) {
      const { response } = await post(step.browser, `${step.base}/second-factor`, {
        csrf: step.csrf,
        mode: 'totp',
        code: '000000',
      });
      statuses.push(response.status);
    }
    expect(statuses).toEqual([401, 401, 401, 401]);
    const throttled = await post(step.browser, `${step.base}/second-factor`, {
      csrf: step.csrf,
      mode: 'totp',
      code: codeAt(secret, 1),
    });
    expect(throttled.response.status).toBe(429);
    expect(Number(throttled.response.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('asks for the code on every instance and counts wrong codes across them', async () => {
    const email = await newAccount();
    const { secret } = await setUp(email);
    const first = await passwordStep(email);
    for (let i = 0; i < 4; i++) {
      await post(first.browser, `${first.base}/second-factor`, {
        csrf: first.csrf,
        mode: 'totp',
        code: '000000',
      });
    }

    // A second instance on the same database, as two behind a load balancer run.
    const other = await startIdp(idp.database.database.db);
    try {
      const browser = new TestBrowser();
      const form = await openSignIn(browser, other.issuer);
      const otherOrigin = new URL(other.issuer).origin;
      const step = await browser.postForm(
        form.action,
        { csrf: form.csrf, email, password: PASSWORD },
        otherOrigin,
      );
      expect(step.status).toBe(200);
      expect(normalizeHtml(await step.text())).toMatch(/<input[^>]*id="code"[^>]*>/);
      const base = form.action.pathname.replace(/\/login$/, '');
      const throttled = await browser.postForm(
        new URL(`${base}/second-factor`, otherOrigin),
        { csrf: form.csrf, mode: 'totp', code: codeAt(secret, 1) },
        otherOrigin,
      );
      expect(throttled.status).toBe(429);
    } finally {
      await other.close();
    }
  });

  it('takes a recovery code once in place of a code and says how many remain', async () => {
    const email = await newAccount();
    const { codes } = await setUp(email);
    const code = (codes[0] ?? '').toUpperCase().replace('-', ' ');

    const step = await passwordStep(email);
    const recovery = await post(step.browser, `${step.base}/second-factor/mode`, {
      csrf: step.csrf,
      mode: 'recovery',
    });
    expect(recovery.response.status).toBe(200);
    expect(recovery.html).toContain('10 unbenutzte Wiederherstellungscodes');
    const used = await post(step.browser, `${step.base}/second-factor`, {
      csrf: step.csrf,
      mode: 'recovery',
      code,
    });
    expect(used.response.status).toBe(303);
    await expectLogin(
      await finish(step.browser, used.response.headers.get('location') ?? '', step.verifier),
      MFA,
    );
    expect((await historyOf(email)).at(-1)).toBe('success password+recovery-code +2fa');

    const next = await passwordStep(email);
    const again = await post(next.browser, `${next.base}/second-factor`, {
      csrf: next.csrf,
      mode: 'recovery',
      code,
    });
    expect(again.response.status).toBe(401);
    expect(again.html).toContain('9 unbenutzte Wiederherstellungscodes');
  });

  it('makes new recovery codes after a code, and the old ones stop working', async () => {
    const email = await newAccount();
    const { secret, codes, browser } = await setUp(email);
    await laterThanFiveMinutes();
    const page = await openAction(browser, 'new-recovery-codes');
    expect(page.status).toBe(200);
    expect(page.html).toContain('name="code"');
    await awayFromStepEdge();
    const made = await post(browser, `${page.base}/action/verify`, {
      csrf: csrfOf(page.html),
      method: 'code',
      code: codeAt(secret, 1),
    });
    expect(made.response.status).toBe(200);
    const fresh = steps.shownCodes(made.html);
    expect(made.html).toContain('<template id="other-language" data-lang=');
    expect(fresh).toHaveLength(10);
    expect(fresh).not.toContain(codes[0]);

    const step = await passwordStep(email);
    const old = await post(step.browser, `${step.base}/second-factor`, {
      csrf: step.csrf,
      mode: 'recovery',
      code: codes[0] ?? '',
    });
    expect(old.response.status).toBe(401);
  });

  it('removes the app after the password; sign-in asks for the password only again', async () => {
    const email = await newAccount();
    const { browser } = await setUp(email);
    await laterThanFiveMinutes();
    const page = await openAction(browser, 'remove-totp');
    const wrong = await post(browser, `${page.base}/action/verify`, {
      csrf: csrfOf(page.html),
      method: 'password',
      password: 'not the password',
    });
    expect(wrong.response.status).toBe(401);
    const removed = await post(browser, `${page.base}/action/verify`, {
      csrf: csrfOf(page.html),
      method: 'password',
      password: PASSWORD,
    });
    expect(removed.response.status).toBe(303);
    const tokens = await finish(
      browser,
      removed.response.headers.get('location') ?? '',
      page.verifier,
    );
    await expectLogin(tokens, PWD);

    const step = await passwordStep(email);
    expect(step.response.status).toBe(303);
    const db = idp.database.database.db;
    const rows = await db.execute(
      sql`select count(*)::int as n from idp_recovery_codes c join idp_accounts a on a.id = c.account_id where a.email = ${email}`,
    );
    expect(JSON.stringify(rows)).toContain('"n":0');
  });

  it('keeps the secret encrypted and no secret or recovery code in the log', async () => {
    const email = await newAccount();
    const { secret, codes } = await setUp(email);
    const db = idp.database.database.db;
    const stored = JSON.stringify(
      await db.execute(
        sql`select t.secret_ciphertext, c.code_hash from idp_totp t join idp_accounts a on a.id = t.account_id join idp_recovery_codes c on c.account_id = a.id where a.email = ${email}`,
      ),
    );
    expect(stored).toContain('v1.');
    expect(stored).not.toContain(secret);
    expect(stored.toLowerCase()).not.toContain(secret.toLowerCase());
    for (const code of codes) expect(stored).not.toContain(code);
    const log = JSON.stringify(idp.running.logger.entries);
    expect(log).not.toContain(secret);
    for (const code of codes) expect(log).not.toContain(code);
  });

  it('signs nobody in on the password alone: no session, and no code without the password step', async () => {
    const email = await newAccount();
    const { secret } = await setUp(email);
    const step = await passwordStep(email);
    expect(step.response.status).toBe(200);
    // The same browser asking again gets the sign-in page, not a code for the portal.
    const again = await openSignIn(step.browser, idp.running.issuer);
    expect(again.url.pathname).toMatch(/^\/interaction\//);
    expect(again.html).toContain('autocomplete="current-password"');

    // A sign-in of its own whose password step never happened: a right code is no sign-in.
    const other = new TestBrowser();
    const form = await openSignIn(other, idp.running.issuer);
    const base = form.action.pathname.replace(/\/login$/, '');
    const refused = await other.postForm(
      new URL(`${base}/second-factor`, origin()),
      { csrf: form.csrf, mode: 'totp', code: codeAt(secret, 1) },
      origin(),
    );
    expect(refused.status).toBe(400);
    expect(other.cookieNames().some((name) => name.includes('second_step'))).toBe(false);
  });

  it('ignores an unknown pp_action, and a signed-in browser is sent back without a page', async () => {
    const email = await newAccount();
    const browser = new TestBrowser();
    await signIn(idp.running.issuer, email, PASSWORD, browser);
    const page = await openAction(browser, 'format-disk');
    expect(page.page.origin).toBe(WEB_ORIGIN);
    expect(page.page.searchParams.get('code')).toBeTruthy();
  });
});
