import { Writable } from 'node:stream';
import { and, eq, or } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CompanyVm, Customer } from '@pp/contract';
import { createAccount, idpSchema } from '@pp/idp';
import { buildApp } from '../../src/app.ts';
import {
  auditLog,
  companies,
  customers,
  invitations,
  mailOutbox,
  memberships,
} from '../../src/db/schema.ts';
import { createApiClient, type ApiClient } from '../support/client.ts';
import { expectSessionEnded } from '../support/ended-session.ts';
import { expectProblem } from '../support/expect-problem.ts';
import {
  createCustomer,
  createPractice,
  uniqueEmail,
  type CustomerInput,
} from '../support/factories.ts';
import { useEmbeddedProvider } from '../identity/support/provider.ts';
import { refresh, signIn, submitSignIn } from '../identity/support/sign-in.ts';

const PASSWORD = 'Loeschen-Portal-2026';

/**
 * `Customer/DeleteAccount` against the embedded provider's real accounts and sessions (decision
 * 0078): the api and the provider on one database, as `main.ts` runs them.
 */
describe('deleting one’s account', () => {
  const provider = useEmbeddedProvider();
  let app: FastifyInstance;
  let client: ApiClient;
  beforeAll(async () => {
    const logStream = new Writable({ write: (_chunk, _encoding, callback) => callback() });
    app = await buildApp({
      config: provider.config,
      database: provider.database.database,
      logStream,
    });
    await app.ready();
    client = createApiClient(app);
  });
  afterAll(() => app?.close());
  const db = () => provider.database.database.db;

  /** A person with a provider account, members of the practices given, signed in once. */
  async function person(practices: CustomerInput['practices'] = []) {
    const email = uniqueEmail('loeschen');
    await createAccount(db(), { email, password: PASSWORD, emailVerified: true });
    const customer = await createCustomer(db(), { email, practices });
    const tokens = await signIn(provider, email, PASSWORD);
    // The first call links the identity (an audit entry of its own), before anything is counted.
    const linked = await client.customer.getCustomerData({ token: tokens.access_token });
    expect(linked.statusCode).toBe(200);
    return { email, customer, tokens };
  }
  /** How many audit entries and mails there are: a refusal adds none. */
  const stored = async () => ({
    audit: (await db().select({ id: auditLog.id }).from(auditLog)).length,
    mails: (await db().select({ id: mailOutbox.id }).from(mailOutbox)).length,
  });
  /** Whether the customer's data says the practice may go with the account. */
  const offered = async (token: string, companyId: string) => {
    const answer = await client.customer.getCustomerData({ token });
    const vms: CompanyVm[] = answer.json<Customer>().associatedCompanies.companyVms;
    return vms.find((vm) => vm.companyId === companyId)?.mayDeleteWithAccount;
  };
  const customerExists = async (id: string) =>
    (await db().select().from(customers).where(eq(customers.id, id))).length === 1;
  const deletionMails = (email: string) =>
    db()
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.recipient, email), eq(mailOutbox.template, 'account-deleted')));

  it('deletes the account: sessions everywhere, sign-in, memberships, and pseudonymises the audit', async () => {
    const practice = await createPractice(db());
    const me = await person([{ companyId: practice.id, role: 'admin' }]);
    const elsewhere = await signIn(provider, me.email, PASSWORD);
    // Something to pseudonymise: a change of the person's own data.
    const update = await client.customer.updateCustomerData({
      token: me.tokens.access_token,
      body: { phone: '+49 30 1234567' },
    });
    expect(update.statusCode).toBe(200);

    const answer = await client.customer.deleteAccount({
      token: me.tokens.access_token,
      body: { password: PASSWORD },
    });
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({
      status: 'deleted',
      providerAccountClosed: true,
      providerAccountUrl: null,
    });

    expect(await customerExists(me.customer.id)).toBe(false);
    const accounts = await db()
      .select()
      .from(idpSchema.idpAccounts)
      .where(eq(idpSchema.idpAccounts.email, me.email));
    expect(accounts).toEqual([]);
    // Both sessions end at once: neither renews its tokens.
    expect((await refresh(provider, me.tokens.refresh_token)).status).not.toBe(200);
    expect((await refresh(provider, elsewhere.refresh_token)).status).not.toBe(200);
    // The other browser's access token is refused (its session is listed as ended), and makes
    // no new customer.
    await expectSessionEnded(() =>
      client.customer.getCustomerData({ token: elsewhere.access_token }),
    );
    expect(await db().select().from(customers).where(eq(customers.email, me.email))).toEqual([]);
    // The address signs in no more.
    const again = await submitSignIn(provider, provider.browser(), me.email, PASSWORD);
    expect(again.code).toBeUndefined();
    // The practice's admin sees the membership ended: no row of the person is left.
    const left = await db()
      .select()
      .from(memberships)
      .where(eq(memberships.companyId, practice.id));
    expect(left.map((row) => row.customerId)).toEqual([practice.superadminId]);
    // The audit keeps the practice's record under a pseudonym, never the person's id.
    const mine = await db()
      .select()
      .from(auditLog)
      .where(
        or(eq(auditLog.actorCustomerId, me.customer.id), eq(auditLog.entityId, me.customer.id)),
      );
    expect(mine).toEqual([]);
    const [ended] = await db()
      .select()
      .from(auditLog)
      .where(
        and(eq(auditLog.companyId, practice.id), eq(auditLog.action, 'employee.account_deleted')),
      );
    expect(ended?.actorCustomerId).toBeTruthy();
    const [updated] = await db()
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.action, 'customer.updated'),
          eq(auditLog.actorCustomerId, ended!.actorCustomerId!),
        ),
      );
    expect(updated).toBeDefined();
    // One mail to the old address confirms it, in the person's language.
    const mails = await deletionMails(me.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toBe('Ihr Konto im Praxisportal wurde gelöscht');
  });

  it('refuses a wrong password and changes nothing', async () => {
    const me = await person();
    const before = await stored();
    const answer = await client.customer.deleteAccount({
      token: me.tokens.access_token,
      body: { password: 'falsch-falsch-1' },
    });
    expect(await stored()).toEqual(before);
    expectProblem(answer, 403, 'confirmation_failed');
    expect(await customerExists(me.customer.id)).toBe(true);
    expect(await deletionMails(me.email)).toEqual([]);
    expect((await refresh(provider, me.tokens.refresh_token)).status).toBe(200);
  });

  it('asks for the password with a field error', async () => {
    const me = await person();
    const answer = await client.customer.deleteAccount({ token: me.tokens.access_token, body: {} });
    expectProblem(answer, 400, 'validation_failed');
    expect(answer.json().errors).toEqual([{ field: 'body.password', code: 'required' }]);
    expect(await customerExists(me.customer.id)).toBe(true);
  });

  it('refuses the only superadmin of a practice with other members until the hand-over', async () => {
    const me = await person();
    const practice = await createPractice(db(), { superadminId: me.customer.id });
    const admin = await createCustomer(db(), {
      practices: [{ companyId: practice.id, role: 'admin' }],
    });
    // The portal offers no deletion of it (issue 43): the practice has other members.
    expect(await offered(me.tokens.access_token, practice.id)).toBe(false);
    const before = await stored();
    const refused = await client.customer.deleteAccount({
      token: me.tokens.access_token,
      body: { password: PASSWORD },
    });
    expectProblem(refused, 409, 'hand_over_required');
    expect(await stored()).toEqual(before);
    expect(await customerExists(me.customer.id)).toBe(true);
    expect(await deletionMails(me.email)).toEqual([]);
    // Naming the practice does not delete the other members' practice either.
    const named = await client.customer.deleteAccount({
      token: me.tokens.access_token,
      body: { password: PASSWORD, deletePractices: [practice.id] },
    });
    expectProblem(named, 409, 'hand_over_required');

    const handOver = await client.employee.transferSuperadmin({
      token: me.tokens.access_token,
      body: { companyId: practice.id, customerId: admin.id },
    });
    expect(handOver.statusCode).toBe(200);
    const deleted = await client.customer.deleteAccount({
      token: me.tokens.access_token,
      body: { password: PASSWORD },
    });
    expect(deleted.statusCode).toBe(200);
    const [superadmin] = await db()
      .select()
      .from(memberships)
      .where(and(eq(memberships.companyId, practice.id), eq(memberships.role, 'superadmin')));
    expect(superadmin?.customerId).toBe(admin.id);
  });

  it('deletes the practice of its only member only when the request names it', async () => {
    const me = await person();
    const practice = await createPractice(db(), { superadminId: me.customer.id });
    expect(await offered(me.tokens.access_token, practice.id)).toBe(true);
    const unnamed = await client.customer.deleteAccount({
      token: me.tokens.access_token,
      body: { password: PASSWORD },
    });
    expectProblem(unnamed, 409, 'practice_deletion_required');
    const foreign = await createPractice(db());
    const wrong = await client.customer.deleteAccount({
      token: me.tokens.access_token,
      body: { password: PASSWORD, deletePractices: [practice.id, foreign.id] },
    });
    expectProblem(wrong, 403, 'forbidden');
    expect(await customerExists(me.customer.id)).toBe(true);

    const answer = await client.customer.deleteAccount({
      token: me.tokens.access_token,
      body: { password: PASSWORD, deletePractices: [practice.id] },
    });
    expect(answer.statusCode).toBe(200);
    expect(await db().select().from(companies).where(eq(companies.id, practice.id))).toEqual([]);
    expect(await db().select().from(companies).where(eq(companies.id, foreign.id))).toHaveLength(1);
    const [mail] = await deletionMails(me.email);
    expect(mail?.textBody).toContain(practice.name);
  });

  it('revokes the invitations to the person', async () => {
    const inviting = await createPractice(db());
    const me = await person();
    const inviter = await createCustomer(db(), {
      practices: [{ companyId: inviting.id, role: 'admin' }],
    });
    await db()
      .insert(memberships)
      .values({ customerId: me.customer.id, companyId: inviting.id, status: 'invited' });
    await db()
      .insert(invitations)
      .values({
        companyId: inviting.id,
        customerId: me.customer.id,
        invitedBy: inviter.id,
        email: me.email,
        tokenHash: `hash-${me.customer.id}`,
        expiresAt: new Date(Date.now() + 86_400_000),
      });
    const answer = await client.customer.deleteAccount({
      token: me.tokens.access_token,
      body: { password: PASSWORD },
    });
    expect(answer.statusCode).toBe(200);
    expect(
      await db().select().from(invitations).where(eq(invitations.customerId, me.customer.id)),
    ).toEqual([]);
  });
});
