import { and, eq } from 'drizzle-orm';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { calls, EmployeeSchema, type CallDefinition } from '@pp/contract';
import { companies, customers, locations, memberships } from '../../src/db/schema.ts';
import { createTestApp } from '../support/app.ts';
import { createApiClient, type BodyOf } from '../support/client.ts';
import { useApi } from '../support/context.ts';
import { isServerRun } from '../support/database.ts';
import { expectProblem } from '../support/expect-problem.ts';
import { createCustomer, createPractice, uniqueEmail } from '../support/factories.ts';

describe('changes of memberships', () => {
  const api = useApi();
  const db = () => api.db.database.db;

  /** A practice of its own: superadmin Sara, admins Adam and Alex, members Mia and Max. */
  async function team() {
    const people = {
      sara: uniqueEmail('sara'),
      adam: uniqueEmail('adam'),
      alex: uniqueEmail('alex'),
      mia: uniqueEmail('mia'),
      max: uniqueEmail('max'),
    };
    const sara = await createCustomer(db(), { email: people.sara });
    const practice = await createPractice(db(), { superadminId: sara.id });
    const id: Record<keyof typeof people, string> = {
      sara: sara.id,
      adam: '',
      alex: '',
      mia: '',
      max: '',
    };
    for (const [name, role] of [
      ['adam', 'admin'],
      ['alex', 'admin'],
      ['mia', 'member'],
      ['max', 'member'],
    ] as const) {
      id[name] = (
        await createCustomer(db(), {
          email: people[name],
          practices: [{ companyId: practice.id, role }],
        })
      ).id;
    }
    const as = (who: keyof typeof people) => api.issuer.tokenFor(people[who]);
    /** A call about this practice: its `companyId` is filled in, the rest typed by the caller. */
    const send = async <C extends CallDefinition>(
      who: keyof typeof people,
      call: C,
      body: Omit<BodyOf<C>, 'companyId'>,
    ) =>
      api.client.unchecked(call, {
        token: await as(who),
        body: { companyId: practice.id, ...body },
      });
    const state = async (who: keyof typeof people) =>
      (
        await db()
          .select({ role: memberships.role, status: memberships.status })
          .from(memberships)
          .where(and(eq(memberships.companyId, practice.id), eq(memberships.customerId, id[who])))
      )[0];
    return { practice, id, as, send, state };
  }

  it('an admin disables and enables a member; the disabled member loses the practice at once, not their others', async () => {
    const { practice, id, as, send, state } = await team();
    const other = await createPractice(db());
    await db()
      .insert(memberships)
      .values({ customerId: id.mia, companyId: other.id, role: 'member', status: 'enabled' });
    const disabled = await send('adam', calls.employeeDisableEmployee, { customerId: id.mia });
    expect(EmployeeSchema.parse(disabled.json()).status).toBe('disabled');
    const read = async (companyId: string) =>
      api.client.company.getCompany({ token: await as('mia'), query: { companyId } });
    expectProblem(await read(practice.id), 404, 'not_found');
    expect((await read(other.id)).statusCode).toBe(200);
    const [customer] = await db().select().from(customers).where(eq(customers.id, id.mia));
    expect(customer?.firstName).toBe('Test');
    expect(
      (await send('adam', calls.employeeEnableEmployee, { customerId: id.mia })).statusCode,
    ).toBe(200);
    expect(await state('mia')).toEqual({ role: 'member', status: 'enabled' });
    expect((await read(practice.id)).statusCode).toBe(200);
  });

  it('nobody disables themself or the superadmin; only the superadmin an admin', async () => {
    const { send, id, state } = await team();
    expectProblem(
      await send('adam', calls.employeeDisableEmployee, { customerId: id.adam }),
      403,
      'forbidden',
    );
    expectProblem(
      await send('adam', calls.employeeDisableEmployee, { customerId: id.sara }),
      403,
      'forbidden',
    );
    expectProblem(
      await send('adam', calls.employeeDisableEmployee, { customerId: id.alex }),
      403,
      'forbidden',
    );
    expectProblem(
      await send('sara', calls.employeeDisableEmployee, { customerId: id.sara }),
      403,
      'forbidden',
    );
    expect(await state('alex')).toEqual({ role: 'admin', status: 'enabled' });
    expect(
      (await send('sara', calls.employeeDisableEmployee, { customerId: id.alex })).statusCode,
    ).toBe(200);
    expectProblem(
      await send('adam', calls.employeeEnableEmployee, { customerId: id.alex }),
      403,
      'forbidden',
    );
  });

  it('enabling approves a request to join', async () => {
    const { practice, send } = await team();
    const email = uniqueEmail('anfrage');
    const requester = await createCustomer(db(), {
      email,
      practices: [{ companyId: practice.id, status: 'requested' }],
    });
    const approved = await send('adam', calls.employeeEnableEmployee, { customerId: requester.id });
    expect(EmployeeSchema.parse(approved.json())).toMatchObject({ status: 'enabled', email });
  });

  it('the superadmin changes roles and hands the superadmin role to an enabled admin', async () => {
    const { send, id, state } = await team();
    expect(
      EmployeeSchema.parse(
        (
          await send('sara', calls.employeeChangeRole, { customerId: id.mia, role: 'admin' })
        ).json(),
      ).role,
    ).toBe('admin');
    expectProblem(
      await send('sara', calls.employeeTransferSuperadmin, { customerId: id.max }),
      409,
      'conflict',
    );
    const handed = await send('sara', calls.employeeTransferSuperadmin, { customerId: id.adam });
    expect(EmployeeSchema.parse(handed.json()).role).toBe('superadmin');
    expect(await state('sara')).toEqual({ role: 'admin', status: 'enabled' });
    // Sara is admin now: the superadmin's calls are refused.
    expectProblem(
      await send('sara', calls.employeeChangeRole, { customerId: id.mia, role: 'member' }),
      403,
      'forbidden',
    );
  });

  it('an admin sets an employee’s locations, only of the practice', async () => {
    const { practice, send, id } = await team();
    const [location] = await db()
      .insert(locations)
      .values({ companyId: practice.id, name: 'Filiale', postalCode: '10115', city: 'Berlin' })
      .returning();
    const set = await send('adam', calls.employeeSetEmployeeLocations, {
      customerId: id.max,
      locationIds: [location!.id, location!.id],
    });
    expect(EmployeeSchema.parse(set.json()).locations).toEqual([
      { locationId: location!.id, name: 'Filiale' },
    ]);
    const foreign = (
      await db()
        .insert(locations)
        .values({ companyId: (await createPractice(db())).id, name: 'Fremd' })
        .returning()
    )[0]!;
    expectProblem(
      await send('adam', calls.employeeSetEmployeeLocations, {
        customerId: id.max,
        locationIds: [foreign.id],
      }),
      400,
      'validation_failed',
    );
    const cleared = await send('adam', calls.employeeSetEmployeeLocations, {
      customerId: id.max,
      locationIds: [],
    });
    expect(EmployeeSchema.parse(cleared.json()).locations).toEqual([]);
  });

  it('anyone but the superadmin leaves; the primary practice moves on', async () => {
    const { practice, send, id, state } = await team();
    const other = await createPractice(db(), { name: 'Andere Praxis' });
    await db()
      .insert(memberships)
      .values({ customerId: id.max, companyId: other.id, role: 'member', status: 'enabled' });
    await db()
      .update(customers)
      .set({ primaryCompanyId: practice.id })
      .where(eq(customers.id, id.max));
    expect((await send('max', calls.employeeLeavePractice, {})).statusCode).toBe(200);
    expect(await state('max')).toBeUndefined();
    const [max] = await db().select().from(customers).where(eq(customers.id, id.max));
    expect(max?.primaryCompanyId).toBe(other.id);
    expectProblem(await send('sara', calls.employeeLeavePractice, {}), 403, 'forbidden');
  });

  it('an admin sets a member’s primary practice; the target must be an enabled membership', async () => {
    const { practice, send, id } = await team();
    expect(
      (await send('adam', calls.employeeChangePrimaryCompany, { customerId: id.mia })).statusCode,
    ).toBe(200);
    const [mia] = await db().select().from(customers).where(eq(customers.id, id.mia));
    expect(mia?.primaryCompanyId).toBe(practice.id);
    await send('sara', calls.employeeDisableEmployee, { customerId: id.max });
    expectProblem(
      await send('adam', calls.employeeChangePrimaryCompany, { customerId: id.max }),
      404,
      'not_found',
    );
  });

  it('changes of a disabled practice are refused', async () => {
    const { practice, send, id } = await team();
    await db().update(companies).set({ status: 'disabled' }).where(eq(companies.id, practice.id));
    expectProblem(
      await send('sara', calls.employeeDisableEmployee, { customerId: id.mia }),
      409,
      'practice_disabled',
    );
    expectProblem(
      await send('adam', calls.employeeInviteEmployee, { email: uniqueEmail('x') }),
      409,
      'practice_disabled',
    );
  });

  // PGlite runs one statement at a time, so nothing there is concurrent: the race needs a server.
  it.runIf(isServerRun())(
    'two simultaneous requests — hand the superadmin role to X, disable X — end with exactly one succeeding and one enabled superadmin',
    async () => {
      const { practice, id, as } = await team();
      const second = await createTestApp({ database: api.db.database, issuer: api.issuer });
      // Another session holds X's membership row, so both requests are in flight at once when
      // it lets go: neither has finished before the other started.
      const blocker = new pg.Client({ connectionString: api.db.url });
      await blocker.connect();
      try {
        await blocker.query('begin');
        await blocker.query(
          'select 1 from memberships where company_id = $1 and customer_id = $2 for update',
          [practice.id, id.adam],
        );
        const token = await as('sara');
        const body = { companyId: practice.id, customerId: id.adam };
        const answers = Promise.all([
          api.client.employee.transferSuperadmin({ token, body }),
          createApiClient(second).employee.disableEmployee({ token, body }),
        ]);
        await new Promise((resolve) => setTimeout(resolve, 500));
        await blocker.query('commit');
        const statuses = (await answers).map((answer) => answer.statusCode);
        expect(statuses.filter((s) => s === 200)).toHaveLength(1);
        // The other is refused for what happened first, never a server error.
        expect(statuses.filter((s) => s === 403 || s === 409)).toHaveLength(1);
        const superadmins = await db()
          .select()
          .from(memberships)
          .where(and(eq(memberships.companyId, practice.id), eq(memberships.role, 'superadmin')));
        expect(superadmins).toHaveLength(1);
        expect(superadmins[0]?.status).toBe('enabled');
      } finally {
        await blocker.end();
        await second.close();
      }
    },
  );
});
