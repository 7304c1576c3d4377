import { calls } from '@pp/contract';
import { audit } from '../../lib/audit/audit-log.ts';
import { assertMayHaveLocations } from '../../lib/authorization/policy.ts';
import { recheckRole } from '../../lib/authorization/recheck.ts';
import { replaceLocations } from '../../lib/employees/employee-store.ts';
import { lockPractice, membershipOf } from '../../lib/employees/lock.ts';
import { foreignLocations } from '../../lib/employees/practice-locations.ts';
import { employeeOf } from '../../lib/employees/view.ts';
import { ApiError } from '../../lib/http/problem.ts';
import { defineRoute } from '../../routing/route.ts';

export default defineRoute(calls.employeeSetEmployeeLocations, async (request) => {
  const { db } = request.server;
  const { companyId, customerId } = request.body;
  const locationIds = [...new Set(request.body.locationIds)];
  const errors = await foreignLocations(db, companyId, locationIds);
  if (errors.length > 0) throw ApiError.badRequest(errors);
  return db.transaction(async (tx) => {
    await lockPractice(tx, companyId);
    // Under the lock: a concurrent role change may have landed since the declared check.
    await recheckRole(tx, request.customer.id, companyId, 'admin');
    const target = await membershipOf(tx, customerId, companyId);
    if (!target) throw ApiError.notFound();
    assertMayHaveLocations(target);
    await replaceLocations(tx, { companyId, customerId, locationIds });
    await audit(tx, {
      actorCustomerId: request.customer.id,
      action: 'employee.locations_changed',
      entity: 'membership',
      entityId: customerId,
      companyId,
      data: { locations: locationIds.length },
    });
    return employeeOf(tx, companyId, customerId);
  });
});
