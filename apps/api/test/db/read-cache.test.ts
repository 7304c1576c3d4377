import { eq, and, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { API_BASE, calls } from '@pp/contract';
import { customers, memberships } from '../../src/db/schema.ts';
import { createReadCache, maxEntriesOf } from '../../src/lib/read-cache.ts';
import { enabledMembership } from '../../src/lib/memberships.ts';
import { useApi } from '../support/context.ts';
import { customerIdOf, demo, demoPracticeIds } from '../support/demo.ts';
import { bearer } from '../support/expect-problem.ts';

// Decision 0042: on the embedded database frequent reads are kept in memory and dropped on every
// committed change the database reports. Whatever changes the rows — a call, a statement of the
// provider, a hand-written SQL statement — the next answer shows it, on both databases alike.
describe('answers kept on the embedded database follow every committed change', () => {
  const api = useApi();
  let sommer: string;
  let ben: string;

  beforeAll(async () => {
    sommer = (await demoPracticeIds(api.db.database.db)).sommer;
    ben = await customerIdOf(api.db.database.db, demo.ben);
  });

  async function call(user: keyof typeof demo, path: string) {
    const response = await api.app.inject({
      url: `${API_BASE}${path}`,
      headers: bearer(await api.issuer.tokenFor(demo[user])),
    });
    return response;
  }
  const isAdmin = async () =>
    (await call('ben', `${calls.rightsIsUserAdminOfPractice.path}?practiceId=${sommer}`)).json();
  const bensRole = async () =>
    (
      (await call('ben', calls.customerGetCustomerData.path)).json() as {
        associatedCompanies: { companyVms: { companyId: string; role: string }[] };
      }
    ).associatedCompanies.companyVms.find((vm) => vm.companyId === sommer)?.role;
  const employeesPage = async () =>
    (
      (
        await call('anna', `${calls.employeeGetEmployees.path}?companyId=${sommer}&pageSize=100`)
      ).json() as { employees: { customerId: string; role: string; lastName: string | null }[] }
    ).employees.find((employee) => employee.customerId === ben);
  const setBensRole = (role: 'admin' | 'member') =>
    api.db.database.db
      .update(memberships)
      .set({ role })
      .where(and(eq(memberships.customerId, ben), eq(memberships.companyId, sommer)));

  it('a role changed by a plain statement is in the next answer of every call that shows it', async () => {
    expect(await isAdmin()).toBe(true);
    expect(await bensRole()).toBe('admin');
    expect((await employeesPage())?.role).toBe('admin');

    await setBensRole('member');
    expect(await isAdmin()).toBe(false);
    expect(await bensRole()).toBe('member');
    expect((await employeesPage())?.role).toBe('member');
    // Ben may no longer open the admin's list: the membership the authorization read is fresh too.
    expect(
      (await call('ben', `${calls.employeeGetEmployees.path}?companyId=${sommer}`)).statusCode,
    ).toBe(403);

    await setBensRole('admin');
    expect(await isAdmin()).toBe(true);
  });

  it('a name changed in the database shows in the profile and the employees list', async () => {
    expect((await call('ben', calls.customerGetCustomerData.path)).json().lastName).toBe('Krause');
    await api.db.database.db
      .update(customers)
      .set({ lastName: 'Krause-Neu' })
      .where(eq(customers.id, ben));
    expect((await call('ben', calls.customerGetCustomerData.path)).json().lastName).toBe(
      'Krause-Neu',
    );
    expect((await employeesPage())?.lastName).toBe('Krause-Neu');
    await api.db.database.db
      .update(customers)
      .set({ lastName: 'Krause' })
      .where(eq(customers.id, ben));
  });

  it('a change rolled back changes no answer, and the next committed one is seen', async () => {
    expect(await isAdmin()).toBe(true);
    await expect(
      api.db.database.db.transaction(async (tx) => {
        await tx
          .update(memberships)
          .set({ role: 'member' })
          .where(and(eq(memberships.customerId, ben), eq(memberships.companyId, sommer)));
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    expect(await isAdmin()).toBe(true);
    await setBensRole('member');
    expect(await isAdmin()).toBe(false);
    await setBensRole('admin');
  });

  it('a removed membership answers 404 at once, as for a practice the caller never joined', async () => {
    const clara = await customerIdOf(api.db.database.db, demo.clara);
    const path = `${calls.locationGetLocations.path}?parentId=${sommer}&contactId=${clara}`;
    expect((await call('clara', path)).statusCode).toBe(200);
    const [kept] = await api.db.database.db
      .delete(memberships)
      .where(and(eq(memberships.customerId, clara), eq(memberships.companyId, sommer)))
      .returning();
    expect((await call('clara', path)).statusCode).toBe(404);
    await api.db.database.db.insert(memberships).values(kept!);
    expect((await call('clara', path)).statusCode).toBe(200);
  });
});

describe('the read cache itself', () => {
  const api = useApi();
  const embedded = () => api.db.database.kind === 'embedded';

  it('keeps an answer on the embedded database and asks again after a change', async () => {
    const cache = await createReadCache(api.db.database);
    let loads = 0;
    const load = async () => {
      loads += 1;
      return { loads };
    };
    await cache.read('membership', 'k', load);
    await cache.read('membership', 'k', load);
    expect(loads).toBe(embedded() ? 1 : 2);
    await api.db.database.db.execute(sql`update companies set name = name where false`);
    await cache.read('membership', 'k', load);
    expect(loads).toBe(embedded() ? 2 : 3);
    await cache.close();
  });

  it('does not keep an answer read while a change was committed', async () => {
    const cache = await createReadCache(api.db.database);
    const [row] = await api.db.database.db.select().from(memberships).limit(1);
    let loads = 0;
    const load = async () => {
      loads += 1;
      const before = await enabledMembership(api.db.database.db, row!.customerId, row!.companyId);
      // Another request changes the row after this read and before it is kept.
      await api.db.database.db
        .update(memberships)
        .set({ updatedAt: new Date() })
        .where(
          and(
            eq(memberships.customerId, row!.customerId),
            eq(memberships.companyId, row!.companyId),
          ),
        );
      return before;
    };
    await cache.read('membership', 'overlap', load);
    await cache.read('membership', 'overlap', async () => {
      loads += 1;
      return undefined;
    });
    expect(loads).toBe(2);
    await cache.close();
  });

  it('forgets the oldest answer past its bound, so hostile ids cannot grow it', async () => {
    const cache = await createReadCache(api.db.database);
    let loads = 0;
    const load = async () => (loads += 1);
    const MAX = maxEntriesOf('practicesOf');
    for (let i = 0; i <= MAX; i += 1) await cache.read('practicesOf', `${i}`, load);
    await cache.read('practicesOf', `${MAX}`, load);
    expect(loads).toBe(MAX + 1 + (embedded() ? 0 : 1));
    await cache.read('practicesOf', '0', load);
    expect(loads).toBe(MAX + 2 + (embedded() ? 0 : 1));
    await cache.close();
  });

  it('hands out frozen answers: a caller cannot change what the next one gets', async () => {
    const cache = await createReadCache(api.db.database);
    const answer = await cache.read('linkedCustomer', 'frozen', async () => ({
      customer: { lastName: 'Krause' },
    }));
    expect(() => {
      (answer.customer as { lastName: string }).lastName = 'Other';
    }).toThrow(TypeError);
    await cache.close();
  });
});
