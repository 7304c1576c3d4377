import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { calls, type CallDefinition } from '@pp/contract';
import { expectIndistinguishable } from '../support/compare.ts';
import { useApi } from '../support/context.ts';
import { customerIdOf, demo, demoPracticeIds, type DemoPractice } from '../support/demo.ts';
import { expectProblem } from '../support/expect-problem.ts';
import { uniqueEmail } from '../support/factories.ts';

type Request = { query?: Record<string, string>; body?: object };
type Build = (practice: string, ids: Record<keyof typeof demo, string>) => Request;

/** The specification's Employee calls and ours that need a role in the practice. */
const CALLS: [string, CallDefinition, Build][] = [
  ['GetEmployees', calls.employeeGetEmployees, (p) => ({ query: { companyId: p } })],
  [
    'GetEmployee',
    calls.employeeGetEmployee,
    (p, ids) => ({ query: { companyId: p, customerId: ids.clara } }),
  ],
  [
    'InviteEmployee',
    calls.employeeInviteEmployee,
    (p) => ({ body: { companyId: p, email: uniqueEmail('neu') } }),
  ],
  [
    'EnableEmployee',
    calls.employeeEnableEmployee,
    (p, ids) => ({ body: { companyId: p, customerId: ids.clara } }),
  ],
  [
    'DisableEmployee',
    calls.employeeDisableEmployee,
    (p, ids) => ({ body: { companyId: p, customerId: ids.clara } }),
  ],
  [
    'ResendInvitation',
    calls.employeeResendInvitation,
    (p, ids) => ({ body: { companyId: p, customerId: ids.clara } }),
  ],
  [
    'RevokeInvitation',
    calls.employeeRevokeInvitation,
    (p, ids) => ({ body: { companyId: p, customerId: ids.clara } }),
  ],
  [
    'SetEmployeeLocations',
    calls.employeeSetEmployeeLocations,
    (p, ids) => ({ body: { companyId: p, customerId: ids.clara, locationIds: [] } }),
  ],
  [
    'ChangeRole',
    calls.employeeChangeRole,
    (p, ids) => ({ body: { companyId: p, customerId: ids.clara, role: 'member' } }),
  ],
  [
    'TransferSuperadmin',
    calls.employeeTransferSuperadmin,
    (p, ids) => ({ body: { companyId: p, customerId: ids.ben } }),
  ],
];

/** The smallest role of each: admin, or superadmin for roles and the hand-over. */
const SUPERADMIN_ONLY = new Set(['ChangeRole', 'TransferSuperadmin']);

describe('Employee calls: who may', () => {
  const api = useApi();
  let practices: Record<DemoPractice, string>;
  let ids: Record<keyof typeof demo, string>;
  beforeAll(async () => {
    const db = api.db.database.db;
    practices = await demoPracticeIds(db);
    ids = {
      anna: await customerIdOf(db, demo.anna),
      ben: await customerIdOf(db, demo.ben),
      clara: await customerIdOf(db, demo.clara),
      david: await customerIdOf(db, demo.david),
    };
  });
  const send = async (who: keyof typeof demo, call: CallDefinition, request: Request) =>
    api.client.call(call, { token: await api.issuer.tokenFor(demo[who]), ...request });

  describe.each(CALLS)('%s', (_name, call, build) => {
    it('answers another practice exactly like a random id (404)', async () => {
      const foreign = await send('david', call, build(practices.sommer, ids));
      const random = await send('david', call, build(randomUUID(), ids));
      expectProblem(foreign, 404, 'not_found');
      expectIndistinguishable(foreign, random);
    });

    it('answers 403 to a member', async () => {
      expectProblem(await send('clara', call, build(practices.sommer, ids)), 403, 'forbidden');
    });
  });

  it.each(CALLS.filter(([name]) => SUPERADMIN_ONLY.has(name)))(
    '%s answers 403 to an admin',
    async (_name, call, build) => {
      expectProblem(await send('ben', call, build(practices.sommer, ids)), 403, 'forbidden');
    },
  );

  it('lets a member change their own primary practice, never someone else’s', async () => {
    const self = await send('clara', calls.employeeChangePrimaryCompany, {
      body: { customerId: ids.clara, companyId: practices.sommer },
    });
    expect(self.statusCode).toBe(200);
    expectProblem(
      await send('clara', calls.employeeChangePrimaryCompany, {
        body: { customerId: ids.ben, companyId: practices.sommer },
      }),
      403,
      'forbidden',
    );
    // Another practice's member answers like a random customer.
    expectIndistinguishable(
      await send('ben', calls.employeeChangePrimaryCompany, {
        body: { customerId: ids.david, companyId: practices.markt },
      }),
      await send('ben', calls.employeeChangePrimaryCompany, {
        body: { customerId: randomUUID(), companyId: randomUUID() },
      }),
    );
  });
});
