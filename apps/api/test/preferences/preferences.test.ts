import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { calls, NEWSLETTER_CONSENT_VERSION, PreferencesSchema } from '@pp/contract';
import { consentRecords, newsletterPreferences } from '../../src/db/schema.ts';
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
    });
  });

  it('stores a subscription with its lists and records the consent with time, wording and language', async () => {
    const response = await save(demo.clara, choice(), 'en');
    expect(response.statusCode).toBe(200);
    const saved = PreferencesSchema.parse(response.json());
    expect(saved).toMatchObject({
      subscribed: true,
      distributors: ['PRODUCT_NEWS'],
      interests: ['HYGIENE', 'PROPHYLAXIS'],
      consent: { wordingVersion: NEWSLETTER_CONSENT_VERSION },
    });
    expect(await read(demo.clara)).toEqual(saved);
    const [record] = await records(demo.clara);
    expect(record).toMatchObject({
      subscribed: true,
      distributors: ['PRODUCT_NEWS'],
      interests: ['HYGIENE', 'PROPHYLAXIS'],
      wordingVersion: NEWSLETTER_CONSENT_VERSION,
      language: 'en',
    });
  });

  it('records every change of consent, and nothing when nothing changed', async () => {
    await save(demo.ben, choice());
    await save(demo.ben, choice({ interests: ['PROPHYLAXIS', 'HYGIENE', 'HYGIENE'] }));
    expect(await records(demo.ben)).toHaveLength(1);
    await save(demo.ben, choice({ subscribed: false }));
    await save(demo.ben, choice({ subscribed: false, distributors: [] }));
    expect((await records(demo.ben)).map((r) => [r.subscribed, r.distributors])).toEqual([
      [true, ['PRODUCT_NEWS']],
      [false, ['PRODUCT_NEWS']],
      [false, []],
    ]);
    expect(await read(demo.ben)).toMatchObject({ subscribed: false, distributors: [] });
  });

  it('records two saves arriving at once as two consents in order', async () => {
    await Promise.all([
      save(demo.david, choice({ interests: ['BILLING'] })),
      save(demo.david, choice({ interests: ['TRAINING'] })),
    ]);
    const stored = await records(demo.david);
    expect(stored).toHaveLength(2);
    expect((await read(demo.david)).interests).toEqual(stored[1]?.interests);
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
      const [before, prefsBefore] = [await count(), await prefs()];
      const problem = expectProblem(await save(demo.anna, payload), 400, 'validation_failed');
      expect(problem.errors).toContainEqual(expect.objectContaining({ field, code }));
      expect(await count()).toBe(before);
      expect(await prefs()).toEqual(prefsBefore);
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
