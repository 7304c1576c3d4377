import { calls } from '@pp/contract';
import { employeesOf } from '../../lib/employees/view.ts';
import { defineRoute } from '../../routing/route.ts';

export default defineRoute(calls.employeeGetEmployees, async (request) => {
  const { companyId, ...query } = request.query;
  const { db, readCache } = request.server;
  return readCache.read('employeesPage', JSON.stringify([companyId, query]), () =>
    employeesOf(db, companyId, query),
  );
});
