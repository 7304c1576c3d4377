import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { locations } from '../../src/db/schema.ts';
// The browser's own reading of a pasted list or an uploaded file (decision 0084).
import { parseInvitations } from '../../../web/src/features/employees/bulk/parse-invitations.ts';
import { useApi } from '../support/context.ts';
import { createCustomer, createPractice, uniqueEmail } from '../support/factories.ts';

// Issue 43: the employee export wrote "Administrator/-in", which the bulk invitation read as a
// member. What the export writes must read back unchanged, in both languages: the file of one
// practice's list, uploaded as it is into "Mehrere einladen".
describe('the employee export, uploaded again into the bulk invitation', () => {
  const api = useApi();
  const db = () => api.db.database.db;
  let practiceId: string;
  let token: string;
  let owner: { email: string; firstName: string | null; lastName: string | null };
  let practiceLocations: { locationId: string; name: string }[];
  const invited: {
    email: string;
    firstName: string;
    lastName: string;
    role: 'admin' | 'member';
    locationIds: string[];
  }[] = [];

  beforeAll(async () => {
    const customer = await createCustomer(db(), { firstName: 'Olga', lastName: 'Zeller' });
    owner = customer;
    practiceId = (await createPractice(db(), { superadminId: customer.id, name: 'Praxis Rund' }))
      .id;
    token = await api.issuer.tokenFor(customer.email);
    const rows = await db()
      .insert(locations)
      .values(
        ['Praxis Mitte', 'Labor, 2. OG', 'Zweigstelle Süd'].map((name) => ({
          companyId: practiceId,
          name,
          street: 'Weg 3',
          postalCode: '10115',
          city: 'Berlin',
        })),
      )
      .returning();
    practiceLocations = rows.map((row) => ({ locationId: row.id, name: row.name }));
    const [mitte, labor, sued] = practiceLocations.map((l) => l.locationId);
    invited.push(
      {
        email: uniqueEmail('eva'),
        firstName: 'Eva',
        lastName: 'Schmidt',
        role: 'admin',
        locationIds: [labor!, mitte!],
      },
      {
        email: uniqueEmail('jens'),
        firstName: 'Jens',
        lastName: 'Müller-Lüdenscheidt',
        role: 'member',
        locationIds: [sued!],
      },
      {
        email: uniqueEmail('ina'),
        firstName: 'Ina',
        lastName: 'Roth',
        role: 'member',
        locationIds: [],
      },
    );
    const answer = await api.client.employee.inviteEmployees({
      token,
      body: { companyId: practiceId, idempotencyKey: randomUUID(), rows: invited },
    });
    expect(answer.statusCode).toBe(200);
  });

  it.each(['de', 'en'])('reads back every row as it was exported (%s)', async (language) => {
    const exported = await api.client.employee.exportEmployees({
      token,
      headers: { 'accept-language': language },
      query: { companyId: practiceId },
    });
    expect(exported.statusCode).toBe(200);
    const rows = parseInvitations(exported.rawPayload.toString('utf8'), practiceLocations);
    const read = rows.map(({ email, firstName, lastName, role, locationIds, problem }) => ({
      email,
      firstName,
      lastName,
      role,
      locationIds: [...locationIds].sort(),
      problem,
    }));
    const expected = [
      // The main administrator reads back as an administrator: the main role is never invited.
      { ...owner, role: 'admin', locationIds: [] },
      ...invited.map((person) => ({ ...person, locationIds: [...person.locationIds].sort() })),
    ].map((person) => ({
      email: person.email,
      firstName: person.firstName,
      lastName: person.lastName,
      role: person.role,
      locationIds: person.locationIds,
      problem: null,
    }));
    expect(read).toHaveLength(expected.length);
    expect(read).toEqual(expect.arrayContaining(expected));
  });
});
