import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { calls } from '@pp/contract';
import { EmployeeSchema, EmployeesSchema } from '@pp/contract';
import type { QueryOf } from '../support/client.ts';
import { useApi } from '../support/context.ts';
import { customerIdOf } from '../support/demo.ts';
import { createCustomer, createPractice, uniqueEmail } from '../support/factories.ts';

// Issue 22, point 6: the list sorts by DIN 5007 variant 1 (Ä with A, ß as ss) and a search folds
// case, umlauts, ß and other diacritics, accepting the transliterations ä→ae, ö→oe, ü→ue, ß→ss
// (decision 0056); the same on PGlite and on the server, whose locales differ.
// Point 10: a person who accepted before giving a name keeps the one the inviter typed.
describe('the employees list in German order, searched as a German reader expects', () => {
  const api = useApi();
  const db = () => api.db.database.db;
  let practiceId: string;
  let owner: string;

  beforeAll(async () => {
    const ownerRow = await createCustomer(db(), { firstName: 'Olga', lastName: 'Zeller' });
    owner = ownerRow.email;
    practiceId = (await createPractice(db(), { superadminId: ownerRow.id })).id;
    for (const [firstName, lastName] of [
      ['Zoë', 'Zimmermann'],
      ['Ägidius', 'Äbert'],
      ['Karl', 'Müller'],
      ['Karl', 'Muller'],
      ['Hans', 'Mueller'],
      ['Ida', 'Müßig'],
      ['Ida', 'Müssig'],
      ['Uwe', 'Groß'],
      ['Ayşe', 'Yılmaz'],
      ['Émile', 'Éclair'],
      ['Olaf', 'Öztürk'],
      // Decomposed: u and a combining diaeresis, as some keyboards and imports send it.
      ['Lena', 'Su\u0308ß'],
    ]) {
      await createCustomer(db(), {
        firstName,
        lastName,
        practices: [{ companyId: practiceId }],
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
  const names = async (query: Partial<QueryOf<typeof calls.employeeGetEmployees>>) => {
    const { employees, total } = await list(query);
    if (!query.page) expect(total, JSON.stringify(query)).toBe(employees.length);
    return employees.map((e) => `${e.firstName} ${e.lastName}`);
  };

  it('sorts Ä with A, ß as ss and accents with their letter; names equal so by the name itself', async () => {
    const expected = [
      'Ägidius Äbert',
      'Émile Éclair',
      'Uwe Groß',
      'Hans Mueller',
      'Karl Muller',
      'Karl Müller',
      'Ida Müssig',
      'Ida Müßig',
      'Olaf Öztürk',
      'Lena Su\u0308ß',
      'Ayşe Yılmaz',
      'Olga Zeller',
      'Zoë Zimmermann',
    ];
    expect(await names({ sort: 'name', direction: 'asc' })).toEqual(expected);
    expect(await names({ sort: 'name', direction: 'desc' })).toEqual([...expected].reverse());
    // Pages follow the same order.
    const pages = [];
    for (const page of [1, 2]) pages.push(...(await names({ sort: 'name', page, pageSize: 10 })));
    expect(pages).toEqual(expected);
  });

  it.each([
    ['GROSS', ['Uwe Groß']],
    ['groß', ['Uwe Groß']],
    ['muessig', ['Ida Müssig', 'Ida Müßig']],
    ['MÜSSIG', ['Ida Müssig', 'Ida Müßig']],
    ['yilmaz', ['Ayşe Yılmaz']],
    ['ayse', ['Ayşe Yılmaz']],
    ['müller', ['Hans Mueller', 'Karl Muller', 'Karl Müller']],
    ['mueller', ['Hans Mueller', 'Karl Müller']],
    ['muller', ['Karl Muller', 'Karl Müller']],
    ['abert', ['Ägidius Äbert']],
    ['AEBERT', ['Ägidius Äbert']],
    ['eclair', ['Émile Éclair']],
    ['oeztuerk', ['Olaf Öztürk']],
    ['suess', ['Lena Su\u0308ß']],
    ['su\u0308ß', ['Lena Su\u0308ß']],
    ['Müller Karl', ['Karl Muller', 'Karl Müller']],
    ['karl müller', ['Karl Muller', 'Karl Müller']],
    ['100%', []],
    ['m_ller', []],
  ])('finds %j: %j', async (search, found) => {
    expect(await names({ search, sort: 'name' })).toEqual(found);
  });

  it('shows, sorts and finds an invitee who accepted without a name by the typed name, then by their own', async () => {
    const email = uniqueEmail('ohne-namen');
    const invited = await api.client.employee.inviteEmployee({
      token: await api.issuer.tokenFor(owner),
      body: { companyId: practiceId, email, title: 'DR', firstName: 'Nora', lastName: 'Neuß' },
    });
    expect(invited.statusCode).toBe(202);
    const accepted = await api.client.employee.acceptInvitation({
      token: await api.issuer.tokenFor(email),
      body: { companyId: practiceId },
    });
    expect(accepted.statusCode).toBe(200);

    const customerId = await customerIdOf(db(), email);
    const shown = async () => {
      const { employees } = await list({ sort: 'name' });
      const detail = EmployeeSchema.parse(
        (
          await api.client.employee.getEmployee({
            token: await api.issuer.tokenFor(owner),
            query: { companyId: practiceId, customerId },
          })
        ).json(),
      );
      const listed = employees.find((e) => e.customerId === customerId);
      expect(listed).toEqual(detail);
      return {
        status: detail.status,
        name: `${detail.title ?? ''} ${detail.firstName} ${detail.lastName}`.trim(),
        after: employees[employees.findIndex((e) => e.customerId === customerId) - 1]?.lastName,
      };
    };
    expect(await shown()).toEqual({ status: 'enabled', name: 'DR Nora Neuß', after: 'Müßig' });
    expect(await names({ search: 'neuss' })).toEqual(['Nora Neuß']);

    const named = await api.client.customer.updateCustomerData({
      token: await api.issuer.tokenFor(email),
      body: { firstName: 'Eleonore', lastName: 'Aal' },
    });
    expect(named.statusCode).toBe(200);
    expect(await shown()).toEqual({ status: 'enabled', name: 'Eleonore Aal', after: undefined });
    expect(await names({ search: 'neuss' })).toEqual([]);
    expect(await names({ search: 'aal' })).toEqual(['Eleonore Aal']);
  });

  it('reads a page by name in the order of its index, on any table size', async () => {
    // With a few rows a scan and a sort cost least; without them the index must serve the order.
    const plan = await db().transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      await tx.execute(sql`set local enable_sort = off`);
      return tx.execute(
        sql`explain select customer_id from memberships where company_id = ${practiceId}
            order by shown_name collate "C", shown_email, customer_id limit 10`,
      );
    });
    const text = JSON.stringify(plan);
    expect(text).toMatch(/Index (Only )?Scan using memberships_company_shown_name_idx/);
    expect(text).not.toContain('Sort');
  });
});
