import { setTimeout as sleep } from 'node:timers/promises';
import { Writable } from 'node:stream';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { normalizeHtml, type TestBrowser } from '@pp/testing';
import { buildApp } from '../../src/app.ts';
import { companies } from '../../src/db/schema.ts';
import { createApiClient, type ApiClient } from '../support/client.ts';
import { demo, demoPracticeIds, demoPracticeNames } from '../support/demo.ts';
import { expectProblem } from '../support/expect-problem.ts';
import { useEmbeddedProvider } from './support/provider.ts';
import { openSignIn, redeemCode, type Tokens } from './support/sign-in.ts';

const PASSWORD = 'Demo-Portal-2026';

/**
 * Decision 0074: a member of a practice that requires a second factor, who has none, is asked
 * at sign-in to set up an authenticator app — the embedded provider and the api on one database,
 * as `main.ts` wires them, with the api's own answer to who requires it.
 */
describe('the second factor a practice requires, asked at sign-in', () => {
  const provider = useEmbeddedProvider();
  let app: FastifyInstance;
  let client: ApiClient;
  let sommer: string;
  let markt: string;
  beforeAll(async () => {
    const logStream = new Writable({ write: (_chunk, _encoding, callback) => callback() });
    const { database } = provider.database;
    app = await buildApp({ config: provider.config, database, logStream });
    await app.ready();
    client = createApiClient(app);
    ({ sommer, markt } = await demoPracticeIds(database.db));
    await database.db
      .update(companies)
      .set({ requiresSecondFactor: true })
      .where(eq(companies.id, sommer));
  });
  afterAll(() => app?.close());

  /** Types the password; where the browser lands: the portal (a code) or a provider page. */
  async function passwordSignIn(email: string, browser: TestBrowser = provider.browser()) {
    const page = await openSignIn(provider, browser);
    const fields = { csrf: page.csrf, email, password: PASSWORD };
    const posted = await browser.postForm(page.action, fields, provider.issuer);
    if (posted.status !== 303) {
      // An account with an app: the password's answer is the code page itself.
      const html = normalizeHtml(await posted.text());
      return { browser, url: page.action, html, code: undefined, verifier: page.verifier };
    }
    const resume = new URL(posted.headers.get('location') ?? '', provider.issuer);
    const { response, url } = await browser.follow(resume, provider.issuer);
    const code = url.searchParams.get('code') ?? undefined;
    const html = code ? '' : normalizeHtml(await response.text());
    return { browser, url, html, code, verifier: page.verifier };
  }

  const csrfOf = (html: string) => /name="csrf" value="([^"]+)"/.exec(html)?.[1] ?? '';
  const secretOf = (html: string) =>
    (/id="totp-secret">([^<]+)</.exec(html)?.[1] ?? '').replace(/\s/g, '');
  const getCompany = (tokens: Tokens, companyId: string) =>
    client.company.getCompany({ token: tokens.access_token, query: { companyId } });

  it('asks a member without one to set up an app, and lets them in with it', async () => {
    const asked = await passwordSignIn(demo.clara);
    expect(asked.code).toBeUndefined();
    expect(asked.url.origin).toBe(provider.issuer);
    expect(asked.html).toContain(`„${demoPracticeNames.sommer}“ verlangt bei der Anmeldung`);
    expect(asked.html).toContain('Später einrichten');
    const secret = secretOf(asked.html);
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);

    // Not within two seconds of a step's end, so the code's step is the provider's.
    if ((Date.now() / 1000) % 30 > 27) await sleep(4_000);
    const totp = new TOTP({ secret: Secret.fromBase32(secret), period: 30, digits: 6 });
    const confirmed = await asked.browser.postForm(
      new URL(`${asked.url.pathname}/totp/confirm`, provider.issuer),
      { csrf: csrfOf(asked.html), code: totp.generate() },
      provider.issuer,
    );
    expect(confirmed.status).toBe(200);
    const codesPage = normalizeHtml(await confirmed.text());
    // The page also carries its other language in a <template> (its switch): count the shown ones.
    const shown = codesPage.split('<template id="other-language"')[0] ?? '';
    expect(shown.match(/<li>[a-z2-7]{5}-[a-z2-7]{5}<\/li>/g)).toHaveLength(10);
    // Setting the app up proves nothing by itself (issue 41): the next code signs in with it.
    const onward = /<a[^>]+href="([^"]+)"[^>]*>Weiter zur Anmeldung mit der App/.exec(
      codesPage,
    )?.[1];
    const step = await asked.browser.get(
      new URL((onward ?? '').replace(/&amp;/g, '&'), provider.issuer),
    );
    const stepPage = normalizeHtml(await step.text());
    expect(stepPage).toContain('Melden Sie sich jetzt mit ihr an');
    const proven = await asked.browser.postForm(
      new URL(`${asked.url.pathname}/second-factor`, provider.issuer),
      {
        csrf: csrfOf(stepPage),
        mode: 'totp',
        code: totp.generate({ timestamp: Date.now() + 30_000 }),
      },
      provider.issuer,
    );
    expect(proven.status).toBe(303);
    const { url } = await asked.browser.follow(
      new URL(proven.headers.get('location') ?? '', provider.issuer),
      provider.issuer,
    );
    const code = url.searchParams.get('code');
    expect(code).toBeTruthy();
    const tokens = await redeemCode(provider, code ?? '', asked.verifier);
    expect((await getCompany(tokens, sommer)).statusCode).toBe(200);

    // From now on the app's code is asked instead (the existing second step), not the setup.
    const again = await passwordSignIn(demo.clara);
    expect(again.html).toContain('Code eingeben');
    expect(again.html).toContain('autocomplete="one-time-code"');
    expect(again.html).not.toContain('id="totp-secret"');
  });

  it('signs in without it on "Später", and the practice stays closed until it is set up', async () => {
    const asked = await passwordSignIn(demo.ben);
    expect(asked.html).toContain('Später einrichten');
    const cancelled = await asked.browser.postForm(
      new URL(`${asked.url.pathname}/action/cancel`, provider.issuer),
      { csrf: csrfOf(asked.html) },
      provider.issuer,
    );
    expect(cancelled.status).toBe(303);
    const { url } = await asked.browser.follow(
      new URL(cancelled.headers.get('location') ?? '', provider.issuer),
      provider.issuer,
    );
    const tokens = await redeemCode(provider, url.searchParams.get('code') ?? '', asked.verifier);
    expectProblem(await getCompany(tokens, sommer), 403, 'second_factor_required');

    // The next sign-in asks again.
    const next = await passwordSignIn(demo.ben);
    expect(next.html).toContain('Später einrichten');
  });

  it('names the practice that requires it, and asks nobody outside such practices', async () => {
    // Anna is in both practices; only "Sommer" requires it.
    const anna = await passwordSignIn(demo.anna);
    expect(anna.html).toContain(`„${demoPracticeNames.sommer}“`);
    expect(anna.html).not.toContain(demoPracticeNames.markt);

    // David's only practice does not require it: straight back to the portal.
    const david = await passwordSignIn(demo.david);
    expect(david.code).toBeTruthy();
    const tokens = await redeemCode(provider, david.code ?? '', david.verifier);
    expect((await getCompany(tokens, markt)).statusCode).toBe(200);
  });
});
