import { randomUUID } from 'node:crypto';
import { and, count, eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { beforeAll, describe, expect, it } from 'vitest';
import { calls, EmployeesSchema, MyInvitationSchema, type InviteEmployee } from '@pp/contract';
import {
  auditLog,
  customers,
  invitations,
  locationAssignments,
  locations,
  mailOutbox,
  memberships,
} from '../../src/db/schema.ts';
import { sweepExpiredInvitees } from '../../src/lib/employees/sweep.ts';
import { expectIndistinguishable } from '../support/compare.ts';
import type { QueryOf } from '../support/client.ts';
import { useApi } from '../support/context.ts';
import { isServerRun } from '../support/database.ts';
import { customerIdOf, demo, demoPracticeIds, type DemoPractice } from '../support/demo.ts';
import { expectProblem } from '../support/expect-problem.ts';
import { createCustomer, createPractice, uniqueEmail } from '../support/factories.ts';

describe('invitations', () => {
  const api = useApi();
  const db = () => api.db.database.db;
  let practices: Record<DemoPractice, string>;
  let firstLocation: string;
  beforeAll(async () => {
    practices = await demoPracticeIds(db());
    firstLocation = (
      await db().select().from(locations).where(eq(locations.companyId, practices.sommer))
    )[0]!.id;
  });

  const token = (email: string) => api.issuer.tokenFor(email);
  const invite = async (email: string, body: Omit<InviteEmployee, 'companyId'>) =>
    api.client.employee.inviteEmployee({
      token: await token(email),
      body: { companyId: practices.sommer, ...body },
    });
  const mailsTo = (email: string) =>
    db().select().from(mailOutbox).where(eq(mailOutbox.recipient, email));
  const membership = async (email: string, companyId = practices.sommer) => {
    const [row] = await db()
      .select({ role: memberships.role, status: memberships.status })
      .from(memberships)
      .innerJoin(customers, eq(customers.id, memberships.customerId))
      .where(and(eq(customers.email, email), eq(memberships.companyId, companyId)));
    return row;
  };
  const employeeList = async (
    who: string,
    query: Partial<QueryOf<typeof calls.employeeGetEmployees>> = {},
  ) =>
    EmployeesSchema.parse(
      (
        await api.client.employee.getEmployees({
          token: await token(who),
          query: { companyId: practices.sommer, ...query },
        })
      ).json(),
    );

  // Two practices invite the same new address at the same moment: the second waits on the
  // address's unique index until the first commits, then must find the person the first made.
  const inviteAlone = async (email: string) => (await invite(demo.ben, { email })).statusCode;
  const inviteInBulk = async (email: string) => {
    const answer = await api.client.employee.inviteEmployees({
      token: await token(demo.ben),
      body: { companyId: practices.sommer, rows: [{ email }], idempotencyKey: randomUUID() },
    });
    const { results } = answer.json() as { results: { outcome: string }[] };
    return `${answer.statusCode} ${results.map((row) => row.outcome).join()}`;
  };
  it.runIf(isServerRun()).each([
    ['alone', inviteAlone, 202],
    ['in a bulk invitation', inviteInBulk, '200 ok'],
  ] as const)(
    'invites an address that another practice is inviting at the same moment, %s (server)',
    async (_, inviteNow, answered) => {
      const email = uniqueEmail('zugleich');
      const other = new pg.Client({ connectionString: api.db.url ?? '' });
      await other.connect();
      try {
        await other.query('begin');
        await other.query(
          `insert into customers (email, invitation_only, preferred_language) values ($1, true, 'de')`,
          [email],
        );
        const answer = inviteNow(email);
        const waiting = async () =>
          (
            await other.query<{ n: number }>(
              `select count(*)::int as n from pg_stat_activity
                where datname = current_database() and wait_event_type = 'Lock'`,
            )
          ).rows[0]?.n ?? 0;
        for (let tries = 0; (await waiting()) === 0; tries += 1) {
          if (tries > 200) throw new Error('the invitation never waited for the other one');
          await new Promise((resolve) => setTimeout(resolve, 25));
        }
        await other.query('commit');
        expect(await answer).toBe(answered);
        expect(await membership(email)).toEqual({ role: 'member', status: 'invited' });
        expect(await mailsTo(email)).toHaveLength(1);
      } finally {
        await other.end();
      }
    },
  );

  it('invites a new address: membership invited for 7 days, a mail, shown with what the inviter typed', async () => {
    const email = uniqueEmail('neu');
    const answer = await invite(demo.ben, {
      email,
      salutation: 'FRAU',
      firstName: 'Nora',
      lastName: 'Neu',
      locationIds: [firstLocation],
    });
    expect(answer.statusCode).toBe(202);
    expect(await membership(email)).toEqual({ role: 'member', status: 'invited' });
    const [mail] = await mailsTo(email);
    expect(mail).toMatchObject({ template: 'invitation', companyId: practices.sommer });
    expect(mail?.textBody).toContain('Ben Krause');
    const listed = (await employeeList(demo.ben, { status: 'invited' })).employees.find(
      (e) => e.email === email,
    );
    expect(listed).toMatchObject({
      firstName: 'Nora',
      lastName: 'Neu',
      status: 'invited',
      locations: [{ locationId: firstLocation }],
    });
    const days = (Date.parse(listed!.expiresAt!) - Date.parse(listed!.invitedAt!)) / 86_400_000;
    expect(Math.round(days)).toBe(7);
  });

  it('answers an address with an account exactly like one without, and never changes that customer', async () => {
    const known = uniqueEmail('bekannt');
    const customer = await createCustomer(db(), {
      email: known,
      firstName: 'Echt',
      lastName: 'Name',
    });
    const withAccount = await invite(demo.anna, { email: known, firstName: 'Getippt' });
    const without = await invite(demo.anna, { email: uniqueEmail('frei'), firstName: 'Getippt' });
    expectIndistinguishable(withAccount, without);
    const [after] = await db().select().from(customers).where(eq(customers.id, customer.id));
    expect(after).toMatchObject({ firstName: 'Echt', lastName: 'Name', invitationOnly: false });
    const listed = (await employeeList(demo.anna, { search: known })).employees;
    expect(listed).toEqual([expect.objectContaining({ firstName: 'Getippt', lastName: null })]);
  });

  it('lets the invitee see, accept and join: enabled, with the typed locations, primary when they had none', async () => {
    const email = uniqueEmail('annehmen');
    await createCustomer(db(), { email });
    await invite(demo.ben, { email, locationIds: [firstLocation] });
    const mine = MyInvitationSchema.array().parse(
      (await api.client.employee.getMyInvitations({ token: await token(email) })).json(),
    );
    expect(mine).toEqual([
      expect.objectContaining({
        companyId: practices.sommer,
        practiceName: 'Zahnarztpraxis Dr. Sommer',
        invitedBy: 'Ben Krause',
        expired: false,
      }),
    ]);
    expect(
      (
        await api.client.employee.acceptInvitation({
          token: await token(email),
          body: { companyId: practices.sommer },
        })
      ).statusCode,
    ).toBe(200);
    expect(await membership(email)).toEqual({ role: 'member', status: 'enabled' });
    const id = await customerIdOf(db(), email);
    const [me] = await db().select().from(customers).where(eq(customers.id, id));
    expect(me?.primaryCompanyId).toBe(practices.sommer);
    const assigned = await db()
      .select()
      .from(locationAssignments)
      .where(eq(locationAssignments.customerId, id));
    expect(assigned.map((a) => a.locationId)).toEqual([firstLocation]);
    // Accepting twice finds nothing to accept.
    expectProblem(
      await api.client.employee.acceptInvitation({
        token: await token(email),
        body: { companyId: practices.sommer },
      }),
      404,
      'not_found',
    );
  });

  it('declining leaves no membership nor employee entry; the audit log keeps both events', async () => {
    const email = uniqueEmail('ablehnen');
    await createCustomer(db(), { email, practices: [{ companyId: practices.markt }] });
    await invite(demo.anna, { email });
    expect(await membership(email)).toMatchObject({ status: 'invited' });
    expect(
      (
        await api.client.employee.declineInvitation({
          token: await token(email),
          body: { companyId: practices.sommer },
        })
      ).statusCode,
    ).toBe(200);
    expect(await membership(email)).toBeUndefined();
    expect((await employeeList(demo.anna, { search: email })).employees).toEqual([]);
    const id = await customerIdOf(db(), email);
    const events = await db()
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(and(eq(auditLog.entityId, id), eq(auditLog.companyId, practices.sommer)));
    expect(events.map((e) => e.action)).toEqual([
      'employee.invited',
      'employee.invitation_declined',
    ]);
    expect(await membership(email, practices.markt)).toMatchObject({ status: 'enabled' });
  });

  it('refuses an expired invitation and sends it again with a fresh expiry', async () => {
    const email = uniqueEmail('abgelaufen');
    await createCustomer(db(), { email });
    await invite(demo.ben, { email });
    const id = await customerIdOf(db(), email);
    await db()
      .update(invitations)
      .set({ expiresAt: sql`now() - interval '1 hour'` })
      .where(eq(invitations.customerId, id));
    expectProblem(
      await api.client.employee.acceptInvitation({
        token: await token(email),
        body: { companyId: practices.sommer },
      }),
      410,
      'invitation_expired',
    );
    const before = (await mailsTo(email)).length;
    expect(
      (
        await api.client.employee.resendInvitation({
          token: await token(demo.ben),
          body: {
            companyId: practices.sommer,
            customerId: id,
          },
        })
      ).statusCode,
    ).toBe(202);
    expect((await mailsTo(email)).length).toBe(before + 1);
    expect(
      (
        await api.client.employee.acceptInvitation({
          token: await token(email),
          body: { companyId: practices.sommer },
        })
      ).statusCode,
    ).toBe(200);
  });

  it('removes a customer made only for an invitation when it is revoked, or a day after it expired', async () => {
    const revoked = uniqueEmail('zurueck');
    await invite(demo.ben, { email: revoked });
    const revokedId = await customerIdOf(db(), revoked);
    expect(
      (
        await api.client.employee.revokeInvitation({
          token: await token(demo.ben),
          body: {
            companyId: practices.sommer,
            customerId: revokedId,
          },
        })
      ).statusCode,
    ).toBe(200);
    expect(await db().select().from(customers).where(eq(customers.id, revokedId))).toEqual([]);

    const expired = uniqueEmail('verfallen');
    await invite(demo.ben, { email: expired });
    const expiredId = await customerIdOf(db(), expired);
    await db()
      .update(invitations)
      .set({ expiresAt: sql`now() - interval '2 hours'` })
      .where(eq(invitations.customerId, expiredId));
    await sweepExpiredInvitees(db());
    expect(await db().select().from(customers).where(eq(customers.id, expiredId))).toHaveLength(1);
    await db()
      .update(invitations)
      .set({ expiresAt: sql`now() - interval '25 hours'` })
      .where(eq(invitations.customerId, expiredId));
    await sweepExpiredInvitees(db());
    expect(await db().select().from(customers).where(eq(customers.id, expiredId))).toEqual([]);
    // An existing customer who was invited is never removed.
    const real = uniqueEmail('echt');
    const customer = await createCustomer(db(), { email: real });
    await invite(demo.ben, { email: real });
    await db()
      .update(invitations)
      .set({ expiresAt: sql`now() - interval '30 days'` })
      .where(eq(invitations.customerId, customer.id));
    await sweepExpiredInvitees(db());
    expect(await db().select().from(customers).where(eq(customers.id, customer.id))).toHaveLength(
      1,
    );
  });

  describe('refuses, stores nothing and sends no mail', () => {
    const unchanged = async (email: string, attempt: () => Promise<void>) => {
      const [before] = await db().select({ n: count() }).from(memberships);
      const mailsBefore = (await mailsTo(email)).length;
      await attempt();
      const [after] = await db().select({ n: count() }).from(memberships);
      expect(after?.n).toBe(before?.n);
      expect((await mailsTo(email)).length).toBe(mailsBefore);
    };

    it('a shared mailbox (400 prohibited_alias)', async () => {
      const email = 'info@praxis-neu.example.com';
      await unchanged(email, async () => {
        const problem = expectProblem(await invite(demo.ben, { email }), 400, 'validation_failed');
        expect(problem.errors).toContainEqual({ field: 'body.email', code: 'prohibited_alias' });
      });
    });

    it('a member or pending invitee of the practice (409 already_member)', async () => {
      await unchanged(demo.clara, async () => {
        expectProblem(await invite(demo.ben, { email: demo.clara }), 409, 'already_member');
        expectProblem(
          await invite(demo.ben, { email: 'CLARA.WOLF@example.com' }),
          409,
          'already_member',
        );
      });
    });

    it('an admin inviting an admin (403), a location of another practice and bad input (400)', async () => {
      const email = uniqueEmail('admin');
      const markt = (
        await db().select().from(locations).where(eq(locations.companyId, practices.markt))
      )[0]!.id;
      await unchanged(email, async () => {
        expectProblem(await invite(demo.ben, { email, role: 'admin' }), 403, 'forbidden');
        expectProblem(
          await api.client.unchecked(calls.employeeInviteEmployee, {
            token: await token(demo.anna),
            body: { companyId: practices.sommer, email, role: 'superadmin' },
          }),
          400,
          'validation_failed',
        );
        const problem = expectProblem(
          await invite(demo.ben, { email, locationIds: [markt] }),
          400,
          'validation_failed',
        );
        expect(problem.errors).toEqual([{ field: 'body.locationIds.0', code: 'unknown_choice' }]);
        expectProblem(await invite(demo.ben, { email: 'kein-at' }), 400, 'validation_failed');
        expectProblem(
          await api.client.unchecked(calls.employeeInviteEmployee, {
            token: await token(demo.ben),
            body: { companyId: practices.sommer, email, salutation: 'KOENIG' },
          }),
          400,
          'validation_failed',
        );
      });
      // The superadmin may invite an admin.
      expect((await invite(demo.anna, { email, role: 'admin' })).statusCode).toBe(202);
    });

    it('past the mail limit for the address (429)', async () => {
      const practice = await createPractice(db(), {
        superadminId: await customerIdOf(db(), demo.david),
      });
      const email = uniqueEmail('viel');
      for (let i = 0; i < 5; i += 1) {
        await db()
          .insert(mailOutbox)
          .values({
            messageId: `<limit-${i}-${email}>`,
            recipient: email,
            language: 'de',
            template: 'invitation',
            subject: 's',
            textBody: 't',
            htmlBody: 'h',
          });
      }
      await unchanged(email, async () => {
        const answer = await api.client.employee.inviteEmployee({
          token: await token(demo.david),
          body: {
            companyId: practice.id,
            email,
          },
        });
        expectProblem(answer, 429, 'rate_limited');
      });
    });
  });
});
