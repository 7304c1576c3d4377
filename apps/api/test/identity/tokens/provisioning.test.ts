import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { CustomerSchema } from '@pp/contract';
import { auditLog, customers, identityLinks } from '../../../src/db/schema.ts';
import { useApi } from '../../support/context.ts';
import { customerIdOf, demo } from '../../support/demo.ts';
import { bearer, expectProblem } from '../../support/expect-problem.ts';
import { createCustomer, uniqueEmail } from '../../support/factories.ts';
import type { MintOptions } from '../../support/issuer.ts';

describe('identities and customers', () => {
  const api = useApi();

  const countRows = async () => {
    const db = api.db.database.db;
    const [c] = await db.select({ n: sql<number>`count(*)::int` }).from(customers);
    const [l] = await db.select({ n: sql<number>`count(*)::int` }).from(identityLinks);
    return { customers: c?.n, links: l?.n };
  };

  async function getCustomerData(options: MintOptions, headers: Record<string, string> = {}) {
    const token = await api.issuer.mint(options);
    return api.client.customer.getCustomerData({ headers: { ...bearer(token), ...headers } });
  }

  async function customerOf(options: MintOptions) {
    const response = await getCustomerData(options);
    expect(response.statusCode).toBe(200);
    return CustomerSchema.parse(response.json());
  }

  it('gives a first-time verified identity a customer with no practices', async () => {
    const email = uniqueEmail('neu');
    const before = await countRows();
    const customer = await customerOf({ subject: randomUUID(), email, emailVerified: true });
    expect(customer).toMatchObject({
      email,
      companyId: null,
      associatedCompanies: { companyVms: [] },
    });
    expect(await countRows()).toEqual({
      customers: before.customers! + 1,
      links: before.links! + 1,
    });
  });

  it('provisions in the language of Accept-Language', async () => {
    const response = await getCustomerData(
      { subject: randomUUID(), email: uniqueEmail('en'), emailVerified: true },
      { 'accept-language': 'en-GB,en;q=0.9' },
    );
    expect(CustomerSchema.parse(response.json()).preferredLanguage).toBe('en');
  });

  it('takes the e-mail from the userinfo endpoint when the token has none', async () => {
    const subject = randomUUID();
    const email = uniqueEmail('userinfo');
    api.issuer.userinfo.set(subject, { email, email_verified: true });
    const customer = await customerOf({ subject });
    expect(customer.email).toBe(email);
    expect(customer.associatedCompanies.companyVms).toEqual([]);
  });

  it('never mixes an e-mail of the token with the verified flag of userinfo', async () => {
    const subject = randomUUID();
    const verified = uniqueEmail('geprueft');
    api.issuer.userinfo.set(subject, { email: verified, email_verified: true });
    const customer = await customerOf({ subject, email: demo.anna });
    expect(customer.email).toBe(verified);
  });

  it('returns the same customer to the same identity', async () => {
    const subject = randomUUID();
    const email = uniqueEmail('wieder');
    const first = await customerOf({ subject, email, emailVerified: true });
    const before = await countRows();
    const second = await customerOf({ subject, email, emailVerified: true });
    expect(second.customerId).toBe(first.customerId);
    expect(await countRows()).toEqual(before);
  });

  it('links a new identity with the verified e-mail of a demo customer to it, in any case', async () => {
    const before = await countRows();
    const customer = await customerOf({
      subject: randomUUID(),
      email: 'Ben.KRAUSE@example.com',
      emailVerified: true,
    });
    expect(customer.customerId).toBe(await customerIdOf(api.db.database.db, demo.ben));
    expect(customer.email).toBe(demo.ben);
    expect(customer.associatedCompanies.companyVms).toHaveLength(1);
    expect(await countRows()).toEqual({ customers: before.customers, links: before.links! + 1 });
  });

  it.each<[string, MintOptions, Record<string, unknown> | undefined]>([
    ['the token says unverified', { email: 'x', emailVerified: false }, undefined],
    [
      'the token says unverified, even if userinfo says verified',
      { email: 'x', emailVerified: false },
      { email_verified: true },
    ],
    ['userinfo says unverified', {}, { email_verified: false }],
    ['userinfo has no verified claim', {}, {}],
    ['userinfo has no e-mail', {}, { email_verified: true, email: undefined }],
    ['userinfo refuses the token', {}, undefined],
  ])('refuses with 403 and stores nothing when %s', async (_name, claims, userinfo) => {
    const subject = randomUUID();
    const email = uniqueEmail('unverified');
    if (userinfo) api.issuer.userinfo.set(subject, { email, ...userinfo });
    const before = await countRows();
    const tokenClaims = { ...claims, ...(claims.email ? { email } : {}) };
    const response = await getCustomerData({ subject, ...tokenClaims });
    expectProblem(response, 403, 'identity_unverified');
    expect(await countRows()).toEqual(before);
  });

  it('refuses an unverified identity that names a demo customer, and does not link it', async () => {
    const before = await countRows();
    const response = await getCustomerData({
      subject: randomUUID(),
      email: demo.anna,
      emailVerified: false,
    });
    expectProblem(response, 403, 'identity_unverified');
    expect(await countRows()).toEqual(before);
  });

  it('keeps an identity on its customer when the provider later reports another e-mail', async () => {
    const subject = randomUUID();
    const first = await customerOf({ subject, email: uniqueEmail('alt'), emailVerified: true });
    const later = await customerOf({ subject, email: demo.clara, emailVerified: true });
    expect(later.customerId).toBe(first.customerId);
    expect(later.email).toBe(first.email);
    // An unverified later e-mail does not matter either: the identity is already linked.
    const unverified = await customerOf({ subject, email: uniqueEmail(), emailVerified: false });
    expect(unverified.customerId).toBe(first.customerId);
  });

  it('creates one customer for concurrent first requests of one new identity', async () => {
    const subject = randomUUID();
    const email = uniqueEmail('gleichzeitig');
    const before = await countRows();
    const responses = await Promise.all(
      Array.from({ length: 8 }, () => getCustomerData({ subject, email, emailVerified: true })),
    );
    const ids = responses.map((r) => {
      expect(r.statusCode).toBe(200);
      return CustomerSchema.parse(r.json()).customerId;
    });
    expect(new Set(ids).size).toBe(1);
    expect(await countRows()).toEqual({
      customers: before.customers! + 1,
      links: before.links! + 1,
    });
  });

  it('links only one of several identities of one issuer that arrive at once with one address', async () => {
    const email = uniqueEmail('zwei');
    const before = await countRows();
    const responses = await Promise.all(
      [randomUUID(), randomUUID(), randomUUID()].map((subject) =>
        getCustomerData({ subject, email, emailVerified: true }),
      ),
    );
    const statuses = responses.map((r) => r.statusCode).sort();
    expect(statuses).toEqual([200, 403, 403]);
    for (const refused of responses.filter((r) => r.statusCode === 403)) {
      expectProblem(refused, 403, 'identity_conflict');
    }
    expect(await countRows()).toEqual({
      customers: before.customers! + 1,
      links: before.links! + 1,
    });
  });

  it('links by the normal form of the address: other ASCII case, same customer', async () => {
    const email = uniqueEmail('gross');
    const customer = await createCustomer(api.db.database.db, { email });
    const linked = await customerOf({
      subject: randomUUID(),
      email: `  ${email.toUpperCase()} `,
      emailVerified: true,
    });
    expect(linked.customerId).toBe(customer.id);
  });

  it('never folds a Kelvin sign or a dotted capital I onto an address (finding 1)', async () => {
    const ben = await customerIdOf(api.db.database.db, demo.ben);
    const linksOfBen = async () =>
      api.db.database.db
        .select()
        .from(identityLinks)
        .where(sql`${identityLinks.customerId} = ${ben}`);
    const before = await linksOfBen();
    for (const email of ['ben.\u212Arause@example.com', '\u0130NFO@praxis.de']) {
      const response = await getCustomerData({ subject: randomUUID(), email, emailVerified: true });
      expectProblem(response, 403, 'email_not_accepted');
    }
    expect(await linksOfBen()).toEqual(before);
  });

  it('checks the shared-mailbox rule on every link, not only when a customer is made', async () => {
    const email = `empfang@${randomUUID().slice(0, 8)}.example.com`;
    await api.db.database.db.insert(customers).values({ email });
    const response = await getCustomerData({ subject: randomUUID(), email, emailVerified: true });
    expectProblem(response, 403, 'prohibited_alias');
  });

  it('refuses a second identity of the same issuer for one customer and records it (finding 2)', async () => {
    const email = uniqueEmail('recycled');
    const first = await customerOf({ subject: randomUUID(), email, emailVerified: true });
    const second = await getCustomerData({ subject: randomUUID(), email, emailVerified: true });
    expectProblem(second, 403, 'identity_conflict');
    const entries = await api.db.database.db
      .select()
      .from(auditLog)
      .where(
        sql`${auditLog.entityId} = ${first.customerId} and ${auditLog.action} = 'identity.link_refused'`,
      );
    expect(entries).toHaveLength(1);
    expect(JSON.stringify(entries)).not.toContain(email);
  });
});
