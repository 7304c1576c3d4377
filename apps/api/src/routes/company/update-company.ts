import { calls } from '@pp/contract';
import { ADDRESS_FIELDS, updateAddress } from '../../lib/addresses/address-changes.ts';
import { audit } from '../../lib/audit/audit-log.ts';
import { assertPracticeEnabled, recheckRole } from '../../lib/authorization/recheck.ts';
import { lockedCompany, updateCompany } from '../../lib/practices/practice-store.ts';
import { toCompany } from '../../lib/practices/practice.ts';
import { defineRoute } from '../../routing/route.ts';

const FIELDS = [...ADDRESS_FIELDS, 'phone', 'email', 'website', 'requiresSecondFactor'] as const;

export default defineRoute(calls.companyUpdateCompany, async (request) => {
  const { db } = request.server;
  const { companyId, role } = request.membership;
  const actorCustomerId = request.customer.id;
  const { requiresSecondFactor } = request.body;
  const row = await updateAddress(db, {
    // The row as it is now, locked: disabled since the authorization, it takes no change.
    lock: async (tx) => {
      const row = await lockedCompany(tx, companyId);
      if (row) assertPracticeEnabled(row.status);
      // Only the superadmin changes the second-factor requirement (decision 0069); the same
      // value sent back by an admin changes nothing and passes. The role as it is now.
      if (
        row &&
        requiresSecondFactor !== undefined &&
        requiresSecondFactor !== row.requiresSecondFactor
      ) {
        await recheckRole(tx, actorCustomerId, companyId, 'superadmin');
      }
      return row;
    },
    body: request.body,
    fields: FIELDS,
    actorCustomerId,
    entity: 'company',
    write: async (tx, values) => {
      if (values.requiresSecondFactor !== undefined) {
        await audit(tx, {
          actorCustomerId,
          action: 'company.second_factor_requirement_changed',
          entity: 'company',
          entityId: companyId,
          companyId,
          data: { requiresSecondFactor: values.requiresSecondFactor },
        });
      }
      return updateCompany(tx, companyId, values);
    },
    audited: () => ({ entityId: companyId, companyId }),
    // Its own entry (`company.second_factor_requirement_changed`), written above.
    auditedApart: ['requiresSecondFactor'],
  });
  return toCompany(row, role);
});
