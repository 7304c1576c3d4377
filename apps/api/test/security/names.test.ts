import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { nameError } from '@pp/contract';
import { DEMO_PRACTICES, DEMO_USERS } from '@pp/demo-data';
import { companies, customers, locations } from '../../src/db/schema.ts';
import { useApi } from '../support/context.ts';
import { demo, demoPracticeIds, type DemoPractice } from '../support/demo.ts';
import { bearer, expectProblem } from '../support/expect-problem.ts';
import { createCustomer, uniqueEmail } from '../support/factories.ts';

/** Names that carry a lure: mail clients would link them (issue 23, finding 3). */
const ADDRESSES = [
  'Praxis https://evil.example/login',
  'Bitte Konto bestätigen: https://evil.example/verify',
  'Praxis www.evil.example',
  'Praxis evil.example',
  'Support support@evil.example',
];

/** Names that display as something else: bidi overrides and zero-width characters (finding 10). */
const HIDDEN = [
  'Anna\u202eremmoS',
  'An\u202dna',
  'Ann\u2066a\u2069',
  'Be\u200bn',
  'Be\u200cn',
  'Be\u200dn',
  'Be\u2060n',
  'Be\ufeffn',
  'Ben\u061c',
];

const cases = [
  ...ADDRESSES.map((name) => ({ shown: name, name, code: 'address_in_name' })),
  ...HIDDEN.map((name) => ({ shown: JSON.stringify(name), name, code: 'invalid_name_characters' })),
];

describe('names refuse addresses and invisible characters (issue 23, findings 3 and 10)', () => {
  const api = useApi();
  const db = () => api.db.database.db;
  let practices: Record<DemoPractice, string>;
  let location: string;
  beforeAll(async () => {
    practices = await demoPracticeIds(db());
    location = (
      await db().select().from(locations).where(eq(locations.companyId, practices.sommer))
    )[0]!.id;
  });
  const as = async (email: string) => bearer(await api.issuer.tokenFor(email));

  function expectFieldError(answer: LightMyRequestResponse, field: string, code: string) {
    const problem = expectProblem(answer, 400, 'validation_failed');
    expect(problem.errors).toEqual([{ field, code }]);
  }

  it.each(cases)(
    'Company/CreateCompany refuses the name $shown ($code)',
    async ({ name, code }) => {
      const answer = await api.client.company.createCompany({
        headers: await as(demo.clara),
        body: { name, street: 'Hauptstraße 1', postalCode: '50667', city: 'Köln' },
      });
      expectFieldError(answer, 'body.name', code);
    },
  );

  it.each(cases)('Company/UpdateCompany refuses the name $shown', async ({ name, code }) => {
    const answer = await api.client.company.updateCompany({
      headers: await as(demo.anna),
      body: { companyId: practices.sommer, name },
    });
    expectFieldError(answer, 'body.name', code);
    const [stored] = await db().select().from(companies).where(eq(companies.id, practices.sommer));
    expect(stored?.name).toBe('Zahnarztpraxis Dr. Sommer');
  });

  it.each(cases)(
    'Location/CreateLocation and UpdateLocation refuse $shown',
    async ({ name, code }) => {
      const headers = await as(demo.anna);
      const created = await api.client.location.createLocation({
        headers,
        body: {
          companyId: practices.sommer,
          name,
          street: 'Hauptstraße 1',
          postalCode: '10115',
          city: 'Berlin',
        },
      });
      expectFieldError(created, 'body.name', code);
      const updated = await api.client.location.updateLocation({
        headers,
        body: { locationId: location, name },
      });
      expectFieldError(updated, 'body.name', code);
    },
  );

  it.each(cases)(
    'Customer/UpdateCustomerData refuses $shown as a first or last name',
    async ({ name, code }) => {
      const headers = await as(demo.clara);
      expectFieldError(
        await api.client.customer.updateCustomerData({ headers, body: { firstName: name } }),
        'body.firstName',
        code,
      );
      expectFieldError(
        await api.client.customer.updateCustomerData({ headers, body: { lastName: name } }),
        'body.lastName',
        code,
      );
      const [stored] = await db().select().from(customers).where(eq(customers.email, demo.clara));
      expect(stored).toMatchObject({ firstName: 'Clara', lastName: 'Wolf' });
    },
  );

  it.each(cases)(
    'Employee/InviteEmployee refuses $shown as the invitee’s name',
    async ({ name, code }) => {
      const headers = await as(demo.ben);
      const email = uniqueEmail('eingeladen');
      for (const field of ['firstName', 'lastName'] as const) {
        expectFieldError(
          await api.client.employee.inviteEmployee({
            headers,
            body: { companyId: practices.sommer, email, [field]: name },
          }),
          `body.${field}`,
          code,
        );
      }
      const [stored] = await db().select().from(customers).where(eq(customers.email, email));
      expect(stored).toBeUndefined();
    },
  );

  it('accepts every name of the demo data', () => {
    for (const user of DEMO_USERS) {
      expect(nameError(user.firstName, 'person')).toBeUndefined();
      expect(nameError(user.lastName, 'person')).toBeUndefined();
    }
    for (const practice of Object.values(DEMO_PRACTICES)) {
      expect(nameError(practice.name, 'place')).toBeUndefined();
      for (const location of practice.locations) {
        expect(nameError(location.name, 'place')).toBeUndefined();
      }
    }
  });

  it('keeps accepting the names people and practices have', async () => {
    const email = uniqueEmail('namen');
    await createCustomer(db(), { email });
    const headers = await as(email);
    for (const [firstName, lastName] of [
      ['Clara Maria', 'Wolf-Berger'],
      ['José', 'O’Neill'],
      ["D'Artagnan", 'St. Clair'],
      ['Zoë', 'Åström'],
      ['Clara', 'Wolf'],
    ] as const) {
      const answer = await api.client.customer.updateCustomerData({
        headers,
        body: { firstName, lastName },
      });
      expect(answer.statusCode, answer.body).toBe(200);
    }
    for (const name of [
      'Zahnarztpraxis Dr. med. dent. Müller & Partner',
      'MVZ Zahnmedizin (Standort 2), Haus 3/4',
      'Praxis 2.0 – Kieferorthopädie + Oralchirurgie',
      'Gemeinschaftspraxis „Am Markt“',
    ]) {
      const answer = await api.client.company.createCompany({
        headers,
        body: { name, street: 'Hauptstraße 1', postalCode: '50667', city: 'Köln' },
      });
      expect(answer.statusCode, answer.body).toBe(201);
    }
  });
});
