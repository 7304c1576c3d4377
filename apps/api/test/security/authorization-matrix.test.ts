import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import {
  API_BASE,
  calls,
  type CallAccess,
  type CallDefinition,
  type MembershipRole,
} from '@pp/contract';
import { auditLog, companies, customers } from '../../src/db/schema.ts';
import { hasRole } from '../../src/lib/authorization/memberships.ts';
import { expectIndistinguishable } from '../support/compare.ts';
import { expectProblem } from '../support/expect-problem.ts';
import { useApi } from '../support/context.ts';
import { createCustomer, uniqueEmail } from '../support/factories.ts';
import { randomClientAddress } from '../rate-limit/limits.ts';
import { EXCEPTIONS, ROWS, type MatrixRequest } from './rows.ts';
import { CALLERS, createWorld, type Caller, type ObjectKind } from './world.ts';

const operationId = (call: CallDefinition) => call.path.slice(1).replace(/[^A-Za-z0-9]+/g, '_');
const OPERATIONS = Object.values(calls).map((call) => [operationId(call), call] as const);
const KINDS: ObjectKind[] = ['random', 'foreign', 'own'];
/** Calls of any signed-in customer that name a practice: about one not theirs they tell nothing. */
const NAMES_A_PRACTICE = new Set([
  'Rights_IsUserConnectedToPractice',
  'Rights_IsUserAdminOfPractice',
  'Rights_IsUserSuperAdminOfPractice',
  'Employee_AcceptInvitation',
  'Employee_DeclineInvitation',
]);

/** The caller's role in the practice of the object, or null when they are not connected to it. */
function roleIn(caller: Caller, kind: ObjectKind): MembershipRole | null {
  if (kind === 'own' && (caller === 'member' || caller === 'admin' || caller === 'superadmin')) {
    return caller;
  }
  return kind === 'foreign' && caller === 'outsider' ? 'superadmin' : null;
}

const WORKS_WHILE_DISABLED = (name: string) => name === 'Company_EnableCompany';

type Expected = 'allowed' | 'signed-in' | number;

/** A call declared with `orSelf`. */
const namesSelfBy = (call: CallDefinition) =>
  typeof call.access === 'object' && call.access.practice.orSelf !== undefined;

/** Whether the request names the caller where the declaration's `orSelf` looks. */
function namesSelf(access: CallAccess, request: MatrixRequest, callerId: string): boolean {
  if (typeof access !== 'object' || access.practice.orSelf === undefined) return false;
  const [part, field = ''] = access.practice.orSelf.split('.', 2);
  return (part === 'query' ? request.query : request.body)?.[field] === callerId;
}

/**
 * docs/product.md §4 from the declaration: 401 without a token, 404 outside, 403 below the role
 * (unless an `orSelf` call names the caller themself).
 */
function expected(
  name: string,
  access: CallAccess,
  caller: Caller,
  kind: ObjectKind,
  self = false,
): Expected {
  if (access === 'anyone') return 'allowed';
  if (caller === 'anonymous') return 401;
  if (typeof access === 'string') return 'signed-in';
  const role = roleIn(caller, kind);
  if (role === null) return 404;
  const allowed = hasRole(role, access.practice.role) || self;
  return EXCEPTIONS[name]?.[role] ?? (allowed ? 'allowed' : 403);
}

/** No server error ever; then exactly the status, or past the refusals the expectation allows. */
function check(answer: LightMyRequestResponse, want: Expected, where: string) {
  const status = answer.statusCode;
  expect(status, `${where}: ${answer.body.slice(0, 200)}`).toBeLessThan(500);
  if (want === 'allowed') expect([401, 403, 404], where).not.toContain(status);
  else if (want === 'signed-in') expect(status, where).not.toBe(401);
  else expect(status, where).toBe(want);
}

