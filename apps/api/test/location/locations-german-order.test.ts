import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { LocationsSchema, type calls } from '@pp/contract';
import { locations } from '../../src/db/schema.ts';
import type { QueryOf } from '../support/client.ts';
import { useApi } from '../support/context.ts';
import { createCustomer, createPractice } from '../support/factories.ts';

// Issue 22, point 6, for the other list sorted by name: locations in the order of DIN 5007 and
// searched folded (decision 0056), the same on PGlite and on the server.
describe('the locations list in German order, searched folded', () => {
  const api = useApi();
  const db = () => api.db.database.db;
  let practiceId: string;
  let ownerId: string;
  let owner: string;

  beforeAll(async () => {
    const ownerRow = await createCustomer(db());
    [ownerId, owner] = [ownerRow.id, ownerRow.email];
    practiceId = (await createPractice(db(), { superadminId: ownerId })).id;
    await db()
      .insert(locations)
      .values(
        [
          ['Zweigstelle', 'Zossen'],
          ['Äußere Praxis', 'Würzburg'],
          ['Labor Groß', 'Öhringen'],
          ['labor gross', 'Aachen'],
          ['Élysée', 'Lübeck'],
        ].map(([name, city]) => ({
          companyId: practiceId,
          name: name!,
          city: city!,
          street: 'Hauptstraße 1',
          postalCode: '10115',
        })),
      );
  });

  const names = async (query: Partial<QueryOf<typeof calls.locationGetLocations>>) => {
    const answer = await api.client.location.getLocations({
      token: await api.issuer.tokenFor(owner),
      query: { parentId: practiceId, contactId: ownerId, pageSize: 100, ...query },
    });
    const { locationListObjectVms, total } = LocationsSchema.parse(answer.json());
    expect(total).toBe(locationListObjectVms.length);
    return locationListObjectVms.map((l) => l.name);
  };

  it('sorts names and cities with Ä as A and ß as ss, both ways', async () => {
    const byName = ['Äußere Praxis', 'Élysée', 'Labor Groß', 'labor gross', 'Zweigstelle'];
    expect(await names({ sort: 'name' })).toEqual(byName);
    expect(await names({ sort: 'name', direction: 'desc' })).toEqual([...byName].reverse());
    expect(await names({ sort: 'city' })).toEqual([
      'labor gross', // Aachen
      'Élysée', // Lübeck
      'Labor Groß', // Öhringen
      'Äußere Praxis', // Würzburg
      'Zweigstelle', // Zossen
    ]);
  });

  it.each([
    ['GROSS', ['Labor Groß', 'labor gross']],
    ['aeussere', ['Äußere Praxis']],
    ['ausserE', ['Äußere Praxis']],
    ['elysee', ['Élysée']],
    ['luebeck', ['Élysée']],
    ['OHRINGEN', ['Labor Groß']],
    ['hauptstrasse', ['Äußere Praxis', 'Élysée', 'Labor Groß', 'labor gross', 'Zweigstelle']],
    ['10%', []],
  ])('finds %j: %j', async (search, found) => {
    expect(await names({ search })).toEqual(found);
  });

  it('reads a page by name in the order of its index, on any table size', async () => {
    // With a few rows a scan and a sort cost least; without them the index must serve the order.
    const plan = await db().transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      await tx.execute(sql`set local enable_sort = off`);
      return tx.execute(
        sql`explain select id from locations where company_id = ${practiceId}
            order by name_sort_key(name) collate "C", name collate "C", id limit 10`,
      );
    });
    const text = JSON.stringify(plan);
    expect(text).toMatch(/Index (Only )?Scan using locations_company_name_idx/);
    expect(text).not.toContain('Sort');
  });
  it('reads each page at its offset as the slice of the whole list, with ties and a search', async () => {
    // 25 locations of equal names, cities and postal codes: pages of 10 at offsets 0, 10 and 20
    // must be the whole list cut in three, in every order, searched alike (issue 46).
    const other = await createCustomer(db());
    const many = (await createPractice(db(), { superadminId: other.id })).id;
    await db()
      .insert(locations)
      .values(
        Array.from({ length: 25 }, (_, i) => ({
          companyId: many,
          name: ['Labor Groß', 'labor gross', 'Labor Groß', 'Anbau'][i % 4]!,
          city: ['Köln', 'koeln', 'Aachen'][i % 3]!,
          street: 'Hauptstraße 1',
          postalCode: ['50667', '52062'][i % 2]!,
        })),
      );
    const read = async (query: Partial<QueryOf<typeof calls.locationGetLocations>>) =>
      LocationsSchema.parse(
        (
          await api.client.location.getLocations({
            token: await api.issuer.tokenFor(other.email),
            query: { parentId: many, contactId: other.id, ...query },
          })
        ).json(),
      );
    for (const search of [undefined, 'gross', 'koeln']) {
      for (const sort of ['name', 'city', 'postalCode'] as const) {
        for (const direction of ['asc', 'desc'] as const) {
          const label = JSON.stringify({ search, sort, direction });
          const filter = search ? { search, sort, direction } : { sort, direction };
          const whole = await read({ ...filter, pageSize: 100 });
          const pages = [];
          for (const page of [1, 2, 3]) {
            const one = await read({ ...filter, pageSize: 10, page });
            expect(one.total, label).toBe(whole.total);
            pages.push(...one.locationListObjectVms);
          }
          expect(pages, label).toEqual(whole.locationListObjectVms);
          // Equal keys go by the id: the order is total.
          const ids = whole.locationListObjectVms.map((l) => l.locationId);
          expect(new Set(ids).size, label).toBe(ids.length);
        }
      }
    }
    expect((await read({ pageSize: 100 })).total).toBe(25);
    expect((await read({ search: 'gross', pageSize: 100 })).total).toBe(19);
  });
});
