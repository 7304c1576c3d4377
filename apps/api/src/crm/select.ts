import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import { createCrmConnector, type CrmConnector } from './connector.ts';
import { dataverseAdapter } from './dataverse/adapter.ts';
import { loadMapping } from './dataverse/mapping.ts';
import type { CrmLog } from './port.ts';

/**
 * The connector of the deployment's record store (decision 0061): null for the built-in one,
 * else the CRM's adapter behind the mirror. Throws when the mapping file is not valid (its
 * message names the file and the entry).
 */
export function crmConnectorOf(config: Config, db: Db, log: CrmLog): CrmConnector | null {
  const settings = config.crm;
  if (settings.provider === 'builtin') return null;
  const adapter = dataverseAdapter({
    url: settings.url,
    tenantId: settings.tenantId,
    clientId: settings.clientId,
    clientSecret: settings.clientSecret,
    authority: settings.authority,
    mapping: loadMapping(settings.mappingFile),
  });
  return createCrmConnector({ db, adapter, log, syncSeconds: settings.syncSeconds });
}
