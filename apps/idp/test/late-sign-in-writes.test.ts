import { beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { TestBrowser } from '@pp/testing';
import { idpPayloads } from '../src/db/schema.ts';
import {
  authorizeUrl,
  openSignIn,
  pkcePair,
  refresh,
  signIn,
  submitCredentials,
  tokenRequest,
} from './support/oauth.ts';
import { useIdp, WEB_ORIGIN } from './support/provider.ts';
import {
  addPasskey,
  codeOfRedirects,
  newAccount,
  openAction,
  originOf,
  passwordStep,
  PASSWORD,
  setUpApp,
} from './support/sign-in-steps.ts';

// Issue 41, outside probe 7: a password sign-in in flight while the owner confirms a new
// authenticator app survived the setup. Its password check had found no factor; the setup then
// ended every session and every finished password step it could see; the sign-in wrote its
// result after that, and its browser got a code, tokens with `amr ["pwd"]`, refresh tokens and
// a live single sign-on. The probe raced twelve cookie jars against the confirm; these tests
// make the same interleaving certain: what the sign-in wrote is put back after the setup, as
// its late write would have put it there. Whatever a password-only sign-in of an account that
// now has a second factor writes, late or not, must count for nothing — except in the session
// that set the factor up.

const idp = useIdp();
const db = () => idp.database.database.db;

beforeEach(async () => {
  await db().execute(sql`delete from idp_throttle`);
});

type PayloadRow = typeof idpPayloads.$inferSelect;

/** What the provider holds for the account now: sessions, grants, codes, tokens, interactions. */
async function writtenFor(email: string): Promise<PayloadRow[]> {
  return db()
    .select()
    .from(idpPayloads)
    .where(
      sql`${idpPayloads.accountId} = (select id::text from idp_accounts where email = ${email})`,
    );
}

/** The sign-in's writes landing after the setup: back in place, and its session never ended. */
async function landLate(rows: PayloadRow[]): Promise<void> {
  expect(rows.length).toBeGreaterThan(0);
  await db().insert(idpPayloads).values(rows).onConflictDoNothing();
  for (const row of rows) {
    if (row.model === 'Session' && row.uid) {
      await db().execute(sql`delete from idp_ended_sessions where session_uid = ${row.uid}`);
    }
  }
}

/** An authorization without a page (`prompt=none`) in the browser: its code, or its error. */
async function silentAuthorization(browser: TestBrowser) {
  const { challenge } = pkcePair();
  const url = authorizeUrl(idp.running.issuer, {
    code_challenge: challenge,
    code_challenge_method: 'S256',
    prompt: 'none',
  });
  const { url: landed } = await browser.follow(url, originOf(idp));
  return { code: landed.searchParams.get('code'), error: landed.searchParams.get('error') };
}

describe('a password sign-in that writes after a second factor was added', () => {
  it('opens no session when its finished password step lands after the app’s setup', async () => {
    const email = await newAccount(idp, 'spaet.schritt');
    const racing = await passwordStep(idp, email);
    expect(racing.response.status).toBe(303);
    const written = await writtenFor(email);
    await setUpApp(idp, email);
    await landLate(written);

    const code = await codeOfRedirects(
      idp,
      racing.browser,
      racing.response.headers.get('location') ?? '',
    );
    expect(code).toBeNull();
    // The browser is asked to sign in again, and now for the app's code after the password.
    const again = await openSignIn(racing.browser, idp.running.issuer, { ui_locales: 'de' });
    expect(again.csrf).not.toBe('');
  });

  it('gets no tokens for a code and no new code from a session that land after the setup', async () => {
    const email = await newAccount(idp, 'spaet.code');
    const browser = new TestBrowser();
    const form = await openSignIn(browser, idp.running.issuer, { ui_locales: 'de' });
    const { callback } = await submitCredentials(
      browser,
      idp.running.issuer,
      form,
      email,
      PASSWORD,
    );
    const code = callback?.searchParams.get('code') ?? '';
    expect(code).not.toBe('');
    const written = await writtenFor(email);
    await setUpApp(idp, email);
    await landLate(written);

    const exchanged = await tokenRequest(idp.running.issuer, {
      grant_type: 'authorization_code',
      code,
      redirect_uri: `${WEB_ORIGIN}/`,
      code_verifier: form.verifier,
    });
    expect(exchanged.status).toBe(400);
    expect(await exchanged.json()).toMatchObject({ error: 'invalid_grant' });
    expect(await silentAuthorization(browser)).toEqual({ code: null, error: 'login_required' });
  });

  it('renews no tokens of a session that lands after a passkey was added', async () => {
    const email = await newAccount(idp, 'spaet.refresh');
    const racing = await signIn(idp.running.issuer, email, PASSWORD);
    const written = await writtenFor(email);
    await addPasskey(idp, email);
    await landLate(written);

    const renewed = await refresh(idp.running.issuer, racing.refresh_token ?? '');
    expect(renewed.status).toBe(400);
    expect(await renewed.json()).toMatchObject({ error: 'invalid_grant' });
    expect(await silentAuthorization(racing.browser)).toEqual({
      code: null,
      error: 'login_required',
    });
  });

  it('keeps the session that set the app up: its tokens renew and it signs in silently', async () => {
    const email = await newAccount(idp, 'spaet.selbst');
    const { browser, tokens } = await setUpApp(idp, email);
    const renewed = await refresh(idp.running.issuer, tokens.refresh_token ?? '');
    expect(renewed.status).toBe(200);
    const silent = await silentAuthorization(browser);
    expect(silent.error).toBeNull();
    expect(silent.code).not.toBeNull();
    // Its actions go on as before.
    expect((await openAction(idp, browser, 'new-recovery-codes')).status).toBe(200);
  });
});
