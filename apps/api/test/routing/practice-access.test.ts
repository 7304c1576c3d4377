import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineCall, IdSchema } from '@pp/contract';
import { registerCall } from '../../src/routing/register-call.ts';
import { useApi } from '../support/context.ts';
import { demo, demoPracticeIds, type DemoPractice } from '../support/demo.ts';
import { expectProblem } from '../support/expect-problem.ts';
import { createPractice } from '../support/factories.ts';
import { locations } from '../../src/db/schema.ts';

/** Throw-away calls declared the way every call inside a practice is (docs/product.md §4). */
const adminCall = defineCall({
  method: 'GET',
  path: '/Test/AdminOnly',
  tag: 'Test',
  summary: 'Needs the admin role in the practice',
  access: { practice: { from: 'query.practiceId', role: 'admin' } },
  querystring: z.strictObject({ practiceId: IdSchema }),
  response: z.object({ role: z.string(), companyId: z.string() }),
});

const locationCall = defineCall({
  method: 'POST',
  path: '/Test/OfLocation',
  tag: 'Test',
  summary: "Needs membership of the location's practice",
  access: { practice: { from: 'body.locationId', target: 'location', role: 'member' } },
  body: z.strictObject({ locationId: IdSchema }),
  response: z.object({ companyId: z.string() }),
});

let handled = 0;
function extend(app: FastifyInstance) {
  registerCall(app, adminCall, async (request) => {
    handled++;
    return { role: request.membership.role, companyId: request.membership.companyId };
  });
  registerCall(app, locationCall, async (request) => {
    handled++;
    return { companyId: request.membership.companyId };
  });
}

const comparable = (headers: Record<string, unknown>) => {
  const { date: _date, ...rest } = headers;
  return rest;
};

describe('a call declared inside a practice', () => {
  const api = useApi({ extend });
  let practices: Record<DemoPractice, string>;
  let sommerLocation: string;
  let marktLocation: string;

  beforeAll(async () => {
    const db = api.db.database.db;
    practices = await demoPracticeIds(db);
    const rows = await db
      .select({ id: locations.id, companyId: locations.companyId })
      .from(locations);
    sommerLocation = rows.find((row) => row.companyId === practices.sommer)!.id;
    marktLocation = rows.find((row) => row.companyId === practices.markt)!.id;
  });

  const asAdminCall = async (email: string, practiceId: string) =>
    api.client.call(adminCall, {
      token: await api.issuer.tokenFor(email),
      query: { practiceId },
    });
  const asLocationCall = async (email: string, locationId: string) =>
    api.client.call(locationCall, {
      token: await api.issuer.tokenFor(email),
      body: { locationId },
    });

  it('lets an admin and the superadmin in, with their membership on the request', async () => {
    expect((await asAdminCall(demo.ben, practices.sommer)).json()).toEqual({
      role: 'admin',
      companyId: practices.sommer,
    });
    expect((await asAdminCall(demo.anna, practices.sommer)).json()).toMatchObject({
      role: 'superadmin',
    });
  });

  it('answers 403 to a member of the practice, before the handler runs', async () => {
    const before = handled;
    expectProblem(await asAdminCall(demo.clara, practices.sommer), 403, 'forbidden');
    expectProblem(await asAdminCall(demo.anna, practices.markt), 403, 'forbidden');
    expect(handled).toBe(before);
  });

  it('answers a practice the caller is not in exactly like a random id', async () => {
    const before = handled;
    const notConnected = await asAdminCall(demo.clara, practices.markt);
    const random = await asAdminCall(demo.clara, randomUUID());
    expectProblem(notConnected, 404, 'not_found');
    expect(notConnected.statusCode).toBe(random.statusCode);
    expect(notConnected.body).toBe(random.body);
    expect(comparable(notConnected.headers)).toEqual(comparable(random.headers));
    expect(handled).toBe(before);
  });

  it('treats a disabled membership and a disabled practice’s outsiders as not connected', async () => {
    const closed = await createPractice(api.db.database.db, { status: 'disabled' });
    const random = await asAdminCall(demo.ben, randomUUID());
    const foreign = await asAdminCall(demo.ben, closed.id);
    expect(foreign.body).toBe(random.body);
  });

  it('looks up the practice of a location, and a foreign location answers like a random one', async () => {
    expect((await asLocationCall(demo.clara, sommerLocation)).json()).toEqual({
      companyId: practices.sommer,
    });
    const foreign = await asLocationCall(demo.clara, marktLocation);
    const random = await asLocationCall(demo.clara, randomUUID());
    expectProblem(foreign, 404, 'not_found');
    expect(foreign.body).toBe(random.body);
    expect(comparable(foreign.headers)).toEqual(comparable(random.headers));
  });

  it('checks the input before the membership: a malformed id is 400 for everyone', async () => {
    expectProblem(await asAdminCall(demo.david, 'not-a-uuid'), 400, 'validation_failed');
    expectProblem(await asAdminCall(demo.anna, 'not-a-uuid'), 400, 'validation_failed');
  });
});
