import { calls } from '@pp/contract';
import { audit } from '../../lib/audit/audit-log.ts';
import { languageOf } from '../../lib/http/language.ts';
import { assertExportAllowed, EXPORT_ACTION } from '../../lib/personal-data/export-limit.ts';
import { personalDataOf } from '../../lib/personal-data/personal-data.ts';
import { defineRoute } from '../../routing/route.ts';

/**
 * The caller's own data as one document (GDPR Art. 15, 20; decision 0079): a few a day, each
 * one audited. The answer is never logged (the request log holds no bodies).
 */
export default defineRoute(calls.customerExportPersonalData, async (request) => {
  const caller = request.customer;
  const customerId = caller.id;
  return request.server.db.transaction(async (tx) => {
    await assertExportAllowed(tx, customerId);
    const personalData = await personalDataOf(request, caller, tx, languageOf(request));
    await audit(tx, {
      actorCustomerId: customerId,
      action: EXPORT_ACTION,
      entity: 'customer',
      entityId: customerId,
    });
    return personalData;
  });
});
