import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { TestBrowser } from '@pp/testing';
import { findAccountByEmail } from '../src/accounts/accounts.ts';
import { issueSignInTicket } from '../src/sessions/sign-in-ticket.ts';
import { assertCredential, type SoftCredential } from './support/authenticator.ts';
import { authorizeUrl, exchangeCode, openSignIn, pkcePair } from './support/oauth.ts';
import { useIdp, WEB_ORIGIN } from './support/provider.ts';
import {
  addPasskey,
  awayFromStepEdge,
  claimsOf,
  codeAt,
  codeOfRedirects,
  newAccount,
  originOf,
  PASSWORD,
  passkeyAnswer,
  post,
  setUpApp,
} from './support/sign-in-steps.ts';

// Issue 41, finding 1: the provider's sign-in as a state machine, walked from outside over real
// HTTP. After the right password, no order of its pages — nothing, the way back, a reload, the
// resume address, another mode, a wrong code, a language switch, a second tab on the same
// interaction, a race of the password with the resume, replayed posts — ends in a code for the
// portal without the second step the account requires: its app, a recovery code or a passkey.
// Before the fix, "password, then GET /auth/<uid>" gave a code with `amr ["pwd"]` (4 of 4 tries).

const idp = useIdp();
const db = () => idp.database.database.db;
const origin = () => originOf(idp);

interface Walk {
  browser: TestBrowser;
  uid: string;
  base: string;
  csrf: string;
  verifier: string;
  email: string;
}

type Step = (walk: Walk) => Promise<unknown>;

/** What a person or an attacker can do on the provider's pages, short of the second factor. */
const STEPS: Record<string, Step> = {
  password: (w) => post(idp, w.browser, `${w.base}/login`, login(w)),
  wrongPassword: (w) => post(idp, w.browser, `${w.base}/login`, { ...login(w), password: 'x' }),
  reload: (w) => w.browser.get(new URL(w.base, origin())),
  resume: (w) => codeOfRedirects(idp, w.browser, `/auth/${w.uid}`),
  raceResume: (w) =>
    Promise.all([
      post(idp, w.browser, `${w.base}/login`, login(w)),
      codeOfRedirects(idp, w.browser, `/auth/${w.uid}`),
    ]),
  language: (w) =>
    post(idp, w.browser, `${w.base}/language`, { csrf: w.csrf, email: w.email, lang: 'en' }),
  modeRecovery: (w) =>
    post(idp, w.browser, `${w.base}/second-factor/mode`, { csrf: w.csrf, mode: 'recovery' }),
  modePasskey: (w) =>
    post(idp, w.browser, `${w.base}/second-factor/mode`, { csrf: w.csrf, mode: 'passkey' }),
  wrongCode: (w) =>
    post(idp, w.browser, `${w.base}/second-factor`, { csrf: w.csrf, mode: 'totp', code: '000000' }),
  emptyCode: (w) =>
    post(idp, w.browser, `${w.base}/second-factor`, { csrf: w.csrf, mode: 'totp', code: '' }),
  wrongRecovery: (w) =>
    post(idp, w.browser, `${w.base}/second-factor`, {
      csrf: w.csrf,
      mode: 'recovery',
      code: 'aaaaa-bbbbb',
    }),
  passkeyOptions: (w) =>
    post(idp, w.browser, `${w.base}/second-factor/passkey-options`, { csrf: w.csrf }),
  garbagePasskey: (w) =>
    post(idp, w.browser, `${w.base}/second-factor/passkey`, { csrf: w.csrf, credential: '{}' }),
  firstFactorPasskey: (w) =>
    post(idp, w.browser, `${w.base}/passkey/sign-in`, { csrf: w.csrf, credential: '{}' }),
  secondTab: async (w) => {
    // Another tab of the same browser starts a sign-in of its own and types the password there.
    const tab = await openSignIn(w.browser, idp.running.issuer);
    await post(idp, w.browser, tab.action.pathname, login({ ...w, csrf: tab.csrf }));
  },
  cancelAction: (w) => post(idp, w.browser, `${w.base}/action/cancel`, { csrf: w.csrf }),
  stepUp: (w) => w.browser.get(actionUrl('step-up')),
};

const login = (w: Pick<Walk, 'csrf' | 'email'>) => ({
  csrf: w.csrf,
  email: w.email,
  password: PASSWORD,
});

function actionUrl(action: string) {
  return authorizeUrl(idp.running.issuer, {
    code_challenge: pkcePair().challenge,
    code_challenge_method: 'S256',
    pp_action: action,
  });
}

