import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import { createRemoteJWKSet, jwtVerify, type JWTPayload } from 'jose';
import { Secret, TOTP } from 'otpauth';
import { expect } from 'vitest';
import { normalizeHtml, TestBrowser } from '@pp/testing';
import { createAccount } from '../../src/accounts/accounts.ts';
import {
  assertCredential,
  createCredential,
  type CreationOptions,
  type SoftCredential,
} from './authenticator.ts';
import { authorizeUrl, exchangeCode, openSignIn, pkcePair, signIn, type Tokens } from './oauth.ts';
import { CLIENT_ID, type RunningIdp } from './provider.ts';
import type { TestDatabase } from '@pp/database/testing';

/**
 * The provider's pages as a person (or an attacker) walks them, over real HTTP: the password
 * step, the second step, the account actions. Shared by the tests of the sign-in's steps.
 */
export interface IdpHandle {
  database: TestDatabase;
  running: RunningIdp;
}

export const PASSWORD = 'Zweiter-Faktor-2026';
export const MFA = { amr: ['pwd', 'otp', 'mfa'], acr: 'urn:practice-portal:acr:mfa' };
export const PWD = { amr: ['pwd'], acr: 'urn:practice-portal:acr:pwd' };

let accounts = 0;
export async function newAccount(idp: IdpHandle, prefix = 'schritt'): Promise<string> {
  accounts += 1;
  const email = `${prefix}.${accounts}.${Date.now()}@example.com`;
  await createAccount(idp.database.database.db, { email, password: PASSWORD, emailVerified: true });
  return email;
}

export const originOf = (idp: IdpHandle) => new URL(idp.running.issuer).origin;

/** The code of the step `offset` steps from now (by the clock the provider reads too). */
export function codeAt(secret: string, offset = 0): string {
  const totp = new TOTP({ secret: Secret.fromBase32(secret), period: 30, digits: 6 });
  return totp.generate({ timestamp: Date.now() + offset * 30_000 });
}

/** Not within two seconds of a step's end, so a code's step is the one the provider sees. */
export async function awayFromStepEdge(): Promise<void> {
  const into = (Date.now() / 1000) % 30;
  if (into > 27) await sleep((31 - into) * 1000);
}

/**
 * The recovery codes a codes page shows: those of its language, not those of the other language
 * it carries for its language switch (issue 43).
 */
export function shownCodes(html: string): string[] {
  const shown = html.split('<template id="other-language"')[0] ?? '';
  return [...shown.matchAll(/<li>([a-z2-7]{5}-[a-z2-7]{5})<\/li>/g)].map((m) => m[1] ?? '');
}

export function csrfOf(html: string): string {
  const csrf = /name="csrf" value="([^"]+)"/.exec(html)?.[1];
  if (!csrf) throw new Error(`no form in:\n${html}`);
  return csrf;
}

export async function post(
  idp: IdpHandle,
  browser: TestBrowser,
  path: string,
  fields: Record<string, string>,
) {
  const response = await browser.postForm(new URL(path, originOf(idp)), fields, originOf(idp));
  const text = response.status === 303 ? '' : await response.text();
  return { response, text, html: normalizeHtml(text) };
}

/** The portal's request with `pp_action` for a browser that is signed in: the action's page. */
export async function openAction(
  idp: IdpHandle,
  browser: TestBrowser,
  action: string,
  extra: Record<string, string> = {},
) {
  const { verifier, challenge } = pkcePair();
  const url = authorizeUrl(idp.running.issuer, {
    code_challenge: challenge,
    code_challenge_method: 'S256',
    pp_action: action,
    ui_locales: 'de',
    ...extra,
  });
  const { response, url: page } = await browser.follow(url, originOf(idp));
  const html = page.origin === originOf(idp) ? normalizeHtml(await response.text()) : '';
  return { status: response.status, html, base: page.pathname, page, verifier };
}

/** Follows the provider's redirects to the portal: its code, if the authorization gave one. */
export async function codeOfRedirects(
  idp: IdpHandle,
  browser: TestBrowser,
  location: string | URL,
): Promise<string | null> {
  const { url } = await browser.follow(new URL(location, originOf(idp)), originOf(idp));
  return url.origin === originOf(idp) ? null : url.searchParams.get('code');
}

/** Follows the provider's redirects to the portal and exchanges its code. */
export async function finish(
  idp: IdpHandle,
  browser: TestBrowser,
  location: string,
  verifier: string,
): Promise<Tokens> {
  const code = await codeOfRedirects(idp, browser, location);
  if (!code) throw new Error(`no code after ${location}`);
  return exchangeCode(idp.running.issuer, code, verifier);
}

export async function claimsOf(
  idp: IdpHandle,
  tokens: Tokens,
): Promise<{ access: JWTPayload; id: JWTPayload }> {
  const jwks = createRemoteJWKSet(new URL('/jwks', idp.running.issuer));
  const access = await jwtVerify(tokens.access_token, jwks, { issuer: idp.running.issuer });
  const id = await jwtVerify(tokens.id_token ?? '', jwks, { audience: CLIENT_ID });
  return { access: access.payload, id: id.payload };
}

