import { afterAll, describe, expect, it } from 'vitest';
import { WEB_CONFIGURATION_PATH, WebConfigurationSchema } from '@pp/contract';
import { absoluteLogoUrl, logoOrigins } from '../../src/config/web.ts';
import { ConfigError, loadConfig } from '../../src/config.ts';
import { useApi } from '../support/context.ts';
import { createWebFixture, FIXTURE } from './web-fixture.ts';

function problemsOf(env: Record<string, string>): string[] {
  try {
    loadConfig(env);
    return [];
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    return error.problems;
  }
}

/** `Content-Security-Policy`'s `img-src` sources. */
function imageSources(header: unknown): string[] {
  const directive = String(header)
    .split(';')
    .map((part) => part.trim().split(/\s+/))
    .find(([name]) => name === 'img-src');
  return directive?.slice(1) ?? [];
}

describe("the operator's portal name and logo (PORTAL_NAME, LOGO_URL)", () => {
  it('default to the translated name and no logo', () => {
    expect(loadConfig({})).toMatchObject({ portalName: null, logoUrl: null });
  });

  it.each([
    ['Praxis Dr. Sommer', 'Praxis Dr. Sommer'],
    ['  Zahnarztpraxis Müller  ', 'Zahnarztpraxis Müller'],
    ['x'.repeat(60), 'x'.repeat(60)],
  ])('take the name %j', (value, name) => {
    expect(loadConfig({ PORTAL_NAME: value }).portalName).toBe(name);
  });

  it.each([
    ['/brand/logo.svg', '/brand/logo.svg'],
    ['https://cdn.example.com/logo.png', 'https://cdn.example.com/logo.png'],
    ['http://localhost:4000/logo.png', 'http://localhost:4000/logo.png'],
  ])('take the logo %s', (value, logo) => {
    expect(loadConfig({ LOGO_URL: value }).logoUrl).toBe(logo);
  });

  it.each([
    ['PORTAL_NAME', 'x'.repeat(61)],
    ['PORTAL_NAME', 'Praxis\nSommer'],
    ['PORTAL_NAME', 'Praxis\u0007'],
    ['PORTAL_NAME', 'Praxis\u202eremmoS'],
    ['LOGO_URL', 'logo.svg'],
    ['LOGO_URL', '//evil.example.com/logo.svg'],
    ['LOGO_URL', '/\\evil.example.com/logo.svg'],
    ['LOGO_URL', 'javascript:alert(1)'],
    ['LOGO_URL', 'data:image/svg+xml,<svg/>'],
    ['LOGO_URL', 'ftp://example.com/logo.png'],
    ['LOGO_URL', 'https://user:secret@example.com/logo.png'],
    ['LOGO_URL', '/logo one.svg'],
  ])('refuse %s=%j at start, naming the variable', (name, value) => {
    const problems = problemsOf({ [name]: value });
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(new RegExp(`^${name} must `));
    expect(problems[0]).not.toContain(value);
  });

  it("name the sender of the portal's mails unless MAIL_FROM says otherwise", () => {
    expect(loadConfig({ PUBLIC_URL: 'https://portal.example.com' }).mailFrom).toBe(
      '"Praxisportal" <no-reply@portal.example.com>',
    );
    expect(loadConfig({ PORTAL_NAME: 'Praxis "Am Markt" \\ Nord' }).mailFrom).toBe(
      '"Praxis \\"Am Markt\\" \\\\ Nord" <no-reply@localhost>',
    );
    expect(
      loadConfig({ PORTAL_NAME: 'Praxis Sommer', MAIL_FROM: 'praxis@example.com' }).mailFrom,
    ).toBe('praxis@example.com');
  });

  it("give the provider an absolute logo, on the portal's origin for a path", () => {
    const config = loadConfig({ PUBLIC_URL: 'http://localhost:4100', LOGO_URL: '/brand/logo.svg' });
    expect(absoluteLogoUrl(config)).toBe('http://localhost:4100/brand/logo.svg');
    expect(logoOrigins(config)).toEqual([]);
    const elsewhere = loadConfig({ LOGO_URL: 'https://cdn.example.com/a/logo.png' });
    expect(logoOrigins(elsewhere)).toEqual(['https://cdn.example.com']);
  });
});

describe('/app-config.json with PORTAL_NAME and LOGO_URL', () => {
  const api = useApi({
    env: { PORTAL_NAME: 'Praxis Dr. Sommer', LOGO_URL: 'https://cdn.example.com/logo.png' },
  });

  it('tells the web app the name and logo', async () => {
    const response = await api.app.inject({ method: 'GET', url: WEB_CONFIGURATION_PATH });
    const body = WebConfigurationSchema.parse(response.json());
    expect(body.portalName).toBe('Praxis Dr. Sommer');
    expect(body.logoUrl).toBe('https://cdn.example.com/logo.png');
  });

  it("lets the portal's pages show the logo from its origin", async () => {
    const response = await api.app.inject({ method: 'GET', url: WEB_CONFIGURATION_PATH });
    expect(imageSources(response.headers['content-security-policy'])).toEqual([
      "'self'",
      'data:',
      'https://cdn.example.com',
    ]);
  });
});

describe('a logo on the portal (LOGO_URL=/…)', () => {
  const web = createWebFixture();
  // Any file of the built web app stands in for the operator's logo.
  const api = useApi({ web: { root: web.root }, env: { LOGO_URL: FIXTURE.stylesheet } });
  afterAll(() => web.remove());

  it("may be loaded by the provider's pages on their origin, other files may not", async () => {
    const logo = await api.app.inject({ method: 'GET', url: FIXTURE.stylesheet });
    expect(logo.statusCode).toBe(200);
    expect(logo.headers['cross-origin-resource-policy']).toBe('cross-origin');
    const page = await api.app.inject({ method: 'GET', url: '/' });
    expect(page.headers['cross-origin-resource-policy']).toBe('same-origin');
  });
});

describe('/app-config.json without them', () => {
  const api = useApi();

  it('sends null for both: the web app shows its translated name, no logo', async () => {
    const response = await api.app.inject({ method: 'GET', url: WEB_CONFIGURATION_PATH });
    expect(response.json()).toMatchObject({ portalName: null, logoUrl: null });
    expect(imageSources(response.headers['content-security-policy'])).toEqual(["'self'", 'data:']);
  });
});
