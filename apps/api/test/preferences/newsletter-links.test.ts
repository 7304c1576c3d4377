import { desc, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { NEWSLETTER_CONSENT_VERSION, PreferencesSchema } from '@pp/contract';
import {
  consentRecords,
  customers,
  mailOutbox,
  newsletterConfirmations,
  newsletterPreferences,
} from '../../src/db/schema.ts';
import { sweepUnconfirmedSubscriptions } from '../../src/lib/preferences/double-opt-in.ts';
import { useApi } from '../support/context.ts';
import { createCustomer } from '../support/factories.ts';

// The pages of the newsletter mails' links and RFC 8058 one-click unsubscription (decision 0077).
describe('newsletter confirmation and one-click unsubscribe links', () => {
  const api = useApi();
  const db = () => api.db.database.db;

  const subscribe = async () => {
    const customer = await createCustomer(db());
    // The mail, and the pages its links open, speak the customer's language.
    await db()
      .update(customers)
      .set({ preferredLanguage: 'en' })
      .where(eq(customers.id, customer.id));
    const answer = await api.client.preferences.updatePreferences({
      token: await api.issuer.tokenFor(customer.email),
      body: {
        subscribed: true,
        distributors: ['PRODUCT_NEWS'],
        interests: ['HYGIENE'],
        wordingVersion: NEWSLETTER_CONSENT_VERSION,
      },
    });
    expect(answer.statusCode).toBe(200);
    const [mail] = await db()
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.recipient, customer.email))
      .orderBy(desc(mailOutbox.createdAt));
    const link = (path: string) => {
      const url = new URL(mail!.links.find((l) => new URL(l).pathname === path)!);
      return url.pathname + url.search;
    };
    return {
      customer,
      mail: mail!,
      confirmUrl: link('/newsletter/confirm'),
      unsubscribeUrl: link('/newsletter/unsubscribe'),
    };
  };
  const read = async (email: string) =>
    PreferencesSchema.parse(
      (
        await api.client.preferences.getCurrentPreferences({
          token: await api.issuer.tokenFor(email),
        })
      ).json(),
    );
  const recordsOf = (customerId: string) =>
    db().select().from(consentRecords).where(eq(consentRecords.customerId, customerId));
  const oneClick = (url: string, payload = 'List-Unsubscribe=One-Click') =>
    api.app.inject({
      method: 'POST',
      url,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload,
    });
  const confirmed = async () => {
    const subscription = await subscribe();
    expect(
      (await api.app.inject({ method: 'POST', url: subscription.confirmUrl })).statusCode,
    ).toBe(200);
    return subscription;
  };

  it('a GET of the confirmation link only shows a button in the mail language: scanners change nothing', async () => {
    const { customer, confirmUrl } = await subscribe();
    const page = await api.app.inject({ method: 'GET', url: confirmUrl });
    expect(page.statusCode).toBe(200);
    expect(page.headers['cache-control']).toBe('no-store');
    expect(page.body).toContain('<html lang="en">');
    expect(page.body).toMatch(/<form method="post"[^>]*>[\s\S]*Confirm subscription/);
    expect((await read(customer.email)).subscribed).toBe(false);
  });

  it('confirms once: the link is single use', async () => {
    const { customer, confirmUrl } = await subscribe();
    expect((await api.app.inject({ method: 'POST', url: confirmUrl })).statusCode).toBe(200);
    const again = await api.app.inject({ method: 'POST', url: confirmUrl });
    expect(again.statusCode).toBe(409);
    // Opened again, the page says so instead of offering the button.
    const page = await api.app.inject({ method: 'GET', url: confirmUrl });
    expect(page.statusCode).toBe(409);
    expect(page.body).not.toContain('<form');
    expect(await recordsOf(customer.id)).toHaveLength(1);
  });

  it('confirms once when two clicks arrive at the same time', async () => {
    const { customer, confirmUrl } = await subscribe();
    const answers = await Promise.all(
      [1, 2].map(() => api.app.inject({ method: 'POST', url: confirmUrl })),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    expect(await recordsOf(customer.id)).toHaveLength(1);
  });

  it('refuses a link past its 48 hours and changes nothing (time passed in the database)', async () => {
    const { customer, confirmUrl } = await subscribe();
    await db()
      .update(newsletterConfirmations)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(newsletterConfirmations.customerId, customer.id));
    expect((await api.app.inject({ method: 'GET', url: confirmUrl })).statusCode).toBe(410);
    expect((await api.app.inject({ method: 'POST', url: confirmUrl })).statusCode).toBe(410);
    expect(await read(customer.email)).toMatchObject({ subscribed: false, pending: null });
    expect(await recordsOf(customer.id)).toEqual([]);
  });

  it('answers an unknown or malformed confirmation token with 404', async () => {
    for (const token of ['x'.repeat(43), 'kurz']) {
      const answer = await api.app.inject({
        method: 'POST',
        url: `/newsletter/confirm?token=${token}&lang=de`,
      });
      expect(answer.statusCode).toBe(404);
      expect(answer.body).toContain('Link ungültig');
    }
  });

  it('puts RFC 2369 List-Unsubscribe and RFC 8058 List-Unsubscribe-Post on the confirmation mail', async () => {
    const { mail, unsubscribeUrl } = await subscribe();
    expect(mail.headers).toEqual({
      'List-Unsubscribe': `<${new URL(unsubscribeUrl, 'http://localhost:3000').href}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    });
  });

  it('RFC 8058: a one-click POST without session withdraws at once, is recorded, and is idempotent', async () => {
    const { customer, unsubscribeUrl } = await confirmed();
    // A GET (a scanner prefetching the link) shows the button and changes nothing.
    const page = await api.app.inject({ method: 'GET', url: unsubscribeUrl });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('name="List-Unsubscribe" value="One-Click"');
    expect((await read(customer.email)).subscribed).toBe(true);

    const first = await oneClick(unsubscribeUrl);
    expect(first.statusCode).toBe(200);
    expect(await read(customer.email)).toMatchObject({ subscribed: false, distributors: [] });
    const records = await recordsOf(customer.id);
    expect(records.map((r) => [r.subscribed, r.confirmedAt === null])).toEqual([
      [true, false],
      [false, true],
    ]);
    expect((await oneClick(unsubscribeUrl)).statusCode).toBe(200);
    expect(await recordsOf(customer.id)).toHaveLength(2);
  });

  it('RFC 8058: takes the one-click body as multipart/form-data too', async () => {
    const { customer, unsubscribeUrl } = await confirmed();
    const boundary = '----pp-test';
    const answer = await api.app.inject({
      method: 'POST',
      url: unsubscribeUrl,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: `--${boundary}\r\nContent-Disposition: form-data; name="List-Unsubscribe"\r\n\r\nOne-Click\r\n--${boundary}--\r\n`,
    });
    expect(answer.statusCode).toBe(200);
    expect((await read(customer.email)).subscribed).toBe(false);
  });

  it('refuses a forged or altered signature, another customer’s and a wrong body, changing nothing', async () => {
    const { customer, unsubscribeUrl } = await confirmed();
    const other = await confirmed();
    const url = new URL(unsubscribeUrl, 'http://localhost');
    const signature = url.searchParams.get('s')!;
    const altered = new URL(url);
    altered.searchParams.set('s', (signature[0] === 'A' ? 'B' : 'A') + signature.slice(1));
    const swapped = new URL(url);
    swapped.searchParams.set('c', other.customer.id);
    const before = await db().select().from(newsletterPreferences);
    for (const forged of [altered, swapped]) {
      const answer = await oneClick(forged.pathname + forged.search);
      expect(answer.statusCode).toBe(403);
    }
    expect((await oneClick(unsubscribeUrl, 'List-Unsubscribe=Two-Clicks')).statusCode).toBe(400);
    expect((await api.app.inject({ method: 'POST', url: unsubscribeUrl })).statusCode).toBe(400);
    expect(await db().select().from(newsletterPreferences)).toEqual(before);
    expect(await recordsOf(customer.id)).toHaveLength(1);
    expect((await read(other.customer.email)).subscribed).toBe(true);
  });

  it('withdrawing also ends a pending request: its confirmation link no longer works', async () => {
    const { customer, confirmUrl, unsubscribeUrl } = await subscribe();
    expect((await oneClick(unsubscribeUrl)).statusCode).toBe(200);
    expect((await api.app.inject({ method: 'POST', url: confirmUrl })).statusCode).toBe(404);
    expect(await read(customer.email)).toMatchObject({ subscribed: false, pending: null });
  });

  it('sweepUnconfirmedSubscriptions removes the requests past their expiry and nothing else', async () => {
    const expired = await subscribe();
    const fresh = await subscribe();
    await db()
      .update(newsletterConfirmations)
      .set({ expiresAt: sql`now() - interval '1 minute'` })
      .where(eq(newsletterConfirmations.customerId, expired.customer.id));
    const removed = await sweepUnconfirmedSubscriptions(db());
    expect(removed).toBeGreaterThanOrEqual(1);
    const left = await db().select().from(newsletterConfirmations);
    expect(left.map((r) => r.customerId)).not.toContain(expired.customer.id);
    expect(left.map((r) => r.customerId)).toContain(fresh.customer.id);
    expect(await sweepUnconfirmedSubscriptions(db())).toBe(0);
  });
});
