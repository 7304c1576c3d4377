import { randomUUID } from 'node:crypto';
import { count, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { calls, LocationSchema, LocationsSchema } from '@pp/contract';
import { auditLog, locations } from '../../src/db/schema.ts';
import { expectIndistinguishable } from '../support/compare.ts';
import type { QueryOf } from '../support/client.ts';
import { useApi } from '../support/context.ts';
import { customerIdOf, demo, demoPracticeIds, type DemoPractice } from '../support/demo.ts';
import { expectProblem } from '../support/expect-problem.ts';

describe('Location/*', () => {
  const api = useApi();
  const db = () => api.db.database.db;
  let practices: Record<DemoPractice, string>;
  let ids: Record<keyof typeof demo, string>;
  let sommerLocations: { id: string; name: string }[];
  let marktLocation: string;

  beforeAll(async () => {
    practices = await demoPracticeIds(db());
    ids = {
      anna: await customerIdOf(db(), demo.anna),
      ben: await customerIdOf(db(), demo.ben),
      clara: await customerIdOf(db(), demo.clara),
      david: await customerIdOf(db(), demo.david),
    };
    const rows = await db().select().from(locations);
    sommerLocations = rows.filter((r) => r.companyId === practices.sommer);
    marktLocation = rows.find((r) => r.companyId === practices.markt)!.id;
  });

  const as = (who: keyof typeof demo) => api.issuer.tokenFor(demo[who]);
  const list = async (who: keyof typeof demo, query: QueryOf<typeof calls.locationGetLocations>) =>
    api.client.location.getLocations({ token: await as(who), query });
  const byId = async (who: keyof typeof demo, id: string) =>
    api.client.location.getLocationById({ token: await as(who), query: { locationId: id } });
  // Bodies are not typed here: several tests send fields the calls refuse.
  const create = async (who: keyof typeof demo, body: object) =>
    api.client.unchecked(calls.locationCreateLocation, { token: await as(who), body });
  const update = async (who: keyof typeof demo, body: object) =>
    api.client.unchecked(calls.locationUpdateLocation, { token: await as(who), body });
  const total = async () => (await db().select({ n: count() }).from(locations))[0]?.n;
  const newLocation = (changes: object = {}) => ({
    companyId: practices.sommer,
    name: `Filiale ${randomUUID().slice(0, 6)}`,
    street: 'Torstraße 1',
    postalCode: '10119',
    city: 'Berlin',
    ...changes,
  });

  it('lists the practice’s locations for a member and marks the ones assigned to them', async () => {
    const response = await list('clara', { parentId: practices.sommer, contactId: ids.clara });
    const answer = LocationsSchema.parse(response.json());
    expect(answer.locationListObjectVms.map((l) => l.name).sort()).toEqual(
      sommerLocations.map((l) => l.name).sort(),
    );
    expect(answer.associatedLocationListObjectVms.map((l) => l.name)).toEqual(['Praxis Mitte']);
    expect(answer).toMatchObject({ total: 2, page: 1, pageSize: 25 });
  });

  it('refuses a member who asks for someone else’s assignments; an admin may', async () => {
    expectProblem(
      await list('clara', { parentId: practices.sommer, contactId: ids.ben }),
      403,
      'forbidden',
    );
    const asAdmin = LocationsSchema.parse(
      (await list('ben', { parentId: practices.sommer, contactId: ids.clara })).json(),
    );
    expect(asAdmin.associatedLocationListObjectVms).toHaveLength(1);
  });

  it('answers another practice’s locations exactly like random ids, for every call', async () => {
    expectIndistinguishable(
      await list('david', { parentId: practices.sommer, contactId: ids.david }),
      await list('david', { parentId: randomUUID(), contactId: ids.david }),
    );
    expectIndistinguishable(
      await byId('david', sommerLocations[0]!.id),
      await byId('david', randomUUID()),
    );
    expectProblem(await byId('david', sommerLocations[0]!.id), 404, 'not_found');
    expectIndistinguishable(
      await create('david', newLocation()),
      await create('david', newLocation({ companyId: randomUUID() })),
    );
    expectIndistinguishable(
      await update('david', { locationId: sommerLocations[0]!.id, phoneNumber: '+49 30 1' }),
      await update('david', { locationId: randomUUID(), phoneNumber: '+49 30 1' }),
    );
    expect((await byId('clara', sommerLocations[0]!.id)).statusCode).toBe(200);
  });

  it('lets only admins create and update (403 for a member, nothing stored)', async () => {
    const before = await total();
    expectProblem(await create('clara', newLocation()), 403, 'forbidden');
    expectProblem(
      await update('clara', { locationId: sommerLocations[0]!.id, name: 'X' }),
      403,
      'forbidden',
    );
    expect(await total()).toBe(before);
  });

  it('stores an empty phone number and invoice e-mail as null, and updates a location', async () => {
    const created = await create('ben', newLocation({ phoneNumber: '', invoiceMail: '  ' }));
    expect(created.statusCode).toBe(201);
    const location = LocationSchema.parse(created.json());
    expect(location).toMatchObject({
      phoneNumber: null,
      invoiceMail: null,
      companyId: practices.sommer,
    });
    const [row] = await db().select().from(locations).where(eq(locations.id, location.locationId));
    expect(row).toMatchObject({ phoneNumber: null, invoiceMail: null });

    const changed = await update('anna', {
      ...location,
      phoneNumber: '+49 30 222333',
      invoiceMail: 'Rechnung@Example.com',
    });
    expect(LocationSchema.parse(changed.json())).toMatchObject({
      phoneNumber: '+49 30 222333',
      invoiceMail: 'rechnung@example.com',
    });
    const cleared = await update('anna', { locationId: location.locationId, phoneNumber: '' });
    expect(LocationSchema.parse(cleared.json()).phoneNumber).toBeNull();
    const actions = await db()
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(eq(auditLog.entityId, location.locationId));
    expect(actions.map((a) => a.action)).toEqual([
      'location.created',
      'location.updated',
      'location.updated',
    ]);
  });

  it('never moves a location to another practice', async () => {
    const [row] = await db()
      .select()
      .from(locations)
      .where(eq(locations.id, sommerLocations[1]!.id));
    const problem = expectProblem(
      await update('anna', { locationId: sommerLocations[1]!.id, companyId: practices.markt }),
      400,
      'validation_failed',
    );
    expect(problem.errors).toEqual([{ field: 'body.companyId', code: 'not_changeable' }]);
    const [after] = await db()
      .select()
      .from(locations)
      .where(eq(locations.id, sommerLocations[1]!.id));
    expect(after).toEqual(row);
    // Anna is admin of Sommer only: Markt's location is not hers to change.
    expectProblem(
      await update('anna', { locationId: marktLocation, name: 'Umzug' }),
      403,
      'forbidden',
    );
  });

  it.each([
    [{ postalCode: '1011' }, 'body.postalCode', 'invalid_postal_code'],
    [{ name: '' }, 'body.name', 'too_short'],
    [{ phoneNumber: 'abc' }, 'body.phoneNumber', 'invalid_phone'],
    [{ invoiceMail: 'rechnung@' }, 'body.invoiceMail', 'invalid_email'],
    [{ status: 'enabled' }, 'body.status', 'unknown_field'],
    [{ id: randomUUID() }, 'body.id', 'unknown_field'],
  ])('refuses %j with 400 and stores nothing', async (changes, field, code) => {
    const before = await total();
    const problem = expectProblem(
      await create('ben', newLocation(changes)),
      400,
      'validation_failed',
    );
    expect(problem.errors).toContainEqual(expect.objectContaining({ field, code }));
    expect(await total()).toBe(before);
  });

  it('pages, sorts and searches', async () => {
    for (const name of ['Anbau Nord', 'Zweigstelle Süd', 'Labor 50%']) {
      await create(
        'ben',
        newLocation({
          name,
          city: name.startsWith('Z') ? 'Potsdam' : 'Berlin',
          postalCode: name.startsWith('Z') ? '14467' : '10115',
        }),
      );
    }
    const query = (extra: Record<string, string | number>) =>
      list('ben', { parentId: practices.sommer, contactId: ids.ben, ...extra });
    const page1 = LocationsSchema.parse(
      (await query({ pageSize: 10, page: 1, sort: 'name' })).json(),
    );
    expect(page1.locationListObjectVms[0]?.name).toBe('Anbau Nord');
    const byCityDesc = LocationsSchema.parse(
      (await query({ sort: 'city', direction: 'desc' })).json(),
    );
    expect(byCityDesc.locationListObjectVms[0]?.city).toBe('Potsdam');
    const searched = LocationsSchema.parse((await query({ search: 'süD' })).json());
    expect(searched.locationListObjectVms.map((l) => l.name)).toEqual(['Zweigstelle Süd']);
    const percent = LocationsSchema.parse((await query({ search: '50%' })).json());
    expect(percent.locationListObjectVms.map((l) => l.name)).toEqual(['Labor 50%']);
    const empty = LocationsSchema.parse((await query({ search: 'gibt-es-nicht' })).json());
    expect(empty).toMatchObject({ total: 0, locationListObjectVms: [] });
    expectProblem(await query({ pageSize: 7 }), 400, 'validation_failed');
    expectProblem(await query({ sort: 'street' }), 400, 'validation_failed');
  });
});
