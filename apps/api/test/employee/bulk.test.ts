import { randomUUID } from 'node:crypto';
import { and, count, eq, inArray, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  BulkResultsSchema,
  calls,
  type BulkEmployeeAction,
  type InviteEmployees,
  type InvitationRow,
} from '@pp/contract';
import {
  auditLog,
  bulkRequests,
  invitations,
  locations,
  mailOutbox,
  memberships,
} from '../../src/db/schema.ts';
import { DEFAULT_RETENTION } from '../../src/lib/retention/periods.ts';
import { applyRetention } from '../../src/lib/retention/retention.ts';
import { MAIL_LIMITS } from '../../src/mail/quota.ts';
import { useApi } from '../support/context.ts';
import { isServerRun } from '../support/database.ts';
import { expectProblem } from '../support/expect-problem.ts';
import { createCustomer, createPractice, uniqueEmail } from '../support/factories.ts';

describe('bulk invitations and bulk actions (decision 0084)', () => {
  const api = useApi();
  const db = () => api.db.database.db;

  /** A practice of its own: superadmin Sara, admin Adam, members Mia and Max, invitee Ina. */
  async function team() {
    const email = {
      sara: uniqueEmail('sara'),
      adam: uniqueEmail('adam'),
      mia: uniqueEmail('mia'),
    };
    const sara = await createCustomer(db(), { email: email.sara });
    const practice = await createPractice(db(), { superadminId: sara.id });
    const at = (role: 'admin' | 'member', status: 'enabled' | 'invited' = 'enabled') => ({
      practices: [{ companyId: practice.id, role, status }],
    });
    const adam = await createCustomer(db(), { email: email.adam, ...at('admin') });
    const mia = await createCustomer(db(), { email: email.mia, ...at('member') });
    const max = await createCustomer(db(), at('member'));
    const as = (who: keyof typeof email) => api.issuer.tokenFor(email[who]);
    const inviteRows = async (who: keyof typeof email, body: Omit<InviteEmployees, 'companyId'>) =>
      api.client.employee.inviteEmployees({
        token: await as(who),
        body: { companyId: practice.id, ...body },
      });
    const act = async (who: keyof typeof email, body: Omit<BulkEmployeeAction, 'companyId'>) =>
      api.client.employee.applyBulkAction({
        token: await as(who),
        body: { companyId: practice.id, ...body },
      });
    const mails = async () =>
      (
        await db()
          .select({ n: count() })
          .from(mailOutbox)
          .where(eq(mailOutbox.companyId, practice.id))
      )[0]!.n;
    const status = async (customerId: string) =>
      (
        await db()
          .select({ status: memberships.status })
          .from(memberships)
          .where(
            and(eq(memberships.companyId, practice.id), eq(memberships.customerId, customerId)),
          )
      )[0]?.status;
    return { practice, email, as, sara, adam, mia, max, inviteRows, act, mails, status };
  }

  const results = (answer: { statusCode: number; json: () => unknown }) => {
    expect(answer.statusCode).toBe(200);
    return BulkResultsSchema.parse(answer.json());
  };
  const reasons = (answer: { statusCode: number; json: () => unknown }) =>
    results(answer).results.map((row) => row.reason ?? 'ok');

  it('a preview names every bad row and stores and sends nothing; sending invites the good ones', async () => {
    const t = await team();
    const invitedEarlier = uniqueEmail('offen');
    await t.inviteRows('sara', { rows: [{ email: invitedEarlier }], idempotencyKey: randomUUID() });
    const good = [uniqueEmail('neu'), uniqueEmail('neu')];
    const rows: InvitationRow[] = [
      { email: good[0]!, firstName: 'Lena', lastName: 'Neu' },
      { email: 'info@factory.example.com' },
      { email: t.email.mia },
      { email: invitedEarlier },
      { email: good[0]!.toUpperCase().replace('@FACTORY.EXAMPLE.COM', '@factory.example.com') },
      { email: good[1]!, role: 'admin' },
    ];
    const before = await t.mails();
    const preview = await t.inviteRows('adam', { rows, dryRun: true });
    const expected = [
      'ok',
      'prohibited_alias',
      'already_member',
      'already_invited',
      'duplicate',
      'role_not_allowed',
    ];
    expect(reasons(preview)).toEqual(expected);
    expect(await t.mails()).toBe(before);
    expect(await db().select().from(invitations).where(eq(invitations.email, good[0]!))).toEqual(
      [],
    );

    const sent = await t.inviteRows('adam', { rows, idempotencyKey: randomUUID() });
    expect(reasons(sent)).toEqual(expected);
    expect(await t.mails()).toBe(before + 1);
    expect(
      await db().select().from(invitations).where(eq(invitations.email, good[0]!)),
    ).toHaveLength(1);
  });

  it('a retry with the same key answers the stored results and sends nothing again', async () => {
    const t = await team();
    const key = randomUUID();
    const rows = [{ email: uniqueEmail('a') }, { email: uniqueEmail('b') }];
    const first = results(await t.inviteRows('sara', { rows, idempotencyKey: key }));
    expect(first.replayed).toBe(false);
    const mailsAfterFirst = await t.mails();
    const again = results(await t.inviteRows('sara', { rows, idempotencyKey: key }));
    expect(again).toEqual({ results: first.results, replayed: true });
    expect(await t.mails()).toBe(mailsAfterFirst);
    // The same key for another call is a mistake, refused without doing anything.
    expectProblem(
      await t.act('sara', { action: 'disable', customerIds: [t.mia.id], idempotencyKey: key }),
      409,
      'conflict',
    );
    expect(await t.status(t.mia.id)).toBe('enabled');
  });

  it('a key reused with another body is refused with 422 and does nothing (issue 41)', async () => {
    const t = await team();
    const key = randomUUID();
    const rows = [{ email: uniqueEmail('erst') }];
    const first = results(await t.inviteRows('sara', { rows, idempotencyKey: key }));
    const mails = await t.mails();
    const other = uniqueEmail('anders');
    expectProblem(
      await t.inviteRows('sara', { rows: [{ email: other }], idempotencyKey: key }),
      422,
      'idempotency_key_reused',
    );
    expectProblem(
      await t.inviteRows('sara', { rows: [...rows, { email: other }], idempotencyKey: key }),
      422,
      'idempotency_key_reused',
    );
    expect(await t.mails()).toBe(mails);
    expect(await db().select().from(invitations).where(eq(invitations.email, other))).toEqual([]);
    // The same body, its fields in another order and the address in capitals, is a retry.
    const retry = await api.client.employee.inviteEmployees({
      token: await t.as('sara'),
      body: {
        idempotencyKey: key,
        rows: [{ email: rows[0]!.email.toUpperCase() }],
        companyId: t.practice.id,
      },
    });
    expect(results(retry)).toEqual({ results: first.results, replayed: true });

    const actionKey = randomUUID();
    const disable = { action: 'disable' as const, idempotencyKey: actionKey };
    expect(reasons(await t.act('sara', { ...disable, customerIds: [t.mia.id] }))).toEqual(['ok']);
    expectProblem(
      await t.act('sara', { ...disable, customerIds: [t.max.id] }),
      422,
      'idempotency_key_reused',
    );
    expectProblem(
      await t.act('sara', { action: 'enable', customerIds: [t.mia.id], idempotencyKey: actionKey }),
      422,
      'idempotency_key_reused',
    );
    expect(await t.status(t.max.id)).toBe('enabled');
    expect(await t.status(t.mia.id)).toBe('disabled');
    expect(
      await db().select().from(bulkRequests).where(eq(bulkRequests.companyId, t.practice.id)),
    ).toHaveLength(2);
  });

  it('a batch a mail limit stopped half-way says so per row and, retried, sends no row twice', async () => {
    const t = await team();
    const limit = MAIL_LIMITS.account.hour;
    const rows = Array.from({ length: limit + 3 }, () => ({ email: uniqueEmail('viele') }));
    const key = randomUUID();
    const first = reasons(await t.inviteRows('sara', { rows, idempotencyKey: key }));
    expect(first.filter((r) => r === 'ok')).toHaveLength(limit);
    expect(first.slice(limit)).toEqual(['rate_limited', 'rate_limited', 'rate_limited']);
    const mails = await t.mails();
    expect(mails).toBe(limit);
    expect(reasons(await t.inviteRows('sara', { rows, idempotencyKey: key }))).toEqual(first);
    expect(await t.mails()).toBe(mails);
    // A new key for the same list: the sent rows are now invited, the rest still over the limit.
    const retried = reasons(await t.inviteRows('sara', { rows, idempotencyKey: randomUUID() }));
    expect(retried.slice(0, limit).every((r) => r === 'already_invited')).toBe(true);
    expect(await t.mails()).toBe(mails);
  });

  it('invitations to one mailbox under many +tags count as one recipient (issue 41)', async () => {
    const t = await team();
    const mailbox = uniqueEmail('fremd');
    const tagged = (tag: number) => mailbox.replace('@', `+${tag}@`);
    const limit = MAIL_LIMITS.recipient.hour;
    const rows = Array.from({ length: limit + 2 }, (_, i) => ({ email: tagged(i) }));
    const sent = reasons(await t.inviteRows('sara', { rows, idempotencyKey: randomUUID() }));
    expect(sent).toEqual([...rows.slice(0, limit).map(() => 'ok'), 'rate_limited', 'rate_limited']);
    expect(await t.mails()).toBe(limit);
    // The untagged address is the same mailbox: refused, and nothing is stored or sent.
    expectProblem(
      await api.client.employee.inviteEmployee({
        token: await t.as('adam'),
        body: { companyId: t.practice.id, email: mailbox },
      }),
      429,
      'rate_limited',
    );
    expect(await t.mails()).toBe(limit);
    expect(await db().select().from(invitations).where(eq(invitations.email, mailbox))).toEqual([]);
  });

  it(`a practice sends at most ${MAIL_LIMITS.invitationDomain.hour} invitations an hour to one domain, from all its admins`, async () => {
    const t = await team();
    const cap = MAIL_LIMITS.invitationDomain.hour;
    const domain = `praxis-${randomUUID().slice(0, 8)}.example.org`;
    const at = (name: string, host = domain) => `${name}-${randomUUID().slice(0, 8)}@${host}`;
    const byAdam = 11;
    const rows = (n: number) => Array.from({ length: n }, () => ({ email: at('team') }));
    const sara = reasons(
      await t.inviteRows('sara', { rows: rows(cap - byAdam + 1), idempotencyKey: randomUUID() }),
    );
    expect(sara.every((reason) => reason === 'ok')).toBe(true);
    const adam = reasons(
      await t.inviteRows('adam', { rows: rows(byAdam), idempotencyKey: randomUUID() }),
    );
    expect(adam).toEqual([...Array.from({ length: byAdam - 1 }, () => 'ok'), 'rate_limited']);
    expect(await t.mails()).toBe(cap);
    const single = async (email: string) =>
      api.client.employee.inviteEmployee({
        token: await t.as('adam'),
        body: { companyId: t.practice.id, email },
      });
    const refused = at('einzeln');
    expectProblem(await single(refused), 429, 'rate_limited');
    expect(await db().select().from(invitations).where(eq(invitations.email, refused))).toEqual([]);
    expect((await single(at('privat', 'example.net'))).statusCode).toBe(202);
    expect(await t.mails()).toBe(cap + 1);
  });

  it('a request that failed half-way stored nothing: retried with its key, it sends every row once', async () => {
    const t = await team();
    const boom = uniqueEmail('boom');
    // A fault the api does not expect, after the first rows were written: the request fails.
    await db().execute(
      sql.raw(`create function refuse_boom() returns trigger language plpgsql as $$
        begin
          if new.email = '${boom}' then raise exception 'simulated fault'; end if;
          return new;
        end $$`),
    );
    await db().execute(
      sql.raw(`create trigger refuse_boom before insert on invitations
        for each row execute function refuse_boom()`),
    );
    const rows = [{ email: uniqueEmail('vor') }, { email: boom }, { email: uniqueEmail('nach') }];
    const key = randomUUID();
    const failed = await t.inviteRows('sara', { rows, idempotencyKey: key });
    expect(failed.statusCode).toBe(500);
    expect(await t.mails()).toBe(0);
    await db().execute(sql`drop trigger refuse_boom on invitations`);
    await db().execute(sql`drop function refuse_boom()`);
    expect(reasons(await t.inviteRows('sara', { rows, idempotencyKey: key }))).toEqual([
      'ok',
      'ok',
      'ok',
    ]);
    expect(reasons(await t.inviteRows('sara', { rows, idempotencyKey: key }))).toEqual([
      'ok',
      'ok',
      'ok',
    ]);
    expect(await t.mails()).toBe(3);
  });

  it('a stored answer goes with housekeeping after a day', async () => {
    const t = await team();
    const [old, fresh] = [randomUUID(), randomUUID()];
    for (const key of [old, fresh]) {
      await t.inviteRows('sara', { rows: [{ email: uniqueEmail('alt') }], idempotencyKey: key });
    }
    await db()
      .update(bulkRequests)
      .set({ createdAt: sql`now() - interval '25 hours'` })
      .where(eq(bulkRequests.idempotencyKey, old));
    await applyRetention(db(), DEFAULT_RETENTION);
    const left = await db()
      .select({ key: bulkRequests.idempotencyKey })
      .from(bulkRequests)
      .where(eq(bulkRequests.companyId, t.practice.id));
    expect(left).toEqual([{ key: fresh }]);
  });

  it('bad input is 400 with field errors per row, and stores nothing', async () => {
    const t = await team();
    const foreign = await createPractice(db());
    const before = await t.mails();
    const bad = await api.client.unchecked(calls.employeeInviteEmployees, {
      token: await t.as('sara'),
      body: {
        companyId: t.practice.id,
        rows: [
          { email: uniqueEmail('gut') },
          { email: 'kein-at' },
          { email: uniqueEmail('x'), role: 'superadmin' },
        ],
        idempotencyKey: randomUUID(),
      },
    });
    expectProblem(bad, 400, 'validation_failed');
    const fields = (bad.json() as { errors: { field: string }[] }).errors.map((e) => e.field);
    expect(fields).toEqual(expect.arrayContaining(['body.rows.1.email', 'body.rows.2.role']));
    const [elsewhere] = await db()
      .insert(locations)
      .values({
        companyId: foreign.id,
        name: 'Anderswo',
        street: 'Weg 3',
        postalCode: '10115',
        city: 'Berlin',
      })
      .returning();
    const foreignLocation = await t.inviteRows('sara', {
      rows: [
        { email: uniqueEmail('ort') },
        { email: uniqueEmail('ort'), locationIds: [elsewhere!.id] },
      ],
      idempotencyKey: randomUUID(),
    });
    expectProblem(foreignLocation, 400, 'validation_failed');
    expect(foreignLocation.json()).toMatchObject({
      errors: [{ field: 'body.rows.1.locationIds.0', code: 'unknown_choice' }],
    });
    expectProblem(
      await t.inviteRows('sara', { rows: [{ email: uniqueEmail('ohne') }] }),
      400,
      'validation_failed',
    );
    expectProblem(
      await t.inviteRows('sara', {
        rows: Array.from({ length: 201 }, () => ({ email: uniqueEmail('zu') })),
        idempotencyKey: randomUUID(),
      }),
      400,
      'validation_failed',
    );
    expect(await t.mails()).toBe(before);
    expect(
      await db().select().from(bulkRequests).where(eq(bulkRequests.companyId, t.practice.id)),
    ).toEqual([]);
  });

  it('bulk disable keeps the single rules: nobody themself or the superadmin, only the superadmin an admin', async () => {
    const t = await team();
    const answer = await t.act('adam', {
      action: 'disable',
      customerIds: [t.mia.id, t.adam.id, t.sara.id, t.max.id, t.mia.id, randomUUID()],
      idempotencyKey: randomUUID(),
    });
    expect(reasons(answer)).toEqual([
      'ok',
      'forbidden',
      'forbidden',
      'ok',
      'duplicate',
      'not_found',
    ]);
    expect(await t.status(t.mia.id)).toBe('disabled');
    expect(await t.status(t.max.id)).toBe('disabled');
    expect(await t.status(t.adam.id)).toBe('enabled');
    expect(await t.status(t.sara.id)).toBe('enabled');
    const entries = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.companyId, t.practice.id), eq(auditLog.action, 'employee.disabled')));
    expect(entries.map((e) => e.entityId).sort()).toEqual([t.mia.id, t.max.id].sort());

    expect(
      reasons(
        await t.act('sara', {
          action: 'enable',
          customerIds: [t.mia.id, t.max.id],
          idempotencyKey: randomUUID(),
        }),
      ),
    ).toEqual(['ok', 'ok']);
    expect(await t.status(t.mia.id)).toBe('enabled');
  });

  it('bulk resend and revoke act on open invitations only, once per key', async () => {
    const t = await team();
    const emails = [uniqueEmail('r1'), uniqueEmail('r2')];
    await t.inviteRows('sara', {
      rows: emails.map((email) => ({ email })),
      idempotencyKey: randomUUID(),
    });
    const invitees = await db()
      .select({ id: invitations.customerId })
      .from(invitations)
      .where(inArray(invitations.email, emails));
    const ids = invitees.map((row) => row.id);
    const before = await t.mails();
    const key = randomUUID();
    // An active member has no open invitation, said as such (issue 43); nobody of the practice
    // is not found.
    const resend = {
      action: 'resendInvitation' as const,
      customerIds: [...ids, t.mia.id, randomUUID()],
      idempotencyKey: key,
    };
    expect(reasons(await t.act('adam', resend))).toEqual(['ok', 'ok', 'not_invited', 'not_found']);
    expect(await t.mails()).toBe(before + 2);
    expect(results(await t.act('adam', resend)).replayed).toBe(true);
    expect(await t.mails()).toBe(before + 2);

    expect(
      reasons(
        await t.act('adam', {
          action: 'revokeInvitation',
          customerIds: ids,
          idempotencyKey: randomUUID(),
        }),
      ),
    ).toEqual(['ok', 'ok']);
    expect(
      await db().select().from(memberships).where(inArray(memberships.customerId, ids)),
    ).toEqual([]);
  });

  // Two practices invite the same new people in one bulk each, in opposite order: each holds the
  // people it made in its earlier rows until it commits, so each waits for the other's.
  it.runIf(isServerRun())(
    'two practices inviting the same new people in opposite order both succeed (server)',
    async () => {
      const [first, second] = await Promise.all([team(), team()]);
      const addresses = Array.from({ length: 6 }, (_, i) => uniqueEmail(`beide${i}`));
      const bulk = async (t: typeof first, emails: string[]) =>
        api.client.employee.inviteEmployees({
          token: await t.as('sara'),
          body: {
            companyId: t.practice.id,
            rows: emails.map((email) => ({ email })),
            idempotencyKey: randomUUID(),
          },
        });
      const answers = await Promise.all([
        bulk(first, addresses),
        bulk(second, [...addresses].reverse()),
      ]);
      for (const answer of answers) {
        expect(answer.statusCode).toBe(200);
        expect(results(answer).results.map((row) => row.outcome)).toEqual(
          addresses.map(() => 'ok'),
        );
      }
      const invited = await db()
        .select({ n: count() })
        .from(invitations)
        .where(inArray(invitations.email, addresses));
      expect(invited[0]?.n).toBe(2 * addresses.length);
    },
  );

  it('a member is refused both calls, and nothing is stored or sent', async () => {
    const t = await team();
    const token = await api.issuer.tokenFor(t.email.mia);
    const before = await t.mails();
    expectProblem(
      await api.client.employee.inviteEmployees({
        token,
        body: {
          companyId: t.practice.id,
          rows: [{ email: uniqueEmail('m') }],
          idempotencyKey: randomUUID(),
        },
      }),
      403,
      'forbidden',
    );
    expectProblem(
      await api.client.employee.applyBulkAction({
        token,
        body: {
          companyId: t.practice.id,
          action: 'disable',
          customerIds: [t.max.id],
          idempotencyKey: randomUUID(),
        },
      }),
      403,
      'forbidden',
    );
    expect(await t.mails()).toBe(before);
    expect(await t.status(t.max.id)).toBe('enabled');
    expect(
      await db().select().from(bulkRequests).where(eq(bulkRequests.companyId, t.practice.id)),
    ).toEqual([]);
  });
});

describe('the per-account write limit (decision 0050) counts a bulk request once', () => {
  const api = useApi({ env: { ACCOUNT_WRITES_PER_HOUR: '2' } });
  const db = () => api.db.database.db;

  it('two requests of ten rows each pass a limit of two writes; the third is refused and sends nothing', async () => {
    const email = uniqueEmail('limit');
    const owner = await createCustomer(db(), { email });
    const practice = await createPractice(db(), { superadminId: owner.id });
    const send = async () =>
      api.client.employee.inviteEmployees({
        token: await api.issuer.tokenFor(email),
        body: {
          companyId: practice.id,
          rows: Array.from({ length: 10 }, () => ({ email: uniqueEmail('zehn') })),
          idempotencyKey: randomUUID(),
        },
      });
    expect((await send()).statusCode).toBe(200);
    expect((await send()).statusCode).toBe(200);
    expectProblem(await send(), 429, 'rate_limited');
    const [mails] = await db()
      .select({ n: count() })
      .from(mailOutbox)
      .where(eq(mailOutbox.companyId, practice.id));
    expect(mails!.n).toBe(20);
  });
});