async function startWalk(email: string): Promise<Walk> {
  const browser = new TestBrowser();
  const form = await openSignIn(browser, idp.running.issuer);
  const base = form.action.pathname.replace(/\/login$/, '');
  return {
    browser,
    base,
    uid: base.split('/').at(-1) ?? '',
    csrf: form.csrf,
    verifier: form.verifier,
    email,
  };
}

/** A silent renewal in the walk's browser: a code only if the browser has a session. */
async function silentCode(walk: Walk): Promise<string | null> {
  const url = authorizeUrl(idp.running.issuer, {
    code_challenge: pkcePair().challenge,
    code_challenge_method: 'S256',
    prompt: 'none',
  });
  const response = await walk.browser.get(url);
  const location = new URL(response.headers.get('location') ?? '/', origin());
  return location.origin === WEB_ORIGIN ? location.searchParams.get('code') : null;
}

async function successesOf(email: string): Promise<number> {
  const account = await findAccountByEmail(db(), email);
  const result = await db().execute(
    sql`select count(*)::int as n from idp_sign_ins where account_id = ${account?.id ?? ''} and outcome = 'success'`,
  );
  return Number((result as unknown as { rows: { n: number }[] }).rows[0]?.n ?? -1);
}

/** The right password on a fresh sign-in page, then `names` in their order. */
async function walk(email: string, names: readonly string[]): Promise<Walk> {
  const started = await startWalk(email);
  await STEPS['password']?.(started);
  for (const name of names) await STEPS[name]?.(started);
  return started;
}

/**
 * Walks `names` after the password, then checks from outside that nothing signed in: the resume
 * address gives no code, the browser has no session, the history no success.
 */
async function walkWithoutSecondFactor(email: string, names: readonly string[]) {
  const before = await successesOf(email);
  const walked = await walk(email, names);
  expect(await codeOfRedirects(idp, walked.browser, `/auth/${walked.uid}`)).toBeNull();
  expect(await silentCode(walked)).toBeNull();
  expect(await successesOf(email)).toBe(before);
}

const orders = fc.array(fc.constantFrom(...Object.keys(STEPS)), { minLength: 0, maxLength: 6 });

// Wrong codes and passwords of these walks count from 127.0.0.1: each walk starts afresh.
beforeEach(async () => {
  await db().execute(sql`delete from idp_throttle`);
});

async function expectSignedInWithSecondFactor(walk: Walk, location: string, amr: string[]) {
  const code = await codeOfRedirects(idp, walk.browser, location);
  expect(code).toBeTruthy();
  const tokens = await exchangeCode(idp.running.issuer, code ?? '', walk.verifier);
  const { access, id } = await claimsOf(idp, tokens);
  expect(id.amr).toEqual(amr);
  expect(access.amr).toEqual(amr);
  expect(access.acr).toBe('urn:practice-portal:acr:mfa');
}

