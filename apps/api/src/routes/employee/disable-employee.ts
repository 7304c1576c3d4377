import { calls } from '@pp/contract';
import { audit } from '../../lib/audit.ts';
import { changeStatus } from '../../lib/employees/change-status.ts';
import { employeeOf } from '../../lib/employees/view.ts';
import { defineRoute } from '../../routing/route.ts';

export default defineRoute(calls.employeeDisableEmployee, async (request) => {
  const { companyId, customerId } = request.body;
  return request.server.db.transaction(async (tx) => {
    const from = await changeStatus(tx, {
      companyId,
      callerId: request.customer.id,
      targetId: customerId,
      to: 'disabled',
    });
    if (from !== 'disabled') {
      await audit(tx, {
        actorCustomerId: request.customer.id,
        action: from === 'requested' ? 'employee.request_disabled' : 'employee.disabled',
        entity: 'membership',
        entityId: customerId,
        companyId,
      });
    }
    return employeeOf(tx, companyId, customerId);
  });
});
