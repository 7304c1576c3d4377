import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { calls, type CallAccess, type CallDefinition } from '@pp/contract';
import { auditLog, companies } from '../../src/db/schema.ts';
import { useApi } from '../support/context.ts';
import { expectProblem } from '../support/expect-problem.ts';
import type { MintOptions } from '../support/issuer.ts';
import { randomClientAddress } from '../rate-limit/limits.ts';
import { ROWS, type MatrixRequest } from './rows.ts';
import { createWorld, type Caller } from './world.ts';

// Decision 0069: a practice that requires a second factor refuses every call on its data to a
// token without one, by the declaration of the call (plugins/authorization.ts), so a new call
// cannot forget it. The calls come from the contract, not from a list of this test.

const operationId = (call: CallDefinition) => call.path.slice(1).replace(/[^A-Za-z0-9]+/g, '_');
const OPERATIONS = Object.values(calls).map((call) => [operationId(call), call] as const);
const PRACTICE_OPERATIONS = OPERATIONS.filter(([, call]) => typeof call.access === 'object');
const OTHER_OPERATIONS = OPERATIONS.filter(
  ([, call]) => typeof call.access !== 'object' && call.access !== 'anyone',
);
/** The calls that stay open without a second factor: they only let the person out (0069). */
const EXEMPT = new Set(['Employee_LeavePractice']);

/** The embedded provider's claims (issue 25's contract): password only, and with a code. */
const PASSWORD: MintOptions = { amr: ['pwd'], acr: 'urn:practice-portal:acr:pwd' };
const WITH_CODE: MintOptions = { amr: ['pwd', 'otp', 'mfa'], acr: 'urn:practice-portal:acr:mfa' };

const isSecondFactorRefusal = (answer: LightMyRequestResponse) =>
  answer.statusCode === 403 && answer.body.includes('second_factor_required');

