import { describe, expect, it } from 'vitest';
import { DEFAULT_THROTTLE } from '@pp/idp';
import { passThrottleTime } from '@pp/idp/testing';
import { mailsTo, newAddress } from './support/mails.ts';
import { csrfOf, getPage, postPage } from './support/pages.ts';
import { useEmbeddedProvider } from './support/provider.ts';

// Two requests per address are free, the third sets a wait of 30 seconds (passed in the database).
const provider = useEmbeddedProvider({
  throttle: {
    ...DEFAULT_THROTTLE,
    mailRequests: { freeFailures: 2, baseDelaySeconds: 30, maxDelaySeconds: 30 },
  },
});
const db = () => provider.database.database.db;
const PASSWORD = 'Sicheres-Passwort-2026';

const FIELDS: Record<string, () => Record<string, string>> = {
  '/register': () => ({ email: newAddress(), password: PASSWORD, passwordRepeat: PASSWORD }),
  '/register/resend': () => ({ email: newAddress() }),
  '/forgot-password': () => ({ email: newAddress() }),
};

describe('the forms that send mail', () => {
  it('slow an address down across the three forms, say how long, and never lock it out', async () => {
    const browser = provider.browser('de');
    const csrf = csrfOf((await getPage(browser, new URL('/register', provider.issuer))).html);
    const post = (path: string, fields = FIELDS[path]!()) =>
      postPage(browser, provider.issuer, path, { csrf, lang: 'de', ...fields });

    expect((await post('/register')).status).toBe(200);
    expect((await post('/register/resend')).status).toBe(200);
    expect((await post('/forgot-password')).status).toBe(200);

    const waiting = { email: newAddress(), password: PASSWORD, passwordRepeat: PASSWORD };
    const slowed = await post('/register', waiting);
    expect(slowed.status).toBe(429);
    expect(Number(slowed.headers.get('retry-after'))).toBeGreaterThan(25);
    expect(slowed.html).toMatch(
      /Zu viele Anfragen aus Ihrem Netzwerk\. Bitte warten Sie (29|30) Sekunden und versuchen Sie es dann erneut\./,
    );
    expect(slowed.html).toContain(`value="${waiting.email}"`);
    expect(slowed.html).not.toContain(PASSWORD);
    expect(await mailsTo(db(), waiting.email)).toEqual([]);
    expect((await post('/forgot-password')).status).toBe(429);

    // Another address is not affected.
    const elsewhere = provider.browser('en');
    const token = csrfOf(
      (await getPage(elsewhere, new URL('/forgot-password', provider.issuer))).html,
    );
    const other = await postPage(elsewhere, provider.issuer, '/forgot-password', {
      csrf: token,
      lang: 'en',
      email: newAddress(),
    });
    expect(other.status).toBe(200);

    await passThrottleTime(db(), 30);
    expect((await post('/register', waiting)).status).toBe(200);
    expect((await mailsTo(db(), waiting.email)).map((mail) => mail.template)).toEqual([
      'account-verification',
    ]);
  });

  it('do not count requests refused for their input', async () => {
    const browser = provider.browser('en');
    const csrf = csrfOf((await getPage(browser, new URL('/register', provider.issuer))).html);
    for (let i = 0; i < 5; i++) {
      const refused = await postPage(browser, provider.issuer, '/register', {
        csrf,
        lang: 'en',
        email: 'not-an-address',
        password: PASSWORD,
        passwordRepeat: PASSWORD,
      });
      expect(refused.status).toBe(400);
    }
    const fields = { csrf, lang: 'en', email: newAddress() };
    expect((await postPage(browser, provider.issuer, '/forgot-password', fields)).status).toBe(200);
  });
});
