import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { calls } from '@pp/contract';
import { EmployeesSchema, type Employee } from '@pp/contract';
import { customers } from '../../src/db/schema.ts';
import type { QueryOf } from '../support/client.ts';
import { useApi } from '../support/context.ts';
import { createCustomer, createPractice, uniqueEmail } from '../support/factories.ts';

// The list is read in the order of an index (migration 0009): the key it sorts by is kept on the
// membership. Here the order is computed from the answers themselves, as a person reads the list,
// and must hold after every change that moves someone: a new name, an invitation, its acceptance.
describe('the employees list in the order of the person as shown', () => {
  const api = useApi();
  const db = () => api.db.database.db;
  let practiceId: string;
  let owner: string;

  beforeAll(async () => {
    const ownerRow = await createCustomer(db(), { firstName: 'Olga', lastName: 'Zeller' });
    owner = ownerRow.email;
    practiceId = (await createPractice(db(), { superadminId: ownerRow.id })).id;
    const people: [string, string, 'member' | 'admin', 'enabled' | 'disabled'][] = [
      ['Anton', 'berger', 'member', 'enabled'],
      ['Bea', 'Berger', 'admin', 'enabled'],
      ['Carl', 'Adler', 'member', 'disabled'],
      ['Dana', 'Maier', 'member', 'enabled'],
      ['Emil', 'maier', 'admin', 'disabled'],
    ];
    for (const [firstName, lastName, role, status] of people) {
      await createCustomer(db(), {
        firstName,
        lastName,
        practices: [{ companyId: practiceId, role, status }],
      });
    }
  });

  const list = async (query: Partial<QueryOf<typeof calls.employeeGetEmployees>>) =>
    EmployeesSchema.parse(
      (
        await api.client.employee.getEmployees({
          token: await api.issuer.tokenFor(owner),
          query: { companyId: practiceId, pageSize: 100, ...query },
        })
      ).json(),
    );
  const invite = async (email: string, firstName: string, lastName: string) => {
    const response = await api.client.employee.inviteEmployee({
      token: await api.issuer.tokenFor(owner),
      body: { companyId: practiceId, email, firstName, lastName },
    });
    expect(response.statusCode).toBeLessThan(300);
  };

  const RANK = {
    role: ['superadmin', 'admin', 'member'],
    status: ['requested', 'invited', 'enabled', 'disabled'],
  };
  const nameKey = (e: Employee) => `${e.lastName ?? ''} ${e.firstName ?? ''}`.toLowerCase();
  /** The order the list promises: by the key, then the address, then the person's id. */
  function expectedOrder(employees: Employee[], sort: string, direction: string): string[] {
    const key = (e: Employee): (string | number)[] => {
      const tail = [e.email, e.customerId];
      if (sort === 'name') return [nameKey(e), ...tail];
      if (sort === 'email') return tail;
      return [RANK[sort as 'role' | 'status'].indexOf(e[sort as 'role' | 'status']), ...tail];
    };
    // PostgreSQL compares text by the database's collation; compare the answers the same way.
    const compare = (a: Employee, b: Employee) => {
      const [x, y] = [key(a), key(b)];
      for (let i = 0; i < x.length; i += 1) {
        if (x[i] === y[i]) continue;
        const less =
          typeof x[i] === 'number'
            ? (x[i] as number) < (y[i] as number)
            : String(x[i]) < String(y[i]);
        return (less ? -1 : 1) * (direction === 'asc' ? 1 : -1);
      }
      return 0;
    };
    return [...employees].sort(compare).map((e) => e.customerId);
  }

  async function expectEveryOrder() {
    for (const sort of ['name', 'email', 'role', 'status'] as const) {
      for (const direction of ['asc', 'desc'] as const) {
        const { employees, total } = await list({ sort, direction });
        expect(total).toBe(employees.length);
        expect(
          employees.map((e) => e.customerId),
          `${sort} ${direction}`,
        ).toEqual(expectedOrder(employees, sort, direction));
      }
    }
  }

  it('sorts by name, address, role and status, both ways, with the address and id breaking ties', async () => {
    const { employees } = await list({ sort: 'name', direction: 'asc' });
    expect(employees.map((e) => `${e.lastName} ${e.firstName}`)).toEqual([
      'Adler Carl',
      'berger Anton',
      'Berger Bea',
      'Maier Dana',
      'maier Emil',
      'Zeller Olga',
    ]);
    await expectEveryOrder();
  });

  it('places an invitee by the typed names, and by the own names once accepted', async () => {
    const email = uniqueEmail('eingeladen');
    await createCustomer(db(), { email, firstName: 'Xaver', lastName: 'Zwick' });
    await invite(email, 'Getippt', 'Aaron');
    const invited = (await list({ sort: 'name' })).employees;
    expect(invited[0]).toMatchObject({ lastName: 'Aaron', status: 'invited' });
    await expectEveryOrder();

    const response = await api.client.employee.acceptInvitation({
      token: await api.issuer.tokenFor(email),
      body: { companyId: practiceId },
    });
    expect(response.statusCode).toBeLessThan(300);
    const accepted = (await list({ sort: 'name' })).employees;
    expect(accepted.at(-1)).toMatchObject({ lastName: 'Zwick', status: 'enabled' });
    await expectEveryOrder();
  });

  it('moves a person whose name or address changes', async () => {
    const [first] = (await list({ sort: 'name' })).employees;
    await db()
      .update(customers)
      .set({ lastName: 'Zzz', email: uniqueEmail('a') })
      .where(eq(customers.id, first!.customerId));
    const after = (await list({ sort: 'name' })).employees;
    expect(after.at(-1)?.customerId).toBe(first!.customerId);
    await expectEveryOrder();
  });

  it('counts the same with a status filter and a search as the rows it finds', async () => {
    for (const query of [
      { status: 'disabled' },
      { search: 'maier' },
      { search: 'maier', status: 'enabled' },
      { search: 'nobody' },
    ] as const) {
      const { employees, total } = await list(query);
      expect(total, JSON.stringify(query)).toBe(employees.length);
    }
    expect((await list({ status: 'disabled' })).total).toBe(2);
    expect((await list({ search: 'MAIER' })).total).toBe(2);
  });
  it('reads each page at its offset as the slice of the whole list, with ties, search and status', async () => {
    // A practice of 25 with many equal names: pages of 10 at offsets 0, 10 and 20 must be the
    // whole list cut in three, in every order, searched and filtered alike (issue 46).
    const bigOwner = await createCustomer(db(), { firstName: 'Anna', lastName: 'Maier' });
    const big = (await createPractice(db(), { superadminId: bigOwner.id })).id;
    const roles = ['member', 'admin'] as const;
    const statuses = ['enabled', 'disabled', 'requested'] as const;
    for (let i = 0; i < 24; i += 1) {
      await createCustomer(db(), {
        firstName: ['Anna', 'anna', 'Bert'][i % 3],
        lastName: ['Maier', 'maier', 'Meier', 'Maier'][i % 4],
        practices: [{ companyId: big, role: roles[i % 2], status: statuses[i % 3] }],
      });
    }
    const page = async (query: Partial<QueryOf<typeof calls.employeeGetEmployees>>) =>
      EmployeesSchema.parse(
        (
          await api.client.employee.getEmployees({
            token: await api.issuer.tokenFor(bigOwner.email),
            query: { companyId: big, ...query },
          })
        ).json(),
      );
    const filters = [
      {},
      { search: 'maier' },
      { status: 'enabled' },
      { search: 'anna', status: 'disabled' },
    ] as const;
    for (const filter of filters) {
      for (const sort of ['name', 'email', 'role', 'status'] as const) {
        for (const direction of ['asc', 'desc'] as const) {
          const label = JSON.stringify({ ...filter, sort, direction });
          const whole = await page({ ...filter, sort, direction, pageSize: 100 });
          const pages = [];
          for (const number of [1, 2, 3]) {
            const one = await page({ ...filter, sort, direction, pageSize: 10, page: number });
            expect({ total: one.total, page: one.page }, label).toEqual({
              total: whole.total,
              page: number,
            });
            pages.push(...one.employees);
          }
          expect(pages, label).toEqual(whole.employees);
        }
      }
    }
    expect((await page({ pageSize: 100 })).total).toBe(25);
    expect((await page({ page: 4, pageSize: 10 })).employees).toEqual([]);
  });
});
