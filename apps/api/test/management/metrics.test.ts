import { spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, describe, expect, it } from 'vitest';
import { API_BASE, calls, NEWSLETTER_CONSENT_VERSION } from '@pp/contract';
import { findAccountByEmail, idpSchema } from '@pp/idp';
import { normalizeHtml } from '@pp/testing';
import { openSignIn } from '../identity/support/sign-in.ts';
import { signIn, submitSignIn } from '../identity/support/sign-in.ts';
import { exhaustLimit, randomClientAddress } from '../rate-limit/limits.ts';
import { demo } from '../support/demo.ts';
import { createCustomer } from '../support/factories.ts';
import { createWebFixture } from '../web/web-fixture.ts';
import { samples, useManagedPortal, value } from './support.ts';

// Issue 45: the management port's `/metrics`, read after the work that moves each metric,
// through the app (inject), the embedded provider (real HTTP) and the management port (real
// HTTP). Figures read from the database are shared by the scrapes of one second: a test that
// compares two of them waits past it.

const PASSWORD = 'Demo-Portal-2026';
const FIGURES_FRESH_MS = 1100;
const P = 'practice_portal_';
const IS_ALIVE = `${API_BASE}${calls.lifetimeIsAlive.path}`;
const CONNECT = `${API_BASE}${calls.companyConnectExistingCompany.path}`;

const web = createWebFixture();
afterAll(() => web.remove());
const portal = useManagedPortal({ web: { root: web.root } });

