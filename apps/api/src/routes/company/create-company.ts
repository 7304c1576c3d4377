import { calls, ErrorCode } from '@pp/contract';
import { audit } from '../../lib/audit/audit-log.ts';
import { ApiError } from '../../lib/http/problem.ts';
import { insertCompany } from '../../lib/practices/new-practice.ts';
import {
  addFounder,
  hasNameTwin,
  lockCreationsOf,
  practicesCreatedBy,
} from '../../lib/practices/practice-store.ts';
import { toCompany } from '../../lib/practices/practice.ts';
import { defineRoute } from '../../routing/route.ts';

/** Practices one account may create: a practice manager runs a few, nobody needs more. */
export const MAX_PRACTICES_PER_ACCOUNT = 10;

export default defineRoute(calls.companyCreateCompany, async (request) => {
  const customer = request.customer;
  const { confirmDuplicate, ...fields } = request.body;
  return request.server.db.transaction(async (tx) => {
    // One creation at a time per account, so the cap also holds for requests sent at once.
    await lockCreationsOf(tx, customer.id);
    if ((await practicesCreatedBy(tx, customer.id)) >= MAX_PRACTICES_PER_ACCOUNT) {
      throw new ApiError(409, ErrorCode.limitReached);
    }
    // Mentioned so the person can ask to join instead; which practice it is stays hidden.
    if (!confirmDuplicate && (await hasNameTwin(tx, fields))) {
      throw new ApiError(409, ErrorCode.possibleDuplicate);
    }
    const row = await insertCompany(tx, { ...fields, createdBy: customer.id });
    await addFounder(tx, customer, row.id);
    await audit(tx, {
      actorCustomerId: customer.id,
      action: 'company.created',
      entity: 'company',
      entityId: row.id,
      companyId: row.id,
    });
    return toCompany(row, 'superadmin');
  });
});
