import { and, eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createAccount } from '@pp/idp';
import { customers, invitations, memberships } from '../../src/db/schema.ts';
import { useApi } from '../support/context.ts';
import { isServerRun } from '../support/database.ts';
import { createCustomer, createPractice, uniqueEmail } from '../support/factories.ts';

const PASSWORD = 'Loeschen-Rennen-2026';

/**
 * An account deleted while a hand-over of the superadmin role or an invitation of its address is
 * under way (issue 26). Another session holds what both need (the practice's lock, the person's
 * row); the two requests queue behind it in a known order and go on when it commits. Whichever
 * comes first, the other sees its result: a practice keeps exactly one superadmin, and nothing
 * of the deleted person is left, nor an invitation that points at nobody.
 */
// PGlite runs one statement at a time, so nothing there is concurrent: the race needs a server.
describe.runIf(isServerRun())('DeleteAccount during a hand-over or an invitation', () => {
  const api = useApi({ embeddedProvider: true, env: { ACCOUNT_WRITES_PER_HOUR: '1000' } });
  const db = () => api.db.database.db;
  let other: pg.Client;
  beforeEach(async () => {
    other = new pg.Client({ connectionString: api.db.url });
    await other.connect();
  });
  afterEach(async () => {
    await other.end();
  });

  async function person() {
    const email = uniqueEmail('rennen');
    await createAccount(db(), { email, password: PASSWORD, emailVerified: true });
    const customer = await createCustomer(db(), { email });
    const token = await api.issuer.tokenFor(email);
    // The first call links the identity: done here, so that the raced calls only race.
    expect((await api.client.customer.getCustomerData({ token })).statusCode).toBe(200);
    return { email, customer, token };
  }

  /**
   * Sessions of this database waiting for a lock, read outside the holding transaction (a
   * transaction sees pg_stat_activity as it was at its first look).
   */
  async function waiting(): Promise<number> {
    const [row] = await db()
      .select({ n: sql<number>`count(*)::int` })
      .from(sql`pg_stat_activity`)
      .where(sql`datname = current_database() and wait_event_type = 'Lock'`);
    return row?.n ?? 0;
  }

  /**
   * Starts `first`, then `second` once `first` waits (a deletion checks the password first, which
   * takes a moment on a busy machine: the polls wait for the lock, not for a time) for what `other` holds, and lets both go
   * once `second` waits too: they run in this order.
   */
  async function inOrder<A, B>(
    hold: string,
    params: unknown[],
    first: () => Promise<A>,
    second: () => Promise<B>,
  ) {
    await other.query('begin');
    await other.query(hold, params);
    const a = first();
    await expect.poll(waiting, { timeout: 20_000 }).toBe(1);
    const b = second();
    await expect.poll(waiting, { timeout: 20_000 }).toBe(2);
    await other.query('commit');
    return Promise.all([a, b]);
  }

  const holdPractice = 'select pg_advisory_xact_lock(hashtext($1))';

  async function superadminsOf(companyId: string) {
    return db()
      .select({ customerId: memberships.customerId })
      .from(memberships)
      .where(and(eq(memberships.companyId, companyId), eq(memberships.role, 'superadmin')));
  }
  const exists = async (id: string) =>
    (await db().select().from(customers).where(eq(customers.id, id))).length === 1;

  it.each(['hand-over first', 'deletion first'] as const)(
    'the superadmin hands the role over and deletes the account at once: %s',
    async (order) => {
      const me = await person();
      const practice = await createPractice(db(), { superadminId: me.customer.id });
      const admin = await createCustomer(db(), {
        practices: [{ companyId: practice.id, role: 'admin' }],
      });
      const handOver = () =>
        api.client.employee.transferSuperadmin({
          token: me.token,
          body: { companyId: practice.id, customerId: admin.id },
        });
      const deletion = () =>
        api.client.customer.deleteAccount({ token: me.token, body: { password: PASSWORD } });
      const lock = [`practice:${practice.id}`];
      if (order === 'hand-over first') {
        const [transferred, deleted] = await inOrder(holdPractice, lock, handOver, deletion);
        expect(transferred.statusCode).toBe(200);
        expect(deleted.statusCode).toBe(200);
        expect(await exists(me.customer.id)).toBe(false);
      } else {
        const [deleted, transferred] = await inOrder(holdPractice, lock, deletion, handOver);
        expect(deleted.statusCode, deleted.body).toBe(409);
        expect(deleted.json().code).toBe('hand_over_required');
        expect(transferred.statusCode).toBe(200);
        expect(await exists(me.customer.id)).toBe(true);
      }
      expect(await superadminsOf(practice.id)).toEqual([{ customerId: admin.id }]);
    },
  );

  it.each(['hand-over first', 'deletion first'] as const)(
    'the role is handed to a person who deletes the account at once: %s',
    async (order) => {
      const owner = await person();
      const practice = await createPractice(db(), { superadminId: owner.customer.id });
      const me = await person();
      await db()
        .insert(memberships)
        .values({ customerId: me.customer.id, companyId: practice.id, role: 'admin' });
      const handOver = () =>
        api.client.employee.transferSuperadmin({
          token: owner.token,
          body: { companyId: practice.id, customerId: me.customer.id },
        });
      const deletion = () =>
        api.client.customer.deleteAccount({ token: me.token, body: { password: PASSWORD } });
      const lock = [`practice:${practice.id}`];
      if (order === 'hand-over first') {
        const [transferred, deleted] = await inOrder(holdPractice, lock, handOver, deletion);
        expect(transferred.statusCode).toBe(200);
        expect(deleted.statusCode).toBe(409);
        expect(deleted.json().code).toBe('hand_over_required');
        expect(await superadminsOf(practice.id)).toEqual([{ customerId: me.customer.id }]);
      } else {
        const [deleted, transferred] = await inOrder(holdPractice, lock, deletion, handOver);
        expect(deleted.statusCode).toBe(200);
        expect(transferred.statusCode).toBe(404);
        expect(await exists(me.customer.id)).toBe(false);
        expect(await superadminsOf(practice.id)).toEqual([{ customerId: owner.customer.id }]);
      }
    },
  );

  it.each(['invitation first', 'deletion first'] as const)(
    'an admin invites the address of an account being deleted: %s',
    async (order) => {
      const me = await person();
      const practice = await createPractice(db());
      const admin = await createCustomer(db(), {
        email: uniqueEmail('einladend'),
        practices: [{ companyId: practice.id, role: 'admin' }],
      });
      const adminToken = await api.issuer.tokenFor(admin.email);
      const invite = () =>
        api.client.employee.inviteEmployee({
          token: adminToken,
          body: { companyId: practice.id, email: me.email },
        });
      const deletion = () =>
        api.client.customer.deleteAccount({ token: me.token, body: { password: PASSWORD } });
      // Both need the person's row: the invitation to read it, the deletion to remove it.
      const holdRow = 'select id from customers where id = $1 for update';
      const [invited, deleted] =
        order === 'invitation first'
          ? await inOrder(holdRow, [me.customer.id], invite, deletion)
          : await inOrder(holdRow, [me.customer.id], deletion, invite).then(
              ([d, i]) => [i, d] as const,
            );
      expect(invited.statusCode, invited.body).toBe(202);
      expect(deleted.statusCode, deleted.body).toBe(200);
      expect(await exists(me.customer.id)).toBe(false);
      const [holder] = await db().select().from(customers).where(eq(customers.email, me.email));
      const invitedRows = await db()
        .select()
        .from(invitations)
        .where(eq(invitations.companyId, practice.id));
      if (order === 'invitation first') {
        // The invitation went to the person, and went with the account.
        expect(holder).toBeUndefined();
        expect(invitedRows).toEqual([]);
      } else {
        // The address was free again: the invitation made a new invitee of it.
        expect(holder).toMatchObject({ invitationOnly: true });
        expect(invitedRows.map((row) => row.customerId)).toEqual([holder?.id]);
      }
      const [membership] = await db()
        .select()
        .from(memberships)
        .where(and(eq(memberships.companyId, practice.id), eq(memberships.status, 'invited')));
      expect(membership?.customerId).toBe(holder?.id);
    },
  );
});
