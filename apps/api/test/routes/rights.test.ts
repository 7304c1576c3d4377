import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { calls } from '@pp/contract';
import { useApi } from '../support/context.ts';
import {
  customerIdOf,
  demo,
  DEMO_USER_NAMES,
  demoPracticeIds,
  type DemoUser,
} from '../support/demo.ts';
import { createCustomer, createPractice } from '../support/factories.ts';
import { memberships } from '../../src/db/schema.ts';

type Practice = 'sommer' | 'markt' | 'random' | 'dormant' | 'closed';
/** [connected, admin, superadmin] */
type Rights = [boolean, boolean, boolean];

const NONE: Rights = [false, false, false];
const MEMBER: Rights = [true, false, false];
const ADMIN: Rights = [true, true, false];
const SUPERADMIN: Rights = [true, true, true];

/**
 * The expected answers of the three Rights calls. `dormant`: an enabled practice where every demo
 * user's membership is not enabled (disabled, invited or requested); `closed`: a disabled practice
 * with enabled memberships — its people keep their rights (it is read-only, and its superadmin
 * may enable it again).
 */
const expected: Record<DemoUser, Record<Practice, Rights>> = {
  anna: { sommer: SUPERADMIN, markt: MEMBER, random: NONE, dormant: NONE, closed: NONE },
  ben: { sommer: ADMIN, markt: NONE, random: NONE, dormant: NONE, closed: NONE },
  clara: { sommer: MEMBER, markt: NONE, random: NONE, dormant: NONE, closed: ADMIN },
  david: { sommer: NONE, markt: SUPERADMIN, random: NONE, dormant: NONE, closed: SUPERADMIN },
};

const rightsCalls = [
  calls.rightsIsUserConnectedToPractice,
  calls.rightsIsUserAdminOfPractice,
  calls.rightsIsUserSuperAdminOfPractice,
] as const;

const table = DEMO_USER_NAMES.flatMap((user) =>
  (Object.keys(expected[user]) as Practice[]).flatMap((practice) =>
    rightsCalls.map(
      (call, index) => [call.path, user, practice, expected[user][practice][index], call] as const,
    ),
  ),
);

describe('Rights calls: call × demo user × practice', () => {
  const api = useApi();
  const practiceIds = {} as Record<Practice, string>;

  beforeAll(async () => {
    const db = api.db.database.db;
    Object.assign(practiceIds, await demoPracticeIds(db), { random: randomUUID() });
    const ids = Object.fromEntries(
      await Promise.all(DEMO_USER_NAMES.map(async (u) => [u, await customerIdOf(db, demo[u])])),
    ) as Record<DemoUser, string>;
    const dormant = await createPractice(db, { name: 'Praxis ohne aktive Mitglieder' });
    const closed = await createPractice(db, {
      name: 'Geschlossene Praxis',
      status: 'disabled',
      superadminId: ids.david,
    });
    practiceIds.dormant = dormant.id;
    practiceIds.closed = closed.id;
    await db.insert(memberships).values([
      { customerId: ids.anna, companyId: dormant.id, role: 'admin', status: 'disabled' },
      { customerId: ids.ben, companyId: dormant.id, role: 'admin', status: 'invited' },
      { customerId: ids.clara, companyId: dormant.id, role: 'member', status: 'requested' },
      { customerId: ids.david, companyId: dormant.id, role: 'admin', status: 'disabled' },
      { customerId: ids.clara, companyId: closed.id, role: 'admin', status: 'enabled' },
    ]);
  });

  it.each(table)('%s as %s for %s → %s', async (_path, user, practice, answer, call) => {
    const token = await api.issuer.tokenFor(demo[user]);
    const response = await api.client.call(call, {
      token,
      query: { practiceId: practiceIds[practice] },
    });
    expect(response.statusCode).toBe(200);
    expect(z.boolean().parse(response.json())).toBe(answer);
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('answers false for every practice to a new identity without practices', async () => {
    const customer = await createCustomer(api.db.database.db);
    const token = await api.issuer.tokenFor(customer.email);
    for (const call of rightsCalls) {
      const response = await api.client.call(call, {
        token,
        query: { practiceId: practiceIds.sommer },
      });
      expect(response.json()).toBe(false);
    }
  });
});
