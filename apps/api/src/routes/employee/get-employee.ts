import { calls } from '@pp/contract';
import { employeeOf } from '../../lib/employees/view.ts';
import { defineRoute } from '../../routing/route.ts';

export default defineRoute(calls.employeeGetEmployee, async (request) =>
  employeeOf(request.server.db, request.query.companyId, request.query.customerId),
);