describe('the second step after the password, in any order of the pages (issue 41)', () => {
  it('an account with an authenticator app gets no code without a right code', async () => {
    const email = await newAccount(idp, 'reihenfolge.app');
    const { secret } = await setUpApp(idp, email);
    await fc.assert(
      fc.asyncProperty(orders, async (names) => {
        await db().execute(sql`delete from idp_throttle`);
        await walkWithoutSecondFactor(email, names);
      }),
      { numRuns: 12 },
    );
    // And the way through: the app's code, after all of it.
    await db().execute(sql`delete from idp_throttle`);
    const way = await walk(email, ['reload', 'modeRecovery', 'language', 'wrongCode']);
    await db().execute(sql`delete from idp_throttle`);
    await awayFromStepEdge();
    const right = await post(idp, way.browser, `${way.base}/second-factor`, {
      csrf: way.csrf,
      mode: 'totp',
      code: codeAt(secret, 1),
    });
    expect(right.response.status).toBe(303);
    const location = right.response.headers.get('location') ?? '';
    await expectSignedInWithSecondFactor(way, location, ['pwd', 'otp', 'mfa']);
  });

  it('an account with recovery codes only gets no code without one of them', async () => {
    const email = await newAccount(idp, 'reihenfolge.codes');
    const { codes } = await setUpApp(idp, email);
    // The app is gone, its codes are left (a state no page makes, which must still hold).
    const account = await findAccountByEmail(db(), email);
    await db().execute(sql`delete from idp_totp where account_id = ${account?.id ?? ''}`);
    await fc.assert(
      fc.asyncProperty(orders, async (names) => {
        await db().execute(sql`delete from idp_throttle`);
        await walkWithoutSecondFactor(email, names);
      }),
      { numRuns: 8 },
    );
    await db().execute(sql`delete from idp_throttle`);
    const way = await walk(email, ['wrongCode', 'language']);
    // Asked for the app's code that the account no longer has: counted as wrong, never accepted.
    const app = await post(idp, way.browser, `${way.base}/second-factor`, {
      csrf: way.csrf,
      mode: 'totp',
      code: '123456',
    });
    expect(app.response.status).toBe(401);
    const used = await post(idp, way.browser, `${way.base}/second-factor`, {
      csrf: way.csrf,
      mode: 'recovery',
      code: codes[0] ?? '',
    });
    expect(used.response.status).toBe(303);
    const location = used.response.headers.get('location') ?? '';
    await expectSignedInWithSecondFactor(way, location, ['pwd', 'otp', 'mfa']);
  });

  it('an account with a passkey gets no code without an assertion of its own passkey', async () => {
    const email = await newAccount(idp, 'reihenfolge.passkey');
    const { credential } = await addPasskey(idp, email);
    const other = await addPasskey(idp, await newAccount(idp, 'reihenfolge.fremd'));
    await fc.assert(
      fc.asyncProperty(orders, async (names) => {
        await db().execute(sql`delete from idp_throttle`);
        await walkWithoutSecondFactor(email, names);
      }),
      { numRuns: 12 },
    );
    await db().execute(sql`delete from idp_throttle`);
    const way = await walk(email, ['modePasskey', 'garbagePasskey']);
    const answer = async (key: SoftCredential) => {
      const options = await post(idp, way.browser, `${way.base}/second-factor/passkey-options`, {
        csrf: way.csrf,
      });
      expect(options.response.status).toBe(200);
      return passkeyAnswer(idp, key, options.text);
    };
    // Another account's passkey, and an assertion for the first-factor ceremony: refused.
    const foreign = await post(idp, way.browser, `${way.base}/second-factor/passkey`, {
      csrf: way.csrf,
      credential: await answer(other.credential),
    });
    expect(foreign.response.status).toBe(401);
    const firstOptions = await post(idp, way.browser, `${way.base}/passkey/options`, {
      csrf: way.csrf,
    });
    const request = JSON.parse(firstOptions.text) as { challenge: string; rpId: string };
    const misplaced = await post(idp, way.browser, `${way.base}/second-factor/passkey`, {
      csrf: way.csrf,
      credential: JSON.stringify(assertCredential(credential, request, origin())),
    });
    expect(misplaced.response.status).toBe(401);
    await db().execute(sql`delete from idp_throttle`);
    const own = await post(idp, way.browser, `${way.base}/second-factor/passkey`, {
      csrf: way.csrf,
      credential: await answer(credential),
    });
    expect(own.response.status).toBe(303);
    const location = own.response.headers.get('location') ?? '';
    await expectSignedInWithSecondFactor(way, location, ['pwd', 'hwk', 'mfa']);
  });
});

describe('ways into a sign-in without the password form (issue 41, outside probe)', () => {
  it('a registration’s ticket leads to the second step once the account has a factor', async () => {
    const email = await newAccount(idp, 'reihenfolge.ticket');
    const { secret } = await setUpApp(idp, email);
    const account = await findAccountByEmail(db(), email);
    const registered = new TestBrowser();
    registered.setCookie(await issueSignInTicket(db(), idp.running.issuer, account?.id ?? ''));
    const { verifier, challenge } = pkcePair();
    const url = authorizeUrl(idp.running.issuer, {
      code_challenge: challenge,
      code_challenge_method: 'S256',
    });
    const { response, url: landed } = await registered.follow(url, origin());
    // Before: the ticket finished the sign-in on the password alone, with `amr ["pwd"]`.
    expect(landed.origin).toBe(origin());
    const page = await response.text();
    expect(page).toContain('autocomplete="one-time-code"');
    const base = landed.pathname;
    const csrf = /name="csrf" value="([^"]+)"/.exec(page)?.[1] ?? '';
    await awayFromStepEdge();
    const right = await post(idp, registered, `${base}/second-factor`, {
      csrf,
      mode: 'totp',
      code: codeAt(secret, 1),
    });
    expect(right.response.status).toBe(303);
    const code = await codeOfRedirects(
      idp,
      registered,
      right.response.headers.get('location') ?? '',
    );
    const tokens = await exchangeCode(idp.running.issuer, code ?? '', verifier);
    expect((await claimsOf(idp, tokens)).access.amr).toEqual(['pwd', 'otp', 'mfa']);
  });
});
