import { calls } from '@pp/contract';
import { onCall } from './call-handler.ts';
import { problem, server } from './portal-server.ts';

/** The api refuses every call on the practice's data as for a token without a second factor. */
export function practiceRequiresSecondFactor() {
  const refuse = () => problem(403, 'second_factor_required');
  server.use(
    onCall(calls.locationGetLocations, refuse),
    onCall(calls.locationGetLocationById, refuse),
    onCall(calls.companyGetCompany, refuse),
    onCall(calls.companyCheckEntitlements, refuse),
    onCall(calls.employeeGetEmployees, refuse),
  );
}
