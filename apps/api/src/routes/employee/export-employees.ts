import { calls } from '@pp/contract';
import { exportEmployees } from '../../lib/employees/export.ts';
import { languageOf } from '../../lib/http/language.ts';
import { defineRoute } from '../../routing/route.ts';

/** The list as filtered on screen, without paging, as a CSV file (decision 0083). */
export default defineRoute(calls.employeeExportEmployees, async (request) => {
  const { companyId, ...filter } = request.query;
  return exportEmployees(request.server.db, {
    actorCustomerId: request.customer.id,
    companyId,
    filter,
    language: languageOf(request),
  });
});