describe('the authorization matrix', () => {
  const api = useApi({ embeddedProvider: true, env: { ENABLE_TEST_ENDPOINTS: 'true' } });

  it('has a row for every operation of the OpenAPI document, and none more', async () => {
    const document = (await api.app.inject({ url: `${API_BASE}/openapi.json` })).json() as {
      paths: Record<string, Record<string, { operationId: string }>>;
    };
    const documented = Object.values(document.paths).flatMap((methods) =>
      Object.values(methods).map((operation) => operation.operationId),
    );
    expect(documented.sort()).toEqual(Object.keys(ROWS).sort());
  });

  /** The request as the customer with that address, or anonymous without one. */
  const send = async (email: string | undefined, call: CallDefinition, request: MatrixRequest) =>
    api.client.call(call, {
      remoteAddress: randomClientAddress(),
      ...(email === undefined ? {} : { token: await api.issuer.tokenFor(email) }),
      ...request,
    });

  describe.each(OPERATIONS)('%s', (name, call) => {
    const row = ROWS[name];
    it.each(CALLERS)('as %s: own, foreign and random objects', async (caller) => {
      if (!row) throw new Error(`no row for ${name}`);
      const world = await createWorld(api.db.database.db);
      const callerId = caller === 'anonymous' ? world.ids.member : world.ids[caller];
      const answers = {} as Record<ObjectKind, LightMyRequestResponse>;
      for (const kind of KINDS) {
        const request = row(world.objects[kind], callerId);
        const email = caller === 'anonymous' ? undefined : world.emails[caller];
        answers[kind] = await send(email, call, request);
        check(
          answers[kind],
          expected(name, call.access, caller, kind, namesSelf(call.access, request, callerId)),
          `${name} as ${caller} on ${kind}`,
        );
      }
      // A practice one is not in answers exactly like an id that names nothing.
      if (typeof call.access === 'object') {
        for (const kind of ['own', 'foreign'] as const) {
          if (expected(name, call.access, caller, kind) === 404) {
            expectIndistinguishable(answers[kind], answers.random);
          }
        }
      } else if (NAMES_A_PRACTICE.has(name) && caller !== 'anonymous' && caller !== 'outsider') {
        expectIndistinguishable(answers.foreign, answers.random);
      }
    });
  });

  /**
   * `orSelf`: a call on a person of the practice, made by that person or by an admin. The row
   * names P's member; a colleague (another member of P), the disabled member, the outsider
   * (a user of Q only) and an anonymous caller are refused, and a refusal stores nothing.
   */
  describe.each(OPERATIONS.filter(([, call]) => namesSelfBy(call)))(
    '%s, on the person themself or by an admin',
    (name, call) => {
      const answers: [Caller | 'colleague', Expected][] = [
        ['member', 'allowed'],
        ['admin', 'allowed'],
        ['superadmin', 'allowed'],
        ['colleague', 403],
        ['disabled', 404],
        ['outsider', 404],
        ['anonymous', 401],
      ];
      it.each(answers)('as %s', async (who, want) => {
        const row = ROWS[name];
        if (!row) throw new Error(`no row for ${name}`);
        const world = await createWorld(api.db.database.db);
        const { db } = api.db.database;
        const colleague = await createCustomer(db, {
          email: uniqueEmail('k'),
          practices: [{ companyId: world.objects.own.practice }],
        });
        const email =
          who === 'anonymous'
            ? undefined
            : who === 'colleague'
              ? colleague.email
              : world.emails[who];
        const person = world.ids.member;
        // The person's record and what the audit log says about them (a caller's first
        // sign-in writes entries about the caller).
        const stored = async () => ({
          audit: await db.select().from(auditLog).where(eq(auditLog.entityId, person)),
          person: await db.select().from(customers).where(eq(customers.id, person)),
        });
        const before = await stored();
        const answer = await send(email, call, row(world.objects.own, person));
        check(answer, want, `${name} as ${who} on P's member`);
        if (want !== 'allowed') expect(await stored()).toEqual(before);
      });
    },
  );

  /**
   * A disabled practice is read-only (docs/product.md §4): every write in it answers 409, even
   * to its superadmin, but for enabling it again (the one call declared `whileDisabled`).
   */
  describe.each(
    OPERATIONS.filter(([, call]) => typeof call.access === 'object' && call.method !== 'GET'),
  )('%s, in a disabled practice', (name, call) => {
    it('answers 409 practice_disabled (but enabling it)', async () => {
      const row = ROWS[name];
      const access: CallAccess = call.access;
      if (!row || typeof access !== 'object') throw new Error(`no row for ${name}`);
      const { db } = api.db.database;
      const world = await createWorld(db);
      const practice = world.objects.own.practice;
      await db.update(companies).set({ status: 'disabled' }).where(eq(companies.id, practice));
      const request = row(world.objects.own, world.ids.superadmin);
      const answer = await send(world.emails.superadmin, call, request);
      const works = WORKS_WHILE_DISABLED(name);
      expect(access.practice.whileDisabled === 'allowed', 'declared whileDisabled').toBe(works);
      if (works) check(answer, 'allowed', name);
      else expectProblem(answer, 409, 'practice_disabled');
    });
  });
});
