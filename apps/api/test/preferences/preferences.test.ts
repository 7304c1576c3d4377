import { desc, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { calls, NEWSLETTER_CONSENT_VERSION, PreferencesSchema } from '@pp/contract';
import {
  consentRecords,
  mailOutbox,
  newsletterConfirmations,
  newsletterPreferences,
} from '../../src/db/schema.ts';
import { useApi } from '../support/context.ts';
import { customerIdOf, demo } from '../support/demo.ts';
import { expectProblem } from '../support/expect-problem.ts';
import { createCustomer } from '../support/factories.ts';

describe('Preferences/*', () => {
  const api = useApi();

  const as = (email: string) => api.issuer.tokenFor(email);
  const read = async (email: string) =>
    PreferencesSchema.parse(
      (await api.client.preferences.getCurrentPreferences({ token: await as(email) })).json(),
    );
  // The body is not typed here: one test sends bodies the call refuses.
  const save = async (email: string, body: object, language = 'de') =>
    api.client.unchecked(calls.preferencesUpdatePreferences, {
      token: await as(email),
      headers: { 'accept-language': language },
      body,
    });
  const records = async (email: string) => {
    const id = await customerIdOf(api.db.database.db, email);
    return api.db.database.db
      .select()
      .from(consentRecords)
      .where(eq(consentRecords.customerId, id))
      .orderBy(consentRecords.id);
  };
  const mailsTo = (email: string) =>
    api.db.database.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.recipient, email))
      .orderBy(desc(mailOutbox.createdAt));
  /** Follows the newest confirmation mail's link and presses its button (a POST). */
  const confirm = async (email: string) => {
    const [mail] = await mailsTo(email);
    const link = new URL(mail!.links.find((l) => l.includes('/newsletter/confirm'))!);
    return api.app.inject({ method: 'POST', url: link.pathname + link.search });
  };
  const choice = (changes: object = {}) => ({
    subscribed: true,
    distributors: ['PRODUCT_NEWS'],
    interests: ['HYGIENE', 'PROPHYLAXIS'],
    wordingVersion: NEWSLETTER_CONSENT_VERSION,
    ...changes,
  });

  it('answers "not subscribed" and no consent for someone who never chose', async () => {
    const customer = await createCustomer(api.db.database.db);
    expect(await read(customer.email)).toEqual({
      subscribed: false,
      distributors: [],
      interests: [],
      consent: null,
      pending: null,
    });
  });

  it('keeps a subscription pending until its mail is confirmed, then records request and confirmation times', async () => {
    const response = await save(demo.clara, choice(), 'en');
    expect(response.statusCode).toBe(200);
    const saved = PreferencesSchema.parse(response.json());
    // Double opt-in (decision 0077): nothing counts yet, and no consent is on record.
    expect(saved).toMatchObject({
      subscribed: false,
      distributors: [],
      consent: null,
      pending: { distributors: ['PRODUCT_NEWS'], interests: ['HYGIENE', 'PROPHYLAXIS'] },
    });
    expect(await records(demo.clara)).toEqual([]);
    const [mail] = await mailsTo(demo.clara);
    expect(mail).toMatchObject({ template: 'newsletter-confirmation' });

    expect((await confirm(demo.clara)).statusCode).toBe(200);
    const confirmed = await read(demo.clara);
    expect(confirmed).toMatchObject({
      subscribed: true,
      distributors: ['PRODUCT_NEWS'],
      interests: ['HYGIENE', 'PROPHYLAXIS'],
      consent: { wordingVersion: NEWSLETTER_CONSENT_VERSION },
      pending: null,
    });
    const [record] = await records(demo.clara);
    expect(record).toMatchObject({
      subscribed: true,
      distributors: ['PRODUCT_NEWS'],
      interests: ['HYGIENE', 'PROPHYLAXIS'],
      wordingVersion: NEWSLETTER_CONSENT_VERSION,
      language: 'en',
    });
    expect(record!.requestedAt).toBeInstanceOf(Date);
    expect(record!.confirmedAt!.getTime()).toBeGreaterThanOrEqual(record!.requestedAt!.getTime());
  });

  it('records a withdrawal at once without a mail, and nothing when nothing changed', async () => {
    await save(demo.ben, choice());
    await confirm(demo.ben);
    const mails = (await mailsTo(demo.ben)).length;
    await save(demo.ben, choice({ interests: ['PROPHYLAXIS', 'HYGIENE', 'HYGIENE'] }));
    expect(await records(demo.ben)).toHaveLength(1);
    await save(demo.ben, choice({ interests: ['HYGIENE'] }));
    await save(demo.ben, choice({ subscribed: false }));
    await save(demo.ben, choice({ subscribed: false, distributors: [] }));
    expect(
      (await records(demo.ben)).map((r) => [r.subscribed, r.interests, r.confirmedAt === null]),
    ).toEqual([
      [true, ['HYGIENE', 'PROPHYLAXIS'], false],
      [true, ['HYGIENE'], true],
      // Not subscribed, the lists are kept as sent: they widen nothing.
      [false, ['HYGIENE', 'PROPHYLAXIS'], true],
      [false, ['HYGIENE', 'PROPHYLAXIS'], true],
    ]);
    expect(await read(demo.ben)).toMatchObject({ subscribed: false, distributors: [] });
    expect(await mailsTo(demo.ben)).toHaveLength(mails);
  });

  it('counts the withdrawn part of a mixed change at once and asks to confirm the added part', async () => {
    const customer = await createCustomer(api.db.database.db);
    await save(customer.email, choice({ distributors: ['PRODUCT_NEWS'], interests: ['HYGIENE'] }));
    await confirm(customer.email);
    const mixed = await save(
      customer.email,
      choice({ distributors: ['PRODUCT_NEWS'], interests: ['TRAINING'] }),
    );
    expect(PreferencesSchema.parse(mixed.json())).toMatchObject({
      subscribed: true,
      interests: [],
      pending: { interests: ['TRAINING'] },
    });
    expect(await mailsTo(customer.email)).toHaveLength(2);
    // Saving the same waiting choice again sends no second mail.
    await save(customer.email, choice({ distributors: ['PRODUCT_NEWS'], interests: ['TRAINING'] }));
    expect(await mailsTo(customer.email)).toHaveLength(2);
    await confirm(customer.email);
    expect(await read(customer.email)).toMatchObject({ interests: ['TRAINING'], pending: null });
  });

  it('resends the confirmation with a new link; the older one stops working', async () => {
    const customer = await createCustomer(api.db.database.db);
    const resend = async () =>
      api.client.preferences.resendConfirmation({ token: await as(customer.email) });
    expectProblem(await resend(), 409, 'conflict');
    expect(await mailsTo(customer.email)).toHaveLength(0);
    await save(customer.email, choice());
    const [first] = await mailsTo(customer.email);
    const answer = await resend();
    expect(answer.statusCode).toBe(200);
    expect(PreferencesSchema.parse(answer.json()).pending).not.toBeNull();
    expect(await mailsTo(customer.email)).toHaveLength(2);
    const old = new URL(first!.links[0]!);
    const stale = await api.app.inject({ method: 'POST', url: old.pathname + old.search });
    expect(stale.statusCode).toBe(404);
    expect((await confirm(customer.email)).statusCode).toBe(200);
    expect((await read(customer.email)).subscribed).toBe(true);
  });

  it('keeps a pending subscription out of the CRM mirror until it is confirmed', async () => {
    const customer = await createCustomer(api.db.database.db);
    await save(customer.email, choice());
    // The mirror's triggers capture newsletter_preferences only (crm-sync/mirror/columns.ts).
    const stored = () =>
      api.db.database.db
        .select()
        .from(newsletterPreferences)
        .where(eq(newsletterPreferences.customerId, customer.id));
    expect(await stored()).toEqual([]);
    await confirm(customer.email);
    expect(await stored()).toMatchObject([{ subscribed: true }]);
  });

  it('refuses past the mail limits with 429 and stores nothing', async () => {
    const customer = await createCustomer(api.db.database.db);
    await api.db.database.db.insert(mailOutbox).values(
      Array.from({ length: 5 }, (_, i) => ({
        messageId: `<limit-${i}-${customer.id}@example.com>`,
        recipient: customer.email,
        language: 'de' as const,
        template: 'newsletter-confirmation',
        subject: 'x',
        textBody: 'x',
        htmlBody: 'x',
      })),
    );
    expectProblem(await save(customer.email, choice()), 429, 'rate_limited');
    const pending = await api.db.database.db
      .select()
      .from(newsletterConfirmations)
      .where(eq(newsletterConfirmations.customerId, customer.id));
    expect(pending).toEqual([]);
    expect(await mailsTo(customer.email)).toHaveLength(5);
  });

  it('records two withdrawals arriving at once as two consents in order', async () => {
    await save(demo.david, choice({ interests: ['BILLING', 'TRAINING'] }));
    await confirm(demo.david);
    await Promise.all([
      save(demo.david, choice({ interests: ['BILLING'] })),
      save(demo.david, choice({ interests: ['TRAINING'] })),
    ]);
    const stored = await records(demo.david);
    expect(stored).toHaveLength(3);
    expect((await read(demo.david)).interests).toEqual(stored[2]?.interests);
  });

  describe('refuses with 400 and stores nothing', () => {
    const refused = async (payload: object, field: string, code: string) => {
      const id = await customerIdOf(api.db.database.db, demo.anna);
      const count = async () =>
        (
          await api.db.database.db
            .select({ n: sql<number>`count(*)::int` })
            .from(consentRecords)
            .where(eq(consentRecords.customerId, id))
        )[0]?.n;
      const prefs = async () =>
        api.db.database.db
          .select()
          .from(newsletterPreferences)
          .where(eq(newsletterPreferences.customerId, id));
      const [before, prefsBefore, mailsBefore] = [
        await count(),
        await prefs(),
        (await mailsTo(demo.anna)).length,
      ];
      const problem = expectProblem(await save(demo.anna, payload), 400, 'validation_failed');
      expect(problem.errors).toContainEqual(expect.objectContaining({ field, code }));
      expect(await count()).toBe(before);
      expect(await prefs()).toEqual(prefsBefore);
      expect(await mailsTo(demo.anna)).toHaveLength(mailsBefore);
    };

    it('codes that are not in their picklist', async () => {
      await refused(choice({ distributors: ['SPAM'] }), 'body.distributors.0', 'unknown_choice');
      await refused(
        choice({ interests: ['HYGIENE', 'GOLF'] }),
        'body.interests.1',
        'unknown_choice',
      );
    });

    it('a consent wording other than the current one', async () => {
      await refused(choice({ wordingVersion: '2020-01-01' }), 'body.wordingVersion', 'invalid');
    });

    it('missing and unknown fields', async () => {
      await refused({ subscribed: true }, 'body.distributors', 'required');
      await refused(choice({ consentedAt: '2020-01-01' }), 'body.consentedAt', 'unknown_field');
    });
  });
});
