import { ACTIVITY_EXPORT_ACTION, calls } from '@pp/contract';
import { activityCsv } from '../../lib/activity/activity-csv.ts';
import { activityEntriesFor } from '../../lib/activity/activity-log.ts';
import { audit } from '../../lib/audit/audit-log.ts';
import { defineRoute } from '../../routing/route.ts';

/**
 * The filtered activity log as a CSV file (decision 0082); the export is itself an entry of the
 * log, written after the file was read, so it is not part of it.
 */
export default defineRoute(calls.companyExportActivityLog, async (request) => {
  const { companyId, language, ...filters } = request.body;
  const customer = request.customer;
  return request.server.db.transaction(async (tx) => {
    const entries = await activityEntriesFor(tx, companyId, filters);
    const file = activityCsv(entries, language ?? customer.preferredLanguage);
    await audit(tx, {
      actorCustomerId: customer.id,
      action: ACTIVITY_EXPORT_ACTION,
      entity: 'company',
      entityId: companyId,
      companyId,
      data: { rows: entries.length },
    });
    const day = new Date().toLocaleDateString('sv-SE', { timeZone: 'Europe/Berlin' });
    return { fileName: `${file.fileName}-${day}.csv`, content: file.content, rows: entries.length };
  });
});
