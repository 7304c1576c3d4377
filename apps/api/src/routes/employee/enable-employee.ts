import { calls } from '@pp/contract';
import { setStatus } from '../../lib/employees/set-status.ts';
import { defineRoute } from '../../routing/route.ts';

export default defineRoute(calls.employeeEnableEmployee, (request) =>
  setStatus(request.server.db, {
    companyId: request.body.companyId,
    callerId: request.customer.id,
    targetId: request.body.customerId,
    to: 'enabled',
  }),
);