export async function expectLogin(
  idp: IdpHandle,
  tokens: Tokens,
  method: { amr: string[]; acr: string },
) {
  const { access, id } = await claimsOf(idp, tokens);
  expect({ amr: id.amr, acr: id.acr }).toEqual(method);
  expect({ amr: access.amr, acr: access.acr }).toEqual(method);
}

/**
 * Signs in with the password and sets up the app, confirmed with the code `offset` steps from
 * now; its secret, recovery codes, and the tokens the setup's authorization ended with.
 */
export async function setUpApp(idp: IdpHandle, email: string, offset = 0) {
  const browser = new TestBrowser();
  await signIn(idp.running.issuer, email, PASSWORD, browser);
  const setup = await openAction(idp, browser, 'configure-totp');
  expect(setup.status).toBe(200);
  const secret = (/id="totp-secret">([^<]+)</.exec(setup.html)?.[1] ?? '').replace(/\s/g, '');
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  await awayFromStepEdge();
  const confirmed = await post(idp, browser, `${setup.base}/totp/confirm`, {
    csrf: csrfOf(setup.html),
    code: codeAt(secret, offset),
  });
  expect(confirmed.response.status).toBe(200);
  const codes = shownCodes(confirmed.html);
  expect(codes).toHaveLength(10);
  // Its language switch shows the same codes in the other language, without a request.
  const other = confirmed.html.split('<template id="other-language"')[1] ?? '';
  expect(other).toContain('data-switch-language');
  expect(other).toMatch(/<h1>(Your recovery codes|Ihre Wiederherstellungscodes)<\/h1>/);
  for (const code of codes) expect(other).toContain(`<li>${code}</li>`);
  const continueHref = /class="button primary" href="([^"]+)"/.exec(confirmed.html)?.[1] ?? '';
  const tokens = await finish(idp, browser, continueHref.replace(/&amp;/g, '&'), setup.verifier);
  return { secret, codes, browser, tokens };
}

/** Signs in with the password and adds a passkey (a software authenticator's). */
export async function addPasskey(
  idp: IdpHandle,
  email: string,
  flags: { synced?: boolean; userVerified?: boolean } = {},
): Promise<{ credential: SoftCredential; browser: TestBrowser }> {
  const browser = new TestBrowser();
  await signIn(idp.running.issuer, email, PASSWORD, browser);
  return addPasskeyIn(idp, browser, flags);
}

/** Adds a passkey through `pp_action=add-passkey` in a browser that is signed in. */
export async function addPasskeyIn(
  idp: IdpHandle,
  browser: TestBrowser,
  flags: { synced?: boolean; userVerified?: boolean } = {},
): Promise<{ credential: SoftCredential; browser: TestBrowser }> {
  const page = await openAction(idp, browser, 'add-passkey');
  expect(page.status).toBe(200);
  const csrf = csrfOf(page.html);
  const options = await post(idp, browser, `${page.base}/passkey/register-options`, { csrf });
  expect(options.response.status).toBe(200);
  const creation = JSON.parse(options.text) as CreationOptions;
  const { credential, json } = createCredential(creation, originOf(idp), flags);
  const registered = await post(idp, browser, `${page.base}/passkey/register`, {
    csrf,
    name: 'Laptop im Büro',
    credential: JSON.stringify(json),
  });
  expect(registered.response.status).toBe(303);
  await codeOfRedirects(idp, browser, registered.response.headers.get('location') ?? '');
  return { credential, browser };
}

/** The passkey's answer to a ceremony's options, as the browser posts it. */
export function passkeyAnswer(
  idp: IdpHandle,
  credential: SoftCredential,
  optionsText: string,
  flags: { userVerified?: boolean } = {},
): string {
  const request = JSON.parse(optionsText) as { challenge: string; rpId: string };
  return JSON.stringify(assertCredential(credential, request, originOf(idp), flags));
}

/** Password first, in a new browser (or the one given): the page that comes back. */
export async function passwordStep(
  idp: IdpHandle,
  email: string,
  browser = new TestBrowser(),
  password = PASSWORD,
) {
  const form = await openSignIn(browser, idp.running.issuer, { ui_locales: 'de' });
  const response = await browser.postForm(
    form.action,
    { csrf: form.csrf, email, password },
    originOf(idp),
  );
  const html = response.status === 303 ? '' : normalizeHtml(await response.text());
  const base = form.action.pathname.replace(/\/login$/, '');
  const uid = base.split('/').at(-1) ?? '';
  /** The second step's cookie as the password's answer set it. */
  const pendingCookie =
    response.headers.getSetCookie().find((cookie) => cookie.startsWith('pp_idp_second_step=')) ??
    '';
  return {
    browser,
    response,
    html,
    base,
    uid,
    csrf: form.csrf,
    verifier: form.verifier,
    pendingCookie,
  };
}

/**
 * Every provider session signed in `seconds` earlier than it was: the sign-in is no recent proof
 * any more (verified-action/verified.ts), while the clocks, challenges and tokens stay.
 */
export async function ageSessions(idp: IdpHandle, seconds = 5 * 60 + 1): Promise<void> {
  await idp.database.database.db.execute(
    sql`update idp_payloads set payload = jsonb_set(payload, '{loginTs}', to_jsonb((payload->>'loginTs')::bigint - ${seconds}::int)) where model = 'Session' and payload ? 'loginTs'`,
  );
}
