import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestDatabase } from '@pp/database/testing';
import { TestBrowser } from '@pp/testing';
import { openSignIn } from './support/oauth.ts';
import { createIdpTestDatabase, startIdp, useIdp, type RunningIdp } from './support/provider.ts';

const LOGO = 'https://cdn.example.com/brand/logo.png';

function imageSources(csp: string | null): string[] {
  const directive = (csp ?? '')
    .split(';')
    .map((part) => part.trim().split(/\s+/))
    .find(([name]) => name === 'img-src');
  return directive?.slice(1) ?? [];
}

describe("the provider's pages without PORTAL_NAME and LOGO_URL", () => {
  const idp = useIdp();

  it.each([
    [
      'de',
      'Anmelden – Praxisportal',
      'Praxisportal',
      'Praxisportal: Konto, Praxen, Standorte und Mitarbeitende von Arzt- und Zahnarztpraxen',
    ],
    [
      'en',
      'Sign in – Practice Portal',
      'Practice Portal',
      'Practice Portal: Account, practices, locations and employees of medical and dental practices',
    ],
  ])(
    'name the portal in %s in the title, the description and the header, without a logo',
    async (locale, title, name, description) => {
      const form = await openSignIn(new TestBrowser(), idp.running.issuer, { ui_locales: locale });
      expect(form.html).toContain(`<title>${title}</title>`);
      // What a search engine or a shared link shows of the page.
      expect(form.html).toContain(`<meta name="description" content="${description}"`);
      expect(form.html).toMatch(
        new RegExp(`<header class="header"><p class="brand"><span>${name}</span>`),
      );
      expect(form.html).not.toContain('<img');
    },
  );

  it('show images from their own origin only', async () => {
    const browser = new TestBrowser();
    const form = await openSignIn(browser, idp.running.issuer);
    const page = await browser.get(form.url);
    expect(imageSources(page.headers.get('content-security-policy'))).toEqual(["'self'"]);
  });
});

describe("the provider's pages with the operator's name and logo", () => {
  let database: TestDatabase;
  let running: RunningIdp;
  beforeAll(async () => {
    database = await createIdpTestDatabase();
    running = await startIdp(database.database.db, {
      portalName: 'Praxis <Dr.> Sommer',
      logoUrl: LOGO,
    });
  });
  afterAll(async () => {
    await running?.close();
    await database?.drop();
  });

  it.each(['de', 'en'])(
    'show the name (escaped) in %s and the logo in the header',
    async (locale) => {
      const form = await openSignIn(new TestBrowser(), running.issuer, { ui_locales: locale });
      expect(form.html).toMatch(/<title>[^<]+ – Praxis &lt;Dr\.&gt; Sommer<\/title>/);
      expect(form.html).toContain('<meta name="description" content="Praxis &lt;Dr.&gt; Sommer: ');
      expect(form.html).toContain(
        `<p class="brand"><img class="brand-logo" src="${LOGO}" alt=""/><span>Praxis &lt;Dr.&gt; Sommer</span>`,
      );
    },
  );

  it("allow the logo's origin for images, nothing else", async () => {
    const browser = new TestBrowser();
    const form = await openSignIn(browser, running.issuer);
    const page = await browser.get(form.url);
    expect(imageSources(page.headers.get('content-security-policy'))).toEqual([
      "'self'",
      'https://cdn.example.com',
    ]);
  });
});
