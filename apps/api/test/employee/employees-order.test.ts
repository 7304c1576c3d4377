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
});
