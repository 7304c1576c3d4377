import { Writable } from 'node:stream';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { calls } from '@pp/contract';
import { idpSchema } from '@pp/idp';
import type { TestBrowser } from '@pp/testing';
import { buildApp } from '../../src/app.ts';
import { mailOutbox } from '../../src/db/schema.ts';
import { createApiClient, type ApiClient } from '../support/client.ts';
import { useApi } from '../support/context.ts';
import { demo } from '../support/demo.ts';
import { expectSessionEnded } from '../support/ended-session.ts';
import { expectProblem } from '../support/expect-problem.ts';
import { useEmbeddedProvider } from '../identity/support/provider.ts';
import {
  refresh,
  signIn,
  signOut,
  submitSignIn,
  type Tokens,
} from '../identity/support/sign-in.ts';

const PASSWORD = 'Demo-Portal-2026';
const FIREFOX = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0';
const SAFARI =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15';

/**
 * The Security calls against the embedded provider's real sessions (decision 0068): the api and
 * the provider on one database, as `main.ts` runs them, with tokens the provider issued.
 */
describe('sessions and sign-ins of the embedded provider', () => {
  const provider = useEmbeddedProvider();
  let app: FastifyInstance;
  let client: ApiClient;
  beforeAll(async () => {
    const logStream = new Writable({ write: (_chunk, _encoding, callback) => callback() });
    app = await buildApp({
      config: provider.config,
      database: provider.database.database,
      logStream,
    });
    await app.ready();
    client = createApiClient(app);
  });
  afterAll(() => app?.close());

  const db = () => provider.database.database.db;
  const browserWith = (userAgent: string): TestBrowser => {
    const browser = provider.browser();
    Object.assign(browser.extraHeaders, { 'user-agent': userAgent });
    return browser;
  };
  const signInAs = (email: string, userAgent = FIREFOX, browser = browserWith(userAgent)) =>
    signIn(provider, email, PASSWORD, browser).then((tokens) => ({ ...tokens, browser }));
  const sessionsOf = async (tokens: Tokens) => {
    const answer = await client.security.getSessions({ token: tokens.access_token });
    expect(answer.statusCode).toBe(200);
    return answer.json();
  };
  const refreshes = async (tokens: Tokens) =>
    (await refresh(provider, tokens.refresh_token)).status === 200;
  /** A write with the access token (the finding: it went on for up to 10 minutes). */
  const writes = (tokens: Tokens) =>
    client.customer.updateCustomerData({
      token: tokens.access_token,
      body: { phone: '+49 30 1234567' },
    });
  /** Refused within seconds, for reading and writing alike. */
  const expectEnded = async (tokens: Tokens) => {
    await expectSessionEnded(() => client.customer.getCustomerData({ token: tokens.access_token }));
    expectProblem(await writes(tokens), 401, 'session_ended');
  };

  it('answers 401 to every call without a token', async () => {
    expectProblem(await client.security.getSessions({}), 401, 'unauthenticated');
    expectProblem(await client.security.getSignIns({}), 401, 'unauthenticated');
    expectProblem(await client.security.endAllSessions({}), 401, 'unauthenticated');
    expectProblem(
      await client.security.endSession({ body: { sessionId: 'abc' } }),
      401,
      'unauthenticated',
    );
  });

  it('lists the caller’s own sessions with browser, system and this device', async () => {
    const here = await signInAs(demo.clara, FIREFOX);
    const there = await signInAs(demo.clara, SAFARI);
    const other = await signInAs(demo.ben);
    const listed = await sessionsOf(here);
    expect(listed.managedByProvider).toBe(false);
    const own = listed.sessions;
    expect(own.length).toBeGreaterThanOrEqual(2);
    expect(own.filter((s: { current: boolean }) => s.current)).toHaveLength(1);
    const current = own.find((s: { current: boolean }) => s.current);
    expect(current).toMatchObject({ browser: 'Firefox 128', system: 'Windows 10' });
    expect(own).toContainEqual(
      expect.objectContaining({ browser: 'Safari 17', system: 'macOS Sonoma', current: false }),
    );
    // Nobody else's: ben's session is in ben's list only.
    const bens = (await sessionsOf(other)).sessions.map((s: { id: string }) => s.id);
    expect(bens).toHaveLength(1);
    expect(own.map((s: { id: string }) => s.id)).not.toContain(bens[0]);
    const fromThere = (await sessionsOf(there)).sessions.find(
      (s: { current: boolean }) => s.current,
    );
    expect(fromThere?.browser).toBe('Safari 17');
  });

  it.each(['clara', 'ben', 'anna'] as const)(
    'refuses %s another account’s session id with 404 and changes nothing',
    async (who) => {
      const caller = await signInAs(demo[who]);
      const victim = await signInAs(demo.david);
      const [victimSession] = (await sessionsOf(victim)).sessions;
      const before = await db()
        .select()
        .from(idpSchema.idpPayloads)
        .where(eq(idpSchema.idpPayloads.uid, victimSession.id));
      const answer = await client.security.endSession({
        token: caller.access_token,
        body: { sessionId: victimSession.id },
      });
      expectProblem(answer, 404, 'not_found');
      const after = await db()
        .select()
        .from(idpSchema.idpPayloads)
        .where(eq(idpSchema.idpPayloads.uid, victimSession.id));
      expect(after).toEqual(before);
      expect(await refreshes(victim)).toBe(true);
      // An id that names nothing answers the same.
      const random = await client.security.endSession({
        token: caller.access_token,
        body: { sessionId: 'gibt-es-nicht-0123456' },
      });
      expectProblem(random, 404, 'not_found');
      expect(random.body).toBe(answer.body);
    },
  );

  it('refuses a malformed session id or an unknown field with 400 and the field', async () => {
    const caller = await signInAs(demo.clara);
    const bad = await client.unchecked(calls.securityEndSession, {
      token: caller.access_token,
      body: { sessionId: '../../etc' },
    });
    const problem = expectProblem(bad, 400, 'validation_failed');
    expect(problem.errors).toEqual([expect.objectContaining({ field: 'body.sessionId' })]);
    const extra = await client.unchecked(calls.securityEndSession, {
      token: caller.access_token,
      body: { sessionId: 'abc', accountId: 'x' },
    });
    expectProblem(extra, 400, 'validation_failed');
    const missing = await client.unchecked(calls.securityEndSession, {
      token: caller.access_token,
      body: {},
    });
    const missingProblem = expectProblem(missing, 400, 'validation_failed');
    expect(missingProblem.errors).toEqual([expect.objectContaining({ field: 'body.sessionId' })]);
  });

  it('ends one session: its access and refresh tokens fail within seconds, the others go on', async () => {
    const here = await signInAs(demo.anna, FIREFOX);
    const there = await signInAs(demo.anna, SAFARI);
    const theirs = (await sessionsOf(there)).sessions.find((s: { current: boolean }) => s.current);
    // Verified (and cached) before the end: the cache must not keep it going.
    expect((await writes(there)).statusCode).toBe(200);
    const answer = await client.security.endSession({
      token: here.access_token,
      body: { sessionId: theirs.id },
    });
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({ status: 'ended', ended: 1 });
    await expectEnded(there);
    expect((await writes(here)).statusCode).toBe(200);
    expect(await refreshes(there)).toBe(false);
    expect(await refreshes(here)).toBe(true);
    const left = (await sessionsOf(here)).sessions.map((s: { id: string }) => s.id);
    expect(left).not.toContain(theirs.id);
    // The browser of the ended session must sign in again.
    const again = await submitSignIn(provider, there.browser, demo.anna, PASSWORD);
    expect(again.status).toBe(303);
  });

  it('ends every session of the caller only: every access and refresh token fails within seconds', async () => {
    const first = await signInAs(demo.ben, FIREFOX);
    const second = await signInAs(demo.ben, SAFARI);
    const bystander = await signInAs(demo.clara);
    expect((await writes(second)).statusCode).toBe(200);
    const answer = await client.security.endAllSessions({ token: first.access_token });
    expect(answer.statusCode).toBe(200);
    expect(answer.json().ended).toBeGreaterThanOrEqual(2);
    await expectEnded(first);
    await expectEnded(second);
    expect((await writes(bystander)).statusCode).toBe(200);
    expect(await refreshes(first)).toBe(false);
    expect(await refreshes(second)).toBe(false);
    expect(await refreshes(bystander)).toBe(true);
    // Signed in again, the list is empty but for the new session.
    const again = await signInAs(demo.ben, FIREFOX);
    expect((await sessionsOf(again)).sessions).toHaveLength(1);
  });

  it('ends the session’s access tokens within seconds when the portal signs out at the provider', async () => {
    const leaving = await signInAs(demo.clara, FIREFOX);
    const staying = await signInAs(demo.clara, SAFARI);
    expect((await writes(leaving)).statusCode).toBe(200);
    const back = await signOut(provider, leaving.browser, leaving.id_token ?? '');
    expect(back.status).toBe(303);
    expect(back.headers.get('location')).toBe('http://localhost:3000/');
    await expectEnded(leaving);
    expect((await writes(staying)).statusCode).toBe(200);
  });

  it('lets a new sign-in after the end go on: it is a new session', async () => {
    const tokens = await signInAs(demo.david);
    await client.security.endAllSessions({ token: tokens.access_token });
    // The same person's new sign-in is a new session, and goes on.
    const again = await signInAs(demo.david);
    expect((await writes(again)).statusCode).toBe(200);
    await expectEnded(tokens);
  });

  it('lists the last sign-ins and failed attempts with method, browser and second factor', async () => {
    const browser = browserWith(SAFARI);
    const failed = await submitSignIn(provider, browser, demo.david, 'falsches-Passwort-1');
    expect(failed.status).toBe(401);
    const tokens = await signInAs(demo.david, SAFARI, browser);
    const answer = await client.security.getSignIns({ token: tokens.access_token });
    expect(answer.statusCode).toBe(200);
    const { signIns, managedByProvider } = answer.json();
    expect(managedByProvider).toBe(false);
    expect(signIns[0]).toMatchObject({
      outcome: 'success',
      method: 'password',
      secondFactor: false,
      browser: 'Safari 17',
      system: 'macOS Sonoma',
    });
    expect(signIns[1]).toMatchObject({ outcome: 'failure', method: 'password' });
    expect(signIns.length).toBeLessThanOrEqual(30);
    // Only the caller's own: nothing of another account.
    const others = await client.security.getSignIns({
      token: (await signInAs(demo.clara)).access_token,
    });
    const ids = new Set(signIns.map((s: { id: string }) => s.id));
    expect(others.json().signIns.some((s: { id: string }) => ids.has(s.id))).toBe(false);
  });

  it('mails the person once for a browser the account has not seen, not for a known one', async () => {
    const email = demo.anna;
    const mails = () =>
      db()
        .select()
        .from(mailOutbox)
        .where(
          and(eq(mailOutbox.recipient, email), eq(mailOutbox.template, 'new-browser-sign-in')),
        );
    const known = browserWith(FIREFOX);
    const first = await signInAs(email, FIREFOX, known);
    const before = (await mails()).length;
    // Signed out everywhere, the browser signs in again: it keeps its device cookie.
    await client.security.endAllSessions({ token: first.access_token });
    await signInAs(email, FIREFOX, known);
    expect(await mails()).toHaveLength(before);
    // Anna signed in from other browsers above: at most one notice a day went out.
    expect(before).toBe(1);
    const [mail] = await mails();
    expect(mail?.language).toBe('de');
    expect(mail?.subject).toBe('Neue Anmeldung bei Ihrem Konto');
    expect(mail?.textBody).toContain('Firefox 128 unter Windows 10');
    expect(mail?.links).toContain('http://localhost:3000/security');
  });
});

describe('sessions with an external provider', () => {
  const api = useApi();

  it('answer what the portal knows: empty lists, the flag, and ending is not available', async () => {
    const token = await api.issuer.tokenFor(demo.clara);
    const sessions = await api.client.security.getSessions({ token });
    expect(sessions.statusCode).toBe(200);
    expect(sessions.json()).toEqual({ managedByProvider: true, providerUrl: null, sessions: [] });
    const signIns = await api.client.security.getSignIns({ token });
    expect(signIns.json()).toEqual({ managedByProvider: true, providerUrl: null, signIns: [] });
    expectProblem(await api.client.security.endAllSessions({ token }), 409, 'not_available');
    expectProblem(
      await api.client.security.endSession({ token, body: { sessionId: 'abc' } }),
      409,
      'not_available',
    );
  });
});
