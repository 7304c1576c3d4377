import fc from 'fast-check';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { calls, ProblemSchema } from '@pp/contract';
import { auditLog } from '../../src/db/schema.ts';
import { useApi } from '../support/context.ts';
import { createCustomer, createPractice } from '../support/factories.ts';
import { rowsOfFile } from './read-csv.ts';

/** Any value a client may put into a filter: known ones, hostile text, nothing. */
const anything = fc.oneof(
  fc.constantFrom('name', 'email', 'role', 'status', 'city', 'postalCode', 'asc', 'desc'),
  fc.constantFrom('enabled', 'invited', '=1+2', '%', '_', '\\', "'; drop table x;--", 'ß'),
  fc.string({ maxLength: 120 }),
);
const filters = fc.record(
  { search: anything, status: anything, sort: anything, direction: anything, page: anything },
  { requiredKeys: [] },
);

// The generic fuzzing (security/fuzz.test.ts) names random practices; here every request names
// the caller's own one, so that the filters themselves are what varies.
describe('the exports with generated filters on the own practice', () => {
  const api = useApi();
  const db = () => api.db.database.db;
  let practiceId: string;
  let ownerId: string;
  let token: string;
  let memberToken: string;

  beforeAll(async () => {
    const owner = await createCustomer(db());
    ownerId = owner.id;
    practiceId = (await createPractice(db(), { superadminId: owner.id })).id;
    token = await api.issuer.tokenFor(owner.email);
    const member = await createCustomer(db(), { practices: [{ companyId: practiceId }] });
    memberToken = await api.issuer.tokenFor(member.email);
  });

  const cases = [
    ['Employee/ExportEmployees', calls.employeeExportEmployees, () => ({ companyId: practiceId })],
    [
      'Location/ExportLocations',
      calls.locationExportLocations,
      () => ({ parentId: practiceId, contactId: ownerId }),
    ],
  ] as const;

  it.each(cases)('%s answers a CSV file or 400, never 500', async (_name, call, ids) => {
    await fc.assert(
      fc.asyncProperty(filters, async (filter) => {
        const answer = await api.client.unchecked(call, { token, query: { ...filter, ...ids() } });
        if (answer.statusCode === 200) {
          expect(rowsOfFile(answer.rawPayload).length).toBeGreaterThan(0);
        } else {
          expect(answer.statusCode, answer.body.slice(0, 200)).toBe(400);
          expect(ProblemSchema.safeParse(answer.json()).success).toBe(true);
        }
      }),
      { numRuns: 150 },
    );
  });

  it('refuses a member the employee export and records nothing', async () => {
    const entries = () => db().select().from(auditLog).where(eq(auditLog.companyId, practiceId));
    const before = await entries();
    const answer = await api.client.employee.exportEmployees({
      token: memberToken,
      query: { companyId: practiceId },
    });
    expect(answer.statusCode).toBe(403);
    expect(await entries()).toEqual(before);
  });
});
