import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import { sharedBudget } from './budget.ts';
import { createCrmConnector, type CrmConnector } from './connector.ts';
import type { CrmLog } from './crm-client.ts';
import { dataverseClient } from './dataverse/client.ts';
import { loadMapping } from './dataverse/mapping.ts';

/**
 * The sync with the deployment's CRM (decision 0061): null without one (`CRM_PROVIDER=builtin`),
 * when the portal's own tables are the record; else the CRM's client behind the mirror. Throws
 * when the mapping file is not valid (its message names the file and the entry).
 */
export function crmConnectorOf(config: Config, db: Db, log: CrmLog): CrmConnector | null {
  const settings = config.crm;
  if (settings.provider === 'builtin') return null;
  const client = dataverseClient({
    url: settings.url,
    tenantId: settings.tenantId,
    clientId: settings.clientId,
    clientSecret: settings.clientSecret,
    authority: settings.authority,
    mapping: loadMapping(settings.mappingFile),
    budget: sharedBudget(db, settings.requestsPerMinute),
  });
  return createCrmConnector({ db, client, log, syncSeconds: settings.syncSeconds });
}
