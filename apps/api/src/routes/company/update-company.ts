import { eq } from 'drizzle-orm';
import { calls } from '@pp/contract';
import { companies } from '../../db/schema.ts';
import { ADDRESS_FIELDS, updateAddress } from '../../lib/addresses/address-changes.ts';
import { assertPracticeEnabled } from '../../lib/authorization/recheck.ts';
import { toCompany } from '../../lib/practices/practice.ts';
import { defineRoute } from '../../routing/route.ts';

const FIELDS = [...ADDRESS_FIELDS, 'phone', 'email', 'website'] as const;

export default defineRoute(calls.companyUpdateCompany, async (request) => {
  const { db } = request.server;
  const { companyId, role } = request.membership;
  const row = await updateAddress(db, {
    // The row as it is now, locked: disabled since the authorization, it takes no change.
    lock: async (tx) => {
      const [row] = await tx
        .select()
        .from(companies)
        .where(eq(companies.id, companyId))
        .for('update');
      if (row) assertPracticeEnabled(row.status);
      return row;
    },
    body: request.body,
    fields: FIELDS,
    actorCustomerId: request.customer.id,
    entity: 'company',
    write: (tx, values) =>
      tx.update(companies).set(values).where(eq(companies.id, companyId)).returning(),
    audited: () => ({ entityId: companyId, companyId }),
  });
  return toCompany(row, role);
});
