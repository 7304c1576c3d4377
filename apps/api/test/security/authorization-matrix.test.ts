import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import {
  API_BASE,
  calls,
  type CallAccess,
  type CallDefinition,
  type MembershipRole,
} from '@pp/contract';
import { hasRole } from '../../src/lib/memberships.ts';
import { expectIndistinguishable } from '../support/compare.ts';
import { useApi } from '../support/context.ts';
import { randomClientAddress } from '../rate-limit/limits.ts';
import { EXCEPTIONS, ROWS, type MatrixRequest } from './rows.ts';
import { CALLERS, createWorld, type Caller, type ObjectKind, type World } from './world.ts';

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
  'Employee_ChangePrimaryCompany',
]);

/** The caller's role in the practice of the object, or null when they are not connected to it. */
function roleIn(caller: Caller, kind: ObjectKind): MembershipRole | null {
  if (kind === 'own' && (caller === 'member' || caller === 'admin' || caller === 'superadmin')) {
    return caller;
  }
  return kind === 'foreign' && caller === 'outsider' ? 'superadmin' : null;
}

type Expected = 'allowed' | 'signed-in' | number;

/** PRODUCT §4 from the declaration: 401 without a token, 404 outside, 403 below the role. */
function expected(name: string, access: CallAccess, caller: Caller, kind: ObjectKind): Expected {
  if (access === 'anyone') return 'allowed';
  if (caller === 'anonymous') return 401;
  if (typeof access === 'string') return 'signed-in';
  const role = roleIn(caller, kind);
  if (role === null) return 404;
  return EXCEPTIONS[name]?.[role] ?? (hasRole(role, access.practice.role) ? 'allowed' : 403);
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

  const send = async (world: World, caller: Caller, call: CallDefinition, request: MatrixRequest) =>
    api.client.call(call, {
      remoteAddress: randomClientAddress(),
      ...(caller === 'anonymous' ? {} : { token: await api.issuer.tokenFor(world.emails[caller]) }),
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
        answers[kind] = await send(world, caller, call, row(world.objects[kind], callerId));
        check(
          answers[kind],
          expected(name, call.access, caller, kind),
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
});
