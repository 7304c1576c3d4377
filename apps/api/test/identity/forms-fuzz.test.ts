import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createAccount, DEFAULT_THROTTLE } from '@pp/idp';
import type { TestBrowser } from '@pp/testing';
import { linkTo, mailsTo, newAddress } from './support/mails.ts';
import { csrfOf, getPage, submitPage } from './support/pages.ts';
import { useEmbeddedProvider } from './support/provider.ts';
import { registerWithLink } from './support/registration.ts';
import { openSignIn } from './support/sign-in.ts';

// The provider's forms get what the api's calls get (issue 14): generated and hostile values in
// every field, extra fields, a missing or foreign form token, any language; never an answer
// ≥ 500, always a page of ours (or a redirect). The throttle is wide open so that the values,
// not the waits, reach the forms.
const provider = useEmbeddedProvider({
  throttle: {
    ...DEFAULT_THROTTLE,
    account: { freeFailures: 1_000_000, baseDelaySeconds: 1, maxDelaySeconds: 1 },
    address: { freeFailures: 1_000_000, baseDelaySeconds: 1, maxDelaySeconds: 1 },
    mailRequests: { freeFailures: 1_000_000, baseDelaySeconds: 1, maxDelaySeconds: 1 },
  },
});
const CASES = 150;
const PASSWORD = 'Sicheres-Passwort-2026';

const hostileText = fc.oneof(
  fc.constantFrom(
    '',
    ' ',
    '\u0000',
    'a\u0000b@example.com',
    '\ud800',
    '\udfff\ud800@example.com',
    '\u202e',
    '\r\n',
    '%00',
    'ben.\u212Arause@example.com',
    '\u0130NFO@praxis.de',
    'x'.repeat(10_000),
    `${'a'.repeat(300)}@example.com`,
    '<script>alert(1)</script>',
    "' or 1=1 --",
    '__proto__',
    'constructor',
    PASSWORD,
  ),
  fc.string({ unit: 'binary', maxLength: 80 }),
  fc.emailAddress(),
);

/** A form's fields: its own with generated values, sometimes extras and a broken token. */
function formFields(names: string[]) {
  return fc.record({
    values: fc.record(Object.fromEntries(names.map((name) => [name, hostileText]))),
    extra: fc.dictionary(fc.string({ maxLength: 12 }), hostileText, { maxKeys: 3 }),
    csrf: fc.constantFrom('own', 'missing', 'foreign', 'garbage'),
    lang: fc.oneof(fc.constantFrom('de', 'en', 'xx', ''), fc.string({ maxLength: 8 })),
  });
}

type Fields = {
  values: Record<string, string>;
  extra: Record<string, string>;
  csrf: string;
  lang: string;
};

function bodyOf(fields: Fields, ownToken: string): Record<string, string> {
  const token = { own: ownToken, missing: undefined, foreign: `${ownToken}x`, garbage: '\u0000' }[
    fields.csrf as 'own'
  ];
  return {
    ...fields.extra,
    ...fields.values,
    lang: fields.lang,
    ...(token === undefined ? {} : { csrf: token }),
  };
}

async function expectOwnAnswer(response: Response) {
  const body = await response.text();
  expect(response.status, body.slice(0, 500)).toBeLessThan(500);
  if (response.status >= 300 && response.status < 400) return;
  expect(response.headers.get('content-type') ?? '').toMatch(/^text\/html/);
  expect(body).toContain('<html');
}

async function fuzzPageForm(path: string, names: string[], pageUrl: () => Promise<URL>) {
  let browser: TestBrowser | undefined;
  let token = '';
  let url = new URL(path, provider.issuer);
  let sent = 0;
  await fc.assert(
    fc.asyncProperty(formFields(names), async (fields) => {
      // A new page (and so a new address and token) every 25 cases.
      if (!browser || sent % 25 === 0) {
        browser = provider.browser(sent % 2 ? 'en' : 'de');
        url = await pageUrl();
        token = csrfOf((await getPage(browser, url)).html);
      }
      sent++;
      const response = await browser.postForm(url, bodyOf(fields, token), provider.issuer);
      await expectOwnAnswer(response);
    }),
    { numRuns: CASES },
  );
  expect(sent).toBe(CASES);
}

describe('the provider’s forms under generated and hostile values', () => {
  const page = (path: string) => async () => new URL(`${path}?lang=de`, provider.issuer);

  it('registration', async () => {
    await fuzzPageForm('/register', ['email', 'password', 'passwordRepeat'], page('/register'));
  });

  it('a new confirmation link', async () => {
    await fuzzPageForm('/register/resend', ['email'], page('/register/resend'));
  });

  it('a forgotten password', async () => {
    await fuzzPageForm('/forgot-password', ['email'], page('/forgot-password'));
  });

  it('the confirmation page of a registration link', async () => {
    await fuzzPageForm('/register/verify', ['password'], async () =>
      registerWithLink(provider, newAddress(), PASSWORD),
    );
  });

  it('the page of a password reset link', async () => {
    await fuzzPageForm('/reset-password', ['password', 'passwordRepeat'], async () => {
      const email = newAddress('fuzz');
      const db = provider.database.database.db;
      await createAccount(db, { email, password: PASSWORD, emailVerified: true });
      await submitPage(provider.browser(), provider.issuer, '/forgot-password', { email });
      const [mail] = await mailsTo(db, email);
      return linkTo(mail!, '/reset-password');
    });
  });

  it('the sign-in page', async () => {
    let browser: TestBrowser | undefined;
    let form: Awaited<ReturnType<typeof openSignIn>> | undefined;
    let sent = 0;
    await fc.assert(
      fc.asyncProperty(formFields(['email', 'password']), async (fields) => {
        if (!browser || !form || sent % 25 === 0) {
          browser = provider.browser(sent % 2 ? 'en' : 'de');
          form = await openSignIn(provider, browser);
        }
        sent++;
        const response = await browser.postForm(
          form.action,
          bodyOf(fields, form.csrf),
          provider.issuer,
        );
        await expectOwnAnswer(response);
      }),
      { numRuns: CASES },
    );
    expect(sent).toBe(CASES);
  });
});