describe('the management port', () => {
  it('is the only port with /metrics and /health: the public port answers 404 for them', async () => {
    for (const url of ['/metrics', '/health', '/health/live', '/health/ready', '/health/started']) {
      const answer = await portal.app.inject({ method: 'GET', url });
      expect(answer.statusCode, url).toBe(404);
      expect((await portal.get(url)).status, url).not.toBe(404);
    }
    // Not even as the web app's page, which answers every other unknown path.
    expect((await portal.app.inject({ method: 'GET', url: '/dashboard' })).statusCode).toBe(200);
  });

  it('answers the health checks in the shape of Keycloak’s', async () => {
    const live = await portal.get('/health/live');
    expect(live.status).toBe(200);
    expect(await live.json()).toEqual({ status: 'UP', checks: [] });

    const ready = await portal.get('/health/ready');
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({
      status: 'UP',
      checks: [
        { name: 'database', status: 'UP', data: { kind: portal.app.database.kind } },
        { name: 'migrations', status: 'UP' },
        { name: 'accepting requests', status: 'UP' },
        { name: 'crm', status: 'UP', data: { provider: 'builtin', state: 'ok' } },
      ],
    });

    const started = await portal.get('/health/started');
    expect(started.status).toBe(200);
    expect(await started.json()).toEqual({
      status: 'UP',
      checks: [{ name: 'start-up', status: 'UP' }],
    });
  });

  it('counts requests by call pattern and status with their latency, never by the URL sent', async () => {
    const before = await portal.scrape();
    const requests = `${P}http_server_requests_seconds_count`;
    const alive = { method: 'GET', call: IS_ALIVE, status: '200' };
    await portal.app.inject({ method: 'GET', url: IS_ALIVE });
    await portal.app.inject({ method: 'GET', url: `${API_BASE}/No/Such?email=${demo.anna}` });
    const after = await portal.scrape();
    expect(value(after, requests, alive)).toBe(value(before, requests, alive) + 1);
    // The web app's files answer every path no route takes: the call is their pattern, `/*`.
    const unknown = { method: 'GET', call: '/*', status: '404' };
    expect(value(after, requests, unknown)).toBe(value(before, requests, unknown) + 1);
    expect(samples(after, `${P}http_server_requests_seconds_bucket`, alive).length).toBe(12);
    expect(after).not.toContain('No/Such');
  });

  it('times the database statements, and shows the pool of a server', async () => {
    const before = await portal.scrape();
    const token = await portal.issuer.tokenFor(demo.anna);
    expect((await portal.client.customer.getCustomerData({ token })).statusCode).toBe(200);
    const after = await portal.scrape();
    const count = `${P}db_query_duration_seconds_count`;
    expect(value(after, count)).toBeGreaterThan(value(before, count));
    if (portal.app.database.kind === 'server') {
      expect(samples(after, `${P}db_pool_connections`, { state: 'idle' })).toHaveLength(1);
      expect(value(after, `${P}db_pool_max`)).toBeGreaterThan(0);
    } else {
      expect(after).not.toContain(`${P}db_pool_connections`);
    }
  });

  it('counts sign-ins by method and outcome, and the provider’s sessions', async () => {
    const before = await portal.scrape();
    await signIn(portal.provider, demo.david, PASSWORD);
    const refused = await submitSignIn(portal.provider, portal.provider.browser(), demo.david, 'x');
    expect(refused.status).toBe(401);
    await sleep(FIGURES_FRESH_MS);
    const after = await portal.scrape();
    const signIns = `${P}sign_ins_total`;
    for (const outcome of ['success', 'failure']) {
      const labels = { method: 'password', outcome };
      expect(value(after, signIns, labels), outcome).toBe(value(before, signIns, labels) + 1);
    }
    expect(value(after, `${P}idp_sessions`)).toBe(value(before, `${P}idp_sessions`) + 1);
  });

  it('counts a refused second factor', async () => {
    const account = await findAccountByEmail(portal.db.database.db, demo.ben);
    await portal.db.database.db
      .insert(idpSchema.idpRecoveryCodes)
      .values({ accountId: account!.id, codeHash: randomUUID() });
    const before = await portal.scrape();
    const browser = portal.provider.browser();
    const page = await openSignIn(portal.provider, browser);
    const fields = { csrf: page.csrf, email: demo.ben, password: PASSWORD };
    const step = await browser.postForm(page.action, fields, portal.provider.issuer);
    expect(step.status).toBe(200);
    const csrf = /name="csrf" value="([^"]+)"/.exec(normalizeHtml(await step.text()))?.[1] ?? '';
    const wrong = await browser.postForm(
      new URL(page.action.pathname.replace(/\/login$/, '/second-factor'), portal.provider.issuer),
      { csrf, mode: 'recovery', code: 'aaaaa-bbbbb' },
      portal.provider.issuer,
    );
    expect(wrong.status).toBe(401);
    const after = await portal.scrape();
    const failures = `${P}second_factor_failures_total`;
    expect(value(after, failures, { method: 'recovery' })).toBe(
      value(before, failures, { method: 'recovery' }) + 1,
    );
    const signIns = `${P}sign_ins_total`;
    const labels = { method: 'password+recovery-code', outcome: 'failure' };
    expect(value(after, signIns, labels)).toBe(value(before, signIns, labels) + 1);
  });

  it('counts a request refused by a rate limit, by limit and call', async () => {
    const before = await portal.scrape();
    const token = await portal.issuer.tokenFor(demo.clara);
    const refused = await exhaustLimit([portal.app], { token, address: randomClientAddress() });
    expect(refused.statusCode).toBe(429);
    const after = await portal.scrape();
    const metric = `${P}rate_limit_refusals_total`;
    const labels = { limit: 'address', call: CONNECT };
    expect(value(after, metric, labels)).toBe(value(before, metric, labels) + 1);
  });

  it('shows the mail outbox’s depth and its oldest mail’s age', async () => {
    const before = await portal.scrape();
    const customer = await createCustomer(portal.db.database.db);
    const answer = await portal.client.preferences.updatePreferences({
      token: await portal.issuer.tokenFor(customer.email),
      body: {
        subscribed: true,
        distributors: ['PRODUCT_NEWS'],
        interests: ['HYGIENE'],
        wordingVersion: NEWSLETTER_CONSENT_VERSION,
      },
    });
    expect(answer.statusCode).toBe(200);
    await sleep(FIGURES_FRESH_MS);
    const after = await portal.scrape();
    const depth = `${P}mail_outbox_depth`;
    expect(value(after, depth)).toBe(value(before, depth) + 1);
    expect(value(after, `${P}mail_outbox_oldest_age_seconds`)).toBeGreaterThan(0);
    expect(value(after, `${P}database_up`)).toBe(1);
  });

  it('serves Node’s own process metrics too, and no personal data in any label', async () => {
    const text = await portal.scrape();
    expect(samples(text, 'process_cpu_user_seconds_total')).toHaveLength(1);
    expect(samples(text, 'nodejs_eventloop_lag_seconds')).toHaveLength(1);
    expect(text).not.toContain('@');
    expect(text).not.toMatch(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/);
  });

  // Last: after the work above, every metric family has samples for promtool to read. CI
  // installs Debian's `prometheus` package (.ci/run); a machine without it skips, and says why.
  const noPromtool = spawnSync('promtool', ['--version']).error !== undefined;
  const why = noPromtool
    ? ' — SKIPPED: promtool is not installed (apt-get install prometheus)'
    : '';
  it.skipIf(noPromtool)(`passes Prometheus’s own \`promtool check metrics\`${why}`, async () => {
    const checked = spawnSync('promtool', ['check', 'metrics'], {
      input: await portal.scrape(),
      encoding: 'utf8',
    });
    expect(`${checked.stdout}${checked.stderr}`).toBe('');
    expect(checked.status).toBe(0);
  });
});
