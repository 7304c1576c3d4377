import { afterAll, describe, expect, it } from 'vitest';
import { useApi } from '../support/context.ts';
import { bearer } from '../support/expect-problem.ts';
import { createWebFixture } from '../web/web-fixture.ts';

/** `Content-Security-Policy` as directive → sources. */
function cspOf(header: unknown): Map<string, string[]> {
  expect(typeof header).toBe('string');
  return new Map(
    String(header)
      .split(';')
      .map((directive) => directive.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name = '', ...sources]) => [name, sources]),
  );
}

describe('security headers', () => {
  const web = createWebFixture();
  const api = useApi({ web: { root: web.root } });
  afterAll(() => web.remove());

  const pages = ['/', '/my-practice', '/index.html', '/assets/i18n/de.json'];
  const apiAnswers = [
    ['IsAlive, 200', '/api/v1/Lifetime/IsAlive'],
    ['an anonymous private call, 401', '/api/v1/Lifetime/private'],
    ['an unknown call, 404', '/api/v1/NoSuch/Call'],
    ['an unknown path under /api, 404', '/api/other'],
  ] as const;

  it.each(pages)(
    'page %s: scripts from our origin only, nothing inline or evaluated',
    async (url) => {
      const response = await api.app.inject({ method: 'GET', url });
      const csp = cspOf(response.headers['content-security-policy']);
      expect(csp.get('script-src')).toEqual(["'self'"]);
      expect(csp.get('script-src-attr')).toEqual(["'none'"]);
      expect(csp.get('default-src')).toEqual(["'self'"]);
      expect(csp.get('object-src')).toEqual(["'none'"]);
      expect(csp.get('base-uri')).toEqual(["'none'"]);
      expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
      expect(response.headers['x-frame-options']).toBe('DENY');
      for (const sources of csp.values()) {
        expect(sources).not.toContain("'unsafe-eval'");
        expect(sources).not.toContain('*');
      }
    },
  );

  it("allows inline styles only (Mantine's style attributes), never inline scripts", async () => {
    const csp = cspOf((await api.app.inject({ url: '/' })).headers['content-security-policy']);
    expect(csp.get('style-src')).toEqual(["'self'", "'unsafe-inline'"]);
    const inlineAllowed = [...csp].filter(([, sources]) => sources.includes("'unsafe-inline'"));
    expect(inlineAllowed.map(([name]) => name)).toEqual(['style-src']);
  });

  it("lets the web app call and frame the identity provider's origin", async () => {
    const issuerOrigin = new URL(api.app.config.oidc.issuer).origin;
    const csp = cspOf((await api.app.inject({ url: '/' })).headers['content-security-policy']);
    expect(csp.get('connect-src')).toEqual(["'self'", issuerOrigin]);
    // The hidden frame goes to the provider, which sends it back to our silent-callback page.
    expect(csp.get('frame-src')).toEqual(["'self'", issuerOrigin]);
    expect(csp.get('form-action')).toEqual(["'self'", issuerOrigin]);
  });

  it('lets only our own origin frame the silent-callback page', async () => {
    const response = await api.app.inject({ url: '/silent-callback.html' });
    expect(response.statusCode).toBe(200);
    const csp = cspOf(response.headers['content-security-policy']);
    expect(csp.get('frame-ancestors')).toEqual(["'self'"]);
    expect(csp.get('script-src')).toEqual(["'self'"]);
    expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
  });

  it.each(['/silent-callback.js', '/silent-callback.html/', '/x/silent-callback.html'])(
    'keeps framing forbidden for %s',
    async (url) => {
      const response = await api.app.inject({ url });
      expect(cspOf(response.headers['content-security-policy']).get('frame-ancestors')).toEqual([
        "'none'",
      ]);
      expect(response.headers['x-frame-options']).toBe('DENY');
    },
  );

  it.each([...pages, ...apiAnswers.map(([, url]) => url), '/silent-callback.html'])(
    '%s: HSTS, nosniff and no referrer',
    async (url) => {
      const response = await api.app.inject({ url });
      const hsts = String(response.headers['strict-transport-security']);
      expect(Number(/max-age=(\d+)/.exec(hsts)?.[1])).toBeGreaterThanOrEqual(31_536_000);
      expect(hsts).toContain('includeSubDomains');
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['referrer-policy']).toBe('no-referrer');
      expect(response.headers['x-powered-by']).toBeUndefined();
    },
  );

  it.each(apiAnswers)('api answer for %s is never stored', async (_name, url) => {
    const response = await api.app.inject({ url });
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it.each([
    ['personal data, 200', 'GET', '/api/v1/Customer/GetCustomerData', undefined, 200],
    ['a malformed JSON body, 400', 'POST', '/api/v1/Utility/EmailProhibitedAlias', '{"a":', 400],
    // Unknown query parameters are refused (security finding 8): still never stored.
    ['a URL with a query string', 'GET', '/api/v1/Lifetime/IsAlive?probe=1', undefined, 400],
  ] as const)('api answer for %s is never stored', async (_name, method, url, payload, status) => {
    const token = await api.issuer.tokenFor('clara.wolf@example.com');
    const response = await api.app.inject({
      method,
      url,
      headers: { ...bearer(token), 'content-type': 'application/json' },
      ...(payload === undefined ? {} : { payload }),
    });
    expect(response.statusCode).toBe(status);
    expect(response.headers['cache-control']).toBe('no-store');
  });
});
