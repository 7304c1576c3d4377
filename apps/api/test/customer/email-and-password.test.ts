import { randomBytes } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { calls, CustomerSchema, type CallDefinition } from '@pp/contract';
import { createAccount, findAccountByEmail } from '@pp/idp';
import { customers, emailChanges, mailOutbox } from '../../src/db/schema.ts';
import { expectIndistinguishable } from '../support/compare.ts';
import { useApi } from '../support/context.ts';
import { bearer, expectProblem } from '../support/expect-problem.ts';
import { createCustomer, uniqueEmail } from '../support/factories.ts';

const PASSWORD = 'Sicheres-Passwort-2026';

describe('e-mail change and password change (embedded provider)', () => {
  const api = useApi({ embeddedProvider: true });
  const db = () => api.db.database.db;

  /** A customer with an account at the embedded provider, as registration makes them. */
  async function person(name = 'person') {
    const email = uniqueEmail(name);
    const customer = await createCustomer(db(), { email });
    await createAccount(db(), { email, password: PASSWORD, emailVerified: true });
    return { customer, email, headers: bearer(await api.issuer.tokenFor(email)) };
  }
  const requestChange = (headers: Record<string, string>, newEmail: string) =>
    api.client.customer.updateEmail({ headers, query: { newEmail } });
  const verify = (headers: Record<string, string>, hash: string) =>
    api.client.customer.verifyEmail({ headers, query: { verifyHash: hash } });
  const mailsTo = (email: string) =>
    db()
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.recipient, email))
      .orderBy(mailOutbox.createdAt);
  const hashOf = (mail: { links: string[] }) =>
    new URL(mail.links[0]!).searchParams.get('hash') ?? '';

  it('sends a link to a free new address and a notice to the old one; nothing changes yet', async () => {
    const { customer, email, headers } = await person();
    const newEmail = uniqueEmail('neu');
    expect((await requestChange(headers, newEmail)).statusCode).toBe(202);
    const [toNew] = await mailsTo(newEmail);
    expect(toNew).toMatchObject({ template: 'email-verification' });
    expect(new URL(toNew!.links[0]!).pathname).toBe('/verify');
    expect((await mailsTo(email)).map((m) => m.template)).toEqual(['email-changed-notice']);
    const [row] = await db().select().from(customers).where(eq(customers.id, customer.id));
    expect(row?.email).toBe(email);
    const [stored] = await db()
      .select()
      .from(emailChanges)
      .where(eq(emailChanges.customerId, customer.id));
    expect(stored?.tokenHash).not.toBe(hashOf(toNew!));
  });

  it('answers a taken address exactly like a free one; only the mails differ', async () => {
    const taken = await person('vergeben');
    const asker = await person('frager');
    const takenAnswer = await requestChange(asker.headers, taken.email);
    const freeAnswer = await requestChange(asker.headers, uniqueEmail('frei'));
    expectIndistinguishable(takenAnswer, freeAnswer);
    expect((await mailsTo(taken.email)).map((m) => m.template)).toEqual(['email-in-use']);
  });

  it('treats an address that only an unconfirmed registration holds as free, and takes it over (issue 23)', async () => {
    const squatted = uniqueEmail('besetzt');
    await createAccount(db(), { email: squatted, password: 'Fremdes-Passwort-2026' });
    const { customer, headers } = await person('uebernahme');
    await requestChange(headers, squatted);
    const [toNew, ...others] = await mailsTo(squatted);
    expect(others).toEqual([]);
    expect(toNew).toMatchObject({ template: 'email-verification' });
    const answer = await verify(headers, hashOf(toNew!));
    expect(CustomerSchema.parse(answer.json()).email).toBe(squatted);
    const [row] = await db().select().from(customers).where(eq(customers.id, customer.id));
    expect(row?.email).toBe(squatted);
    expect(await findAccountByEmail(db(), squatted)).toMatchObject({ emailVerified: true });
  });

  it('switches the address in the customer and the identity with its own link, once', async () => {
    const { customer, email, headers } = await person();
    const newEmail = uniqueEmail('bestaetigt');
    await requestChange(headers, newEmail);
    const hash = hashOf((await mailsTo(newEmail))[0]!);
    const answer = await verify(headers, hash);
    expect(CustomerSchema.parse(answer.json()).email).toBe(newEmail);
    const [row] = await db().select().from(customers).where(eq(customers.id, customer.id));
    expect(row?.email).toBe(newEmail);
    expect(await findAccountByEmail(db(), newEmail)).toBeDefined();
    expect(await findAccountByEmail(db(), email)).toBeUndefined();
    expectProblem(await verify(headers, hash), 409, 'link_used');
  });

  it('refuses another customer’s link exactly like an unknown one, and an expired one', async () => {
    const owner = await person('inhaber');
    const other = await person('fremder');
    const newEmail = uniqueEmail('ziel');
    await requestChange(owner.headers, newEmail);
    const hash = hashOf((await mailsTo(newEmail))[0]!);
    const foreign = await verify(other.headers, hash);
    expectProblem(foreign, 404, 'link_invalid');
    expectIndistinguishable(
      foreign,
      await verify(other.headers, randomBytes(32).toString('base64url')),
    );
    await db()
      .update(emailChanges)
      .set({ expiresAt: sql`now() - interval '1 minute'` })
      .where(eq(emailChanges.customerId, owner.customer.id));
    expectProblem(await verify(owner.headers, hash), 410, 'link_expired');
  });

  it.each([
    ['a shared mailbox', 'info@praxis-neu.example.com', 'prohibited_alias'],
    ['a malformed address', 'kein-at', 'invalid_email'],
    ['the current address', null, 'unchanged'],
  ])('refuses %s with 400 and stores and sends nothing', async (_name, newEmail, code) => {
    const { customer, email, headers } = await person();
    const target = newEmail ?? email.toUpperCase();
    const problem = expectProblem(await requestChange(headers, target), 400, 'validation_failed');
    expect(problem.errors).toEqual([expect.objectContaining({ field: 'query.newEmail', code })]);
    expect(
      await db().select().from(emailChanges).where(eq(emailChanges.customerId, customer.id)),
    ).toEqual([]);
    expect(await mailsTo(email)).toEqual([]);
  });

  it('sends a password-reset link to the caller’s verified address', async () => {
    const { email, headers } = await person();
    const answer = await api.client.customer.changePassword({ headers });
    expect(answer.statusCode).toBe(202);
    const [mail] = await mailsTo(email);
    expect(mail?.template).toBe('password-reset');
    expect(new URL(mail!.links[0]!).pathname).toBe('/reset-password');
  });

  it('works within the mail limits and answers 429 past them without a mail', async () => {
    const { email, headers } = await person();
    const send = () => api.client.customer.changePassword({ headers });
    for (let i = 0; i < 5; i += 1) expect((await send()).statusCode).toBe(202);
    expectProblem(await send(), 429, 'rate_limited');
    expect(await mailsTo(email)).toHaveLength(5);
    const newEmail = uniqueEmail('zuviel');
    expectProblem(await requestChange(headers, newEmail), 429, 'rate_limited');
    expect(await mailsTo(newEmail)).toEqual([]);
    const changes = await db()
      .select()
      .from(emailChanges)
      .where(and(eq(emailChanges.newEmail, newEmail)));
    expect(changes).toEqual([]);
  });
});

describe('with an external identity provider', () => {
  const api = useApi();

  it.each<[string, CallDefinition, Record<string, string>]>([
    ['ChangePassword', calls.customerChangePassword, {}],
    ['UpdateEmail', calls.customerUpdateEmail, { newEmail: 'neu@example.com' }],
    ['VerifyEmail', calls.customerVerifyEmail, { verifyHash: 'a'.repeat(43) }],
  ])('%s answers 409 not_available', async (_name, call, query) => {
    const answer = await api.client.call(call, {
      token: await api.issuer.tokenFor('clara.wolf@example.com'),
      query,
    });
    expectProblem(answer, 409, 'not_available');
  });
});
