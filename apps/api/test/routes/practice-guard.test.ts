import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { API_BASE, defineCall, IdSchema } from '@pp/contract';
import { requireRole } from '../../src/lib/memberships.ts';
import { currentCustomer } from '../../src/lib/current-customer.ts';
import { registerCall } from '../../src/routes/register-call.ts';
import { useApi } from '../support/context.ts';
import { demo, demoPracticeIds, type DemoPractice } from '../support/demo.ts';
import { bearer, expectProblem } from '../support/expect-problem.ts';

/** A throw-away call inside a practice, guarded the way every such call of later issues is. */
const adminCall = defineCall({
  method: 'GET',
  path: '/Test/AdminOnly',
  tag: 'Test',
  summary: 'Needs the admin role in the practice',
  auth: 'bearer',
  querystring: z.strictObject({ practiceId: IdSchema }),
  response: z.object({ role: z.string() }),
});

function extend(app: FastifyInstance) {
  registerCall(app, adminCall, async (request) => {
    const customer = await currentCustomer(request);
    return requireRole(app.db, customer.id, request.query.practiceId, 'admin');
  });
}

describe('a call inside a practice (PRODUCT §4 refusals)', () => {
  const api = useApi({ extend });
  let practices: Record<DemoPractice, string>;

  beforeAll(async () => {
    practices = await demoPracticeIds(api.db.database.db);
  });

  const call = async (email: string, practiceId: string) =>
    api.app.inject({
      url: `${API_BASE}${adminCall.path}?practiceId=${practiceId}`,
      headers: bearer(await api.issuer.tokenFor(email)),
    });

  it('lets an admin and the superadmin in', async () => {
    expect((await call(demo.ben, practices.sommer)).json()).toMatchObject({ role: 'admin' });
    expect((await call(demo.anna, practices.sommer)).json()).toMatchObject({ role: 'superadmin' });
  });

  it('answers 403 to a member of the practice', async () => {
    expectProblem(await call(demo.clara, practices.sommer), 403, 'forbidden');
    expectProblem(await call(demo.anna, practices.markt), 403, 'forbidden');
  });

  it('answers a practice the caller is not in exactly like a random id', async () => {
    const notConnected = await call(demo.clara, practices.markt);
    const random = await call(demo.clara, randomUUID());
    expectProblem(notConnected, 404, 'not_found');
    expect(notConnected.statusCode).toBe(random.statusCode);
    expect(notConnected.body).toBe(random.body);
    const comparable = (headers: Record<string, unknown>) => {
      const { date: _date, ...rest } = headers;
      return rest;
    };
    expect(comparable(notConnected.headers)).toEqual(comparable(random.headers));
  });
});
