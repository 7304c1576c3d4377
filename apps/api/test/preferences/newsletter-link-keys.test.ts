import { createHash, createHmac } from 'node:crypto';
import { desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NEWSLETTER_CONSENT_VERSION } from '@pp/contract';
import type { Db } from '../../src/db/client.ts';
import { generatedKeys, mailOutbox, newsletterPreferences } from '../../src/db/schema.ts';
import { createTestApp } from '../support/app.ts';
import { createApiClient } from '../support/client.ts';
import { closeTestApi, useApi } from '../support/context.ts';
import { createTestDatabase, type TestDatabase } from '../support/database.ts';
import { createCustomer } from '../support/factories.ts';
import { startTestIssuer, type TestIssuer } from '../support/issuer.ts';

/** The fixed key that signed the links outside production before issue 41: anyone can read it. */
const OLD_DEVELOPMENT_KEY = 'development-only-newsletter-link-key-0000000000';
const CURRENT_KEY = 'current-newsletter-link-key-0123456789abcdef';
const PREVIOUS_KEY = 'previous-newsletter-link-key-0123456789abcdef';
const UNKNOWN_KEY = 'unknown-newsletter-link-key-0123456789abcdef';

/** A key's id and a link's signature, computed as docs/newsletter.md tells a newsletter system. */
const keyIdOf = (key: string) => createHash('sha256').update(key).digest('base64url').slice(0, 8);
const signatureOf = (key: string, customerId: string) =>
  createHmac('sha256', key).update(`newsletter-unsubscribe:${customerId}`).digest('base64url');

/** The unsubscribe link signed with `key`, naming `keyId` (null: none, the form before issue 41). */
function linkOf(customerId: string, key: string, keyId: string | null = keyIdOf(key)) {
  const query = new URLSearchParams({ c: customerId });
  if (keyId !== null) query.set('k', keyId);
  query.set('s', signatureOf(key, customerId));
  query.set('lang', 'de');
  return `/newsletter/unsubscribe?${query}`;
}

const oneClick = (app: FastifyInstance, url: string) =>
  app.inject({
    method: 'POST',
    url,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: 'List-Unsubscribe=One-Click',
  });
const statusOf = async (app: FastifyInstance, url: string) =>
  (await app.inject({ method: 'GET', url })).statusCode;

async function subscribedCustomer(db: Db) {
  const customer = await createCustomer(db);
  await db.insert(newsletterPreferences).values({ customerId: customer.id, subscribed: true });
  return customer;
}

/** The unsubscribe link of the confirmation mail `app` sends for a new subscription. */
async function mailedLink(app: FastifyInstance, issuer: TestIssuer, db: Db) {
  const customer = await createCustomer(db);
  const answer = await createApiClient(app).preferences.updatePreferences({
    token: await issuer.tokenFor(customer.email),
    body: {
      subscribed: true,
      distributors: ['PRODUCT_NEWS'],
      interests: [],
      wordingVersion: NEWSLETTER_CONSENT_VERSION,
    },
  });
  expect(answer.statusCode).toBe(200);
  const [mail] = await db
    .select()
    .from(mailOutbox)
    .where(eq(mailOutbox.recipient, customer.email))
    .orderBy(desc(mailOutbox.createdAt));
  const url = new URL(mail!.links.find((l) => new URL(l).pathname === '/newsletter/unsubscribe')!);
  return { customer, url, path: url.pathname + url.search };
}

const generatedSecrets = async (db: Db) =>
  (await db.select().from(generatedKeys)).map((row) => row.secret);

