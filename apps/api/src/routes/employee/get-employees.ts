import { calls } from '@pp/contract';
import { employeesOf } from '../../lib/employees/view.ts';
import { defineRoute } from '../../routing/route.ts';

export default defineRoute(calls.employeeGetEmployees, async (request) => {
  const { companyId, ...query } = request.query;
  return employeesOf(request.server.db, companyId, query);
});
