import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { calls, CompanySchema, type CallDefinition } from '@pp/contract';
import { expectIndistinguishable } from '../support/compare.ts';
import { useApi } from '../support/context.ts';
import { demo, demoPracticeIds, type DemoPractice } from '../support/demo.ts';
import { expectProblem } from '../support/expect-problem.ts';

type Caller = keyof typeof demo;

/** Every Company call inside a practice, with the request it makes for a practice id. */
const PRACTICE_CALLS: [
  string,
  CallDefinition,
  (id: string) => { query?: Record<string, string>; body?: object },
][] = [
  ['GetCompany', calls.companyGetCompany, (id) => ({ query: { companyId: id } })],
  ['CheckEntitlements', calls.companyCheckEntitlements, (id) => ({ query: { companyId: id } })],
  [
    'UpdateCompany',
    calls.companyUpdateCompany,
    (id) => ({ body: { companyId: id, phone: '+49 30 7654321' } }),
  ],
  ['DisableCompany', calls.companyDisableCompany, (id) => ({ query: { companyId: id } })],
  ['EnableCompany', calls.companyEnableCompany, (id) => ({ query: { companyId: id } })],
];

/** Who may make each call in a practice (docs/product.md §4): member < admin < superadmin. */
const ALLOWED: Record<string, Caller[]> = {
  GetCompany: ['anna', 'ben', 'clara'],
  CheckEntitlements: ['anna', 'ben', 'clara'],
  UpdateCompany: ['anna', 'ben'],
  DisableCompany: ['anna'],
  EnableCompany: ['anna'],
};

describe('Company calls inside a practice: who may', () => {
  const api = useApi();
  let practices: Record<DemoPractice, string>;
  beforeAll(async () => {
    practices = await demoPracticeIds(api.db.database.db);
  });

  const send = async (
    caller: Caller,
    call: CallDefinition,
    request: { query?: Record<string, string>; body?: object },
  ) => api.client.call(call, { token: await api.issuer.tokenFor(demo[caller]), ...request });

  describe.each(PRACTICE_CALLS)('%s', (name, call, requestFor) => {
    it('answers a practice the caller is not in exactly like a random id', async () => {
      const foreign = await send('david', call, requestFor(practices.sommer));
      const random = await send('david', call, requestFor(randomUUID()));
      expectProblem(foreign, 404, 'not_found');
      expectIndistinguishable(foreign, random);
    });

    it('answers 403 to a member of the practice whose role is too small', async () => {
      for (const caller of (['clara', 'ben'] as const).filter((c) => !ALLOWED[name]!.includes(c))) {
        expectProblem(await send(caller, call, requestFor(practices.sommer)), 403, 'forbidden');
      }
    });
  });

  it('let every allowed caller in, answering the practice with their role', async () => {
    // Read-only calls first; the superadmin's disable and enable last, so the others see it enabled.
    for (const [name, call, requestFor] of PRACTICE_CALLS) {
      for (const caller of ALLOWED[name]!) {
        const response = await send(caller, call, requestFor(practices.sommer));
        expect(response.statusCode, `${name} as ${caller}`).toBe(200);
        if (call.response === CompanySchema) {
          expect(CompanySchema.parse(response.json()).companyId).toBe(practices.sommer);
        }
      }
    }
  });
});
