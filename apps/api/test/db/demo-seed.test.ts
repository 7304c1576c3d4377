import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateDatabase } from '../../src/db/migrate.ts';
import { DEMO_PRACTICES, seedDemoData } from '../../src/db/seed/demo.ts';
import { createEmptyDatabase, type TestDatabase } from '../support/database.ts';
import { dataDigest, rows } from './schema-fingerprint.ts';

describe('the demo seed', () => {
  let target: TestDatabase;
  const query = (text: string) => rows(target.database.db, text);
  beforeAll(async () => {
    target = await createEmptyDatabase();
    await migrateDatabase(target.database);
    await seedDemoData(target.database);
  });
  afterAll(async () => target?.drop());

  it('loads the practices of docs/product.md §8 with their towns and locations', async () => {
    expect(
      await query(
        `select p.name, p.city, p.status, p.customer_number,
                (select count(*)::int from locations l where l.company_id = p.id) as locations,
                (select count(*)::int from entitlements e where e.company_id = p.id) as entitlements,
                (select c.email from customers c where c.id = p.created_by) as created_by
           from companies p order by p.name`,
      ),
    ).toEqual([
      {
        name: 'Praxis am Markt',
        city: 'Hamburg',
        status: 'enabled',
        customer_number: 'P-900002',
        locations: 1,
        entitlements: 2,
        created_by: 'david.markt@example.com',
      },
      {
        name: 'Zahnarztpraxis Dr. Sommer',
        city: 'Berlin',
        status: 'enabled',
        customer_number: 'P-900001',
        locations: 2,
        entitlements: 2,
        created_by: 'anna.sommer@example.com',
      },
    ]);
  });

  it('creates the four demo customers once each', async () => {
    expect(
      await query(
        `select lower(email) as email, count(*)::int as n from customers group by 1 order by 1`,
      ),
    ).toEqual([
      { email: 'anna.sommer@example.com', n: 1 },
      { email: 'ben.krause@example.com', n: 1 },
      { email: 'clara.wolf@example.com', n: 1 },
      { email: 'david.markt@example.com', n: 1 },
    ]);
  });

  it('gives each demo user exactly the memberships and primary practice of docs/product.md §8', async () => {
    expect(
      await query(
        `select c.email, p.name as practice, m.role, m.status,
                (c.primary_company_id = p.id) as is_primary
           from memberships m
           join customers c on c.id = m.customer_id
           join companies p on p.id = m.company_id
          order by c.email, p.name`,
      ),
    ).toEqual([
      {
        email: 'anna.sommer@example.com',
        practice: 'Praxis am Markt',
        role: 'member',
        status: 'enabled',
        is_primary: false,
      },
      {
        email: 'anna.sommer@example.com',
        practice: 'Zahnarztpraxis Dr. Sommer',
        role: 'superadmin',
        status: 'enabled',
        is_primary: true,
      },
      {
        email: 'ben.krause@example.com',
        practice: 'Zahnarztpraxis Dr. Sommer',
        role: 'admin',
        status: 'enabled',
        is_primary: true,
      },
      {
        email: 'clara.wolf@example.com',
        practice: 'Zahnarztpraxis Dr. Sommer',
        role: 'member',
        status: 'enabled',
        is_primary: true,
      },
      {
        email: 'david.markt@example.com',
        practice: 'Praxis am Markt',
        role: 'superadmin',
        status: 'enabled',
        is_primary: true,
      },
    ]);
  });

  it('assigns clara to the first location of the Sommer practice, and nobody else anywhere', async () => {
    expect(
      await query(
        `select c.email, l.name as location, p.name as practice
           from location_assignments a
           join customers c on c.id = a.customer_id
           join locations l on l.id = a.location_id
           join companies p on p.id = l.company_id`,
      ),
    ).toEqual([
      {
        email: 'clara.wolf@example.com',
        location: 'Praxis Mitte',
        practice: 'Zahnarztpraxis Dr. Sommer',
      },
    ]);
    // "First" is the first location the demo data lists.
    expect(DEMO_PRACTICES.sommer.locations[0].name).toBe('Praxis Mitte');
  });

  it('changes nothing when it runs again', async () => {
    const before = await dataDigest(target.database.db);
    await seedDemoData(target.database);
    expect(await dataDigest(target.database.db)).toEqual(before);
  });

  it('keeps what a person changed in the demo data', async () => {
    await query(
      `update customers set first_name = 'Benedikt' where email = 'ben.krause@example.com'`,
    );
    await query(`delete from locations where name = 'Praxis Prenzlauer Berg'`);
    const before = await dataDigest(target.database.db);
    await seedDemoData(target.database);
    expect(await dataDigest(target.database.db)).toEqual(before);
    expect(
      await query(`select first_name from customers where email = 'ben.krause@example.com'`),
    ).toEqual([{ first_name: 'Benedikt' }]);
  });
});
