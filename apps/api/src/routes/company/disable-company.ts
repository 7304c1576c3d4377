import { calls } from '@pp/contract';
import { audit } from '../../lib/audit/audit-log.ts';
import { setCompanyStatus } from '../../lib/practices/practice-store.ts';
import { toCompany } from '../../lib/practices/practice.ts';
import { defineRoute } from '../../routing/route.ts';

export default defineRoute(calls.companyDisableCompany, async (request) => {
  const { companyId, role } = request.membership;
  return request.server.db.transaction(async (tx) => {
    const row = await setCompanyStatus(tx, companyId, 'disabled');
    await audit(tx, {
      actorCustomerId: request.customer.id,
      action: 'company.disabled',
      entity: 'company',
      entityId: companyId,
      companyId,
    });
    return toCompany(row, role);
  });
});
