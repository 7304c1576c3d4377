import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import { sharedBudget } from './budget.ts';
import { createCrmConnector, type CrmConnector } from './connector.ts';
import type { CrmLog } from './crm-client.ts';
import { CrmUnavailable } from './crm-client.ts';
import { dataverseClient } from './dataverse/client.ts';
import { loadMapping } from './dataverse/mapping.ts';
import { firstMetadataProblem } from './dataverse/provision/provision.ts';
import { clientCredentialsTokens } from './dataverse/token.ts';
import { DataverseWebApi } from './dataverse/web-api.ts';

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
    clientCertificate: settings.clientCertificate,
    authority: settings.authority,
    mapping: loadMapping(settings.mappingFile),
    budget: sharedBudget(db, settings.requestsPerMinute, settings.concurrentRequests),
  });
  return createCrmConnector({ db, client, log, syncSeconds: settings.syncSeconds });
}

/**
 * What keeps the CRM's environment from holding the portal's records (`npm run crm:check`'s first
 * problem: a missing table, column, option set, lookup or change tracking), or null. A CRM that
 * cannot be reached now is no reason to refuse the start: the sync waits for it.
 */
export async function crmSetupProblem(config: Config): Promise<string | null> {
  const settings = config.crm;
  if (settings.provider === 'builtin') return null;
  const api = new DataverseWebApi(
    settings.url,
    clientCredentialsTokens({ ...settings, scope: `${settings.url}/.default` }),
    30_000,
  );
  try {
    return await firstMetadataProblem(api, loadMapping(settings.mappingFile));
  } catch (error) {
    if (error instanceof CrmUnavailable) return null;
    throw error;
  }
}