// Issue 41, finding 9: outside production a key generated for the database signs the links.
describe('newsletter links on a start without NEWSLETTER_LINK_KEY (not production)', () => {
  const api = useApi({ env: { NODE_ENV: 'development' } });
  const db = () => api.db.database.db;

  it('refuses a link signed with the old development key, with or without its id, changing nothing', async () => {
    const customer = await subscribedCustomer(db());
    for (const forged of [
      linkOf(customer.id, OLD_DEVELOPMENT_KEY, null),
      linkOf(customer.id, OLD_DEVELOPMENT_KEY),
    ]) {
      expect(await statusOf(api.app, forged)).toBe(403);
      expect((await oneClick(api.app, forged)).statusCode).toBe(403);
    }
    const [stored] = await db()
      .select()
      .from(newsletterPreferences)
      .where(eq(newsletterPreferences.customerId, customer.id));
    expect(stored?.subscribed).toBe(true);
  });

  it('signs with the generated key and names it; without the id the same signature is refused', async () => {
    const { customer, url, path } = await mailedLink(api.app, api.issuer, db());
    const [secret] = await generatedSecrets(db());
    expect(secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(url.searchParams.get('k')).toBe(keyIdOf(secret!));
    expect(url.searchParams.get('s')).toBe(signatureOf(secret!, customer.id));
    expect(await statusOf(api.app, path)).toBe(200);
    expect(await statusOf(api.app, linkOf(customer.id, secret!, null))).toBe(403);
  });
});

describe('two instances on one database without NEWSLETTER_LINK_KEY', () => {
  let database: TestDatabase;
  let issuer: TestIssuer;
  let apps: FastifyInstance[] = [];
  beforeAll(async () => {
    database = await createTestDatabase();
    issuer = await startTestIssuer();
    // Started at the same moment, as instances behind a load balancer are.
    apps = await Promise.all(
      [1, 2].map(() => createTestApp({ database: database.database, issuer })),
    );
  });
  afterAll(async () => {
    await Promise.all(apps.map((app) => app.close()));
    await closeTestApi({ issuer, db: database });
  });

  it('agree on one generated key: a link one instance mails opens on the other', async () => {
    const [first, second] = apps;
    const { path, url } = await mailedLink(first!, issuer, database.database.db);
    const secrets = await generatedSecrets(database.database.db);
    expect(secrets).toHaveLength(1);
    expect(url.searchParams.get('k')).toBe(keyIdOf(secrets[0]!));
    expect(await statusOf(second!, path)).toBe(200);
    expect(await statusOf(first!, path)).toBe(200);
  });
});

describe('rotating NEWSLETTER_LINK_KEY with NEWSLETTER_LINK_KEYS_PREVIOUS', () => {
  const api = useApi({
    env: { NEWSLETTER_LINK_KEY: CURRENT_KEY, NEWSLETTER_LINK_KEYS_PREVIOUS: PREVIOUS_KEY },
  });
  const db = () => api.db.database.db;

  it('signs with the current key; links of the current and the previous key verify', async () => {
    const { customer, url, path } = await mailedLink(api.app, api.issuer, db());
    expect(url.searchParams.get('k')).toBe(keyIdOf(CURRENT_KEY));
    expect(await statusOf(api.app, path)).toBe(200);
    expect(await statusOf(api.app, linkOf(customer.id, PREVIOUS_KEY))).toBe(200);
    expect((await oneClick(api.app, linkOf(customer.id, PREVIOUS_KEY))).statusCode).toBe(200);
    // A configured key generates nothing.
    expect(await generatedSecrets(db())).toEqual([]);
  });

  it('refuses an unknown key id, and a key id that names another key than the one that signed', async () => {
    const customer = await subscribedCustomer(db());
    const refused = [
      linkOf(customer.id, UNKNOWN_KEY),
      linkOf(customer.id, PREVIOUS_KEY, keyIdOf(CURRENT_KEY)),
      linkOf(customer.id, CURRENT_KEY, keyIdOf(PREVIOUS_KEY)),
      linkOf(customer.id, CURRENT_KEY, 'kurz'),
    ];
    for (const link of refused) {
      expect(await statusOf(api.app, link)).toBe(403);
      expect((await oneClick(api.app, link)).statusCode).toBe(403);
    }
    const [stored] = await db()
      .select()
      .from(newsletterPreferences)
      .where(eq(newsletterPreferences.customerId, customer.id));
    expect(stored?.subscribed).toBe(true);
  });

  it('keeps the links sent before key ids working with a configured key, and only with one', async () => {
    const customer = await subscribedCustomer(db());
    expect(await statusOf(api.app, linkOf(customer.id, CURRENT_KEY, null))).toBe(200);
    expect(await statusOf(api.app, linkOf(customer.id, PREVIOUS_KEY, null))).toBe(200);
    expect(await statusOf(api.app, linkOf(customer.id, UNKNOWN_KEY, null))).toBe(403);
    expect(await statusOf(api.app, linkOf(customer.id, OLD_DEVELOPMENT_KEY, null))).toBe(403);
  });
});