describe('a practice that requires a second factor', () => {
  const api = useApi({ embeddedProvider: true, env: { ENABLE_TEST_ENDPOINTS: 'true' } });

  const send = async (
    email: string,
    call: CallDefinition,
    request: MatrixRequest,
    claims: MintOptions,
  ) =>
    api.client.call(call, {
      remoteAddress: randomClientAddress(),
      token: await api.issuer.tokenFor(email, claims),
      ...request,
    });

  /** A world whose practice P requires a second factor; Q, the outsider's, does not. */
  async function world() {
    const { db } = api.db.database;
    const created = await createWorld(db);
    await db
      .update(companies)
      .set({ requiresSecondFactor: true })
      .where(eq(companies.id, created.objects.own.practice));
    return created;
  }

  const entriesOf = (companyId: string) =>
    api.db.database.db.select().from(auditLog).where(eq(auditLog.companyId, companyId));

  it('covers every call inside a practice (the list is the contract’s)', () => {
    expect(PRACTICE_OPERATIONS.length).toBeGreaterThanOrEqual(20);
    for (const [name, call] of PRACTICE_OPERATIONS) {
      const access: CallAccess = call.access;
      const declared = typeof access === 'object' && access.practice.withoutSecondFactor;
      expect(declared === 'allowed', `${name} declared withoutSecondFactor`).toBe(EXEMPT.has(name));
    }
  });

  describe.each(PRACTICE_OPERATIONS.filter(([name]) => !EXEMPT.has(name)))('%s', (name, call) => {
    it('answers 403 second_factor_required to every role without one, storing nothing', async () => {
      const row = ROWS[name];
      if (!row) throw new Error(`no row for ${name}`);
      const w = await world();
      const practice = w.objects.own.practice;
      const before = await entriesOf(practice);
      for (const caller of ['member', 'admin', 'superadmin'] as const) {
        const request = row(w.objects.own, w.ids[caller]);
        for (const claims of [PASSWORD, {}, { amr: ['pwd', 'kba'] }, { acr: '1' }]) {
          const answer = await send(w.emails[caller], call, request, claims);
          expectProblem(answer, 403, 'second_factor_required');
        }
      }
      expect(await entriesOf(practice)).toEqual(before);
      // Someone outside the practice learns nothing about it: the same 404 as before.
      const outsider = await send(
        w.emails.outsider,
        call,
        row(w.objects.own, w.ids.outsider),
        PASSWORD,
      );
      expectProblem(outsider, 404, 'not_found');
    });

    it('lets a token with a second factor through, and leaves another practice alone', async () => {
      const row = ROWS[name];
      if (!row) throw new Error(`no row for ${name}`);
      const w = await world();
      const caller: Exclude<Caller, 'anonymous'> = 'superadmin';
      const passed = await send(
        w.emails[caller],
        call,
        row(w.objects.own, w.ids[caller]),
        WITH_CODE,
      );
      expect(passed.statusCode, passed.body.slice(0, 200)).toBeLessThan(500);
      expect(isSecondFactorRefusal(passed), passed.body.slice(0, 200)).toBe(false);
      // Q requires nothing: its superadmin (the outsider) signs in with a password only.
      const other = await send(
        w.emails.outsider,
        call,
        row(w.objects.foreign, w.ids.outsider),
        PASSWORD,
      );
      expect(other.statusCode, other.body.slice(0, 200)).toBeLessThan(500);
      expect(isSecondFactorRefusal(other), other.body.slice(0, 200)).toBe(false);
    });
  });

  it('still lets a member leave it without a second factor', async () => {
    const w = await world();
    const answer = await send(
      w.emails.member,
      calls.employeeLeavePractice,
      { body: { companyId: w.objects.own.practice } },
      PASSWORD,
    );
    expect(answer.statusCode).toBe(200);
  });

  it.each(OTHER_OPERATIONS)(
    '%s (the person’s own, not the practice’s) needs no second factor',
    async (name, call) => {
      const row = ROWS[name];
      if (!row) throw new Error(`no row for ${name}`);
      const w = await world();
      const answer = await send(w.emails.member, call, row(w.objects.own, w.ids.member), PASSWORD);
      expect(answer.statusCode, answer.body.slice(0, 200)).toBeLessThan(500);
      expect(isSecondFactorRefusal(answer), answer.body.slice(0, 200)).toBe(false);
    },
  );

  it.each([
    ['amr mfa', { amr: ['mfa'] }],
    ['amr otp', { amr: ['pwd', 'otp'] }],
    ['amr hwk (a passkey on a security key)', { amr: ['hwk', 'mfa'] }],
    ['amr swk mfa (a synced passkey, verified)', { amr: ['swk', 'mfa'] }],
    ['amr pwd hwk (a password and a security key)', { amr: ['pwd', 'hwk'] }],
    ['the configured acr', { amr: ['pwd'], acr: 'urn:practice-portal:acr:mfa' }],
  ] as [string, MintOptions][])('counts %s as a second factor', async (_label, claims) => {
    const w = await world();
    const answer = await send(
      w.emails.member,
      calls.companyGetCompany,
      { query: { companyId: w.objects.own.practice } },
      claims,
    );
    expect(answer.statusCode, answer.body.slice(0, 200)).toBe(200);
    expect(answer.json()).toMatchObject({ requiresSecondFactor: true, role: 'member' });
  });

  it.each([
    ['amr hwk (a passkey the device did not verify)', { amr: ['hwk'] }],
    ['amr swk user (a touch, no PIN)', { amr: ['swk', 'user'] }],
    ['amr otp alone', { amr: ['otp'] }],
  ] as [string, MintOptions][])('does not count %s: one factor', async (_label, claims) => {
    const w = await world();
    const answer = await send(
      w.emails.member,
      calls.companyGetCompany,
      { query: { companyId: w.objects.own.practice } },
      claims,
    );
    expectProblem(answer, 403, 'second_factor_required');
  });
});
