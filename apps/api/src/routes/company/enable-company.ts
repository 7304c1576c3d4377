import { calls } from '@pp/contract';
import { audit } from '../../lib/audit/audit-log.ts';
import { setCompanyStatus } from '../../lib/practices/practice-store.ts';
import { toCompany } from '../../lib/practices/practice.ts';
import { defineRoute } from '../../routing/route.ts';

export default defineRoute(calls.companyEnableCompany, async (request) => {
  const { companyId, role } = request.membership;
  return request.server.db.transaction(async (tx) => {
    const row = await setCompanyStatus(tx, companyId, 'enabled');
    await audit(tx, {
      actorCustomerId: request.customer.id,
      action: 'company.enabled',
      entity: 'company',
      entityId: companyId,
      companyId,
    });
    return toCompany(row, role);
  });
});
