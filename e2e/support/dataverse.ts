import { expect, type APIRequestContext } from '@playwright/test';
import { E2E_OPERATOR_TOKEN } from './portal-server.ts';
import type { Portal } from './portal.ts';

// The stand-in Dataverse the shared portal keeps its customer records in (decision 0063): read
// with its Web API as a client of Dataverse would, steered with its test controls.

const CREDENTIALS = {
  tenant: '11111111-2222-3333-4444-555555555555',
  clientId: '66666666-7777-8888-9999-000000000000',
  secret: 'stand-in-secret',
};

export type Row = Record<string, unknown>;

/** A portal's stand-in, or a clear message when the suite runs on the built-in store. */
export function dataverseUrl(portal: Portal): string {
  if (!portal.dataverseUrl) {
    throw new Error('the suite runs on the built-in record store (E2E_RECORD_STORE)');
  }
  return portal.dataverseUrl;
}

async function token(request: APIRequestContext, portal: Portal): Promise<string> {
  const url = dataverseUrl(portal);
  const response = await request.post(`${url}/${CREDENTIALS.tenant}/oauth2/v2.0/token`, {
    form: {
      grant_type: 'client_credentials',
      client_id: CREDENTIALS.clientId,
      client_secret: CREDENTIALS.secret,
      scope: `${url}/.default`,
    },
  });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { access_token: string }).access_token;
}

/** The stand-in's contact with this address, or undefined. */
export async function contactOf(
  request: APIRequestContext,
  portal: Portal,
  email: string,
): Promise<Row | undefined> {
  const filter = encodeURIComponent(`emailaddress1 eq '${email.replace(/'/g, "''")}'`);
  const response = await request.get(
    `${dataverseUrl(portal)}/api/data/v9.2/contacts?$filter=${filter}`,
    {
      headers: {
        authorization: `Bearer ${await token(request, portal)}`,
        accept: 'application/json',
      },
    },
  );
  expect(response.status()).toBe(200);
  return ((await response.json()) as { value: Row[] }).value[0];
}

/** A change a CRM user makes to a record. */
export async function editInCrm(
  request: APIRequestContext,
  portal: Portal,
  entitySet: string,
  id: string,
  fields: Row,
): Promise<void> {
  const response = await request.post(`${dataverseUrl(portal)}/_stand-in/edit`, {
    data: { entitySet, id, fields },
  });
  expect(response.status()).toBe(200);
}

/** A customiser relabels a choice of a global option set. */
export async function relabelOption(
  request: APIRequestContext,
  portal: Portal,
  option: { optionSet: string; externalValue: string; labelDe: string; labelEn: string },
): Promise<void> {
  const response = await request.post(`${dataverseUrl(portal)}/_stand-in/option-label`, {
    data: option,
  });
  expect(response.status()).toBe(204);
}

/** Asks the portal to read the picklists now (the operator endpoint), instead of tomorrow. */
export async function refreshPicklists(request: APIRequestContext, portal: Portal) {
  const response = await request.post(`${portal.url}/operator/crm/picklists`, {
    headers: { authorization: `Bearer ${E2E_OPERATOR_TOKEN}` },
  });
  expect(response.status()).toBe(200);
}

/**
 * Runs a sync round now (the operator endpoint) instead of waiting for the next one, and again
 * until one has read every kind of record: a round the timer runs at the same time may make one
 * fail.
 */
export async function syncCrmNow(request: APIRequestContext, portal: Portal) {
  await expect
    .poll(
      async () => {
        const response = await request.post(`${portal.url}/operator/crm/sync`, {
          headers: { authorization: `Bearer ${E2E_OPERATOR_TOKEN}` },
        });
        expect(response.status(), await response.text()).toBe(200);
        return ((await response.json()) as { sync: { failed: string[] } }).sync.failed;
      },
      { timeout: 30_000 },
    )
    .toEqual([]);
}

/** Every Web API request of the stand-in answers 429 (`Retry-After: 1`), or none again. */
export async function throttleCrm(
  request: APIRequestContext,
  portal: Portal,
  on: boolean,
): Promise<void> {
  const response = await request.post(`${dataverseUrl(portal)}/_stand-in/throttle`, {
    data: on ? { every: 1, retryAfterSeconds: 1 } : null,
  });
  expect(response.status()).toBe(204);
}

async function webApi(request: APIRequestContext, portal: Portal) {
  return {
    base: `${dataverseUrl(portal)}/api/data/v9.2`,
    headers: {
      authorization: `Bearer ${await token(request, portal)}`,
      accept: 'application/json',
      'odata-version': '4.0',
      'odata-maxversion': '4.0',
    },
  };
}

/**
 * The navigation property a lookup column is bound by, read from the environment's metadata as
 * Dynamics' own forms know it: `ReferencingEntityNavigationPropertyName` of the table's
 * many-to-one relationship for that column (learn.microsoft.com/power-apps/developer/
 * data-platform/webapi/associate-disassociate-entities-using-web-api). Its case is the schema
 * name's, which need not be the column's.
 */
export async function navigationOf(
  request: APIRequestContext,
  portal: Portal,
  table: string,
  lookupColumn: string,
): Promise<string> {
  const { base, headers } = await webApi(request, portal);
  const response = await request.get(
    `${base}/EntityDefinitions(LogicalName='${table}')/ManyToOneRelationships` +
      '?$select=ReferencingAttribute,ReferencingEntityNavigationPropertyName,ReferencedEntity',
    { headers },
  );
  expect(response.status(), await response.text()).toBe(200);
  const { value } = (await response.json()) as {
    value: {
      ReferencingAttribute: string;
      ReferencingEntityNavigationPropertyName: string;
      ReferencedEntity: string;
    }[];
  };
  // A Customer lookup (parentcustomerid) has one relationship per table it may point at.
  const found = value.find(
    (r) =>
      r.ReferencingAttribute === lookupColumn &&
      (lookupColumn !== 'parentcustomerid' || r.ReferencedEntity === 'account'),
  );
  if (!found) throw new Error(`no many-to-one relationship of ${table}.${lookupColumn}`);
  return found.ReferencingEntityNavigationPropertyName;
}

/**
 * A record created as a CRM user's form creates it: the Web API's POST with only the columns the
 * user filled in (learn.microsoft.com/power-apps/developer/data-platform/webapi/
 * create-entity-web-api). Returns its id.
 */
export async function createInCrm(
  request: APIRequestContext,
  portal: Portal,
  entitySet: string,
  fields: Row,
): Promise<string> {
  const { base, headers } = await webApi(request, portal);
  const response = await request.post(`${base}/${entitySet}`, {
    headers: { ...headers, 'content-type': 'application/json' },
    data: fields,
  });
  expect(response.status(), await response.text()).toBe(204);
  const entityId = response.headers()['odata-entityid'] ?? '';
  const id = /\(([0-9a-f-]{36})\)$/i.exec(entityId)?.[1];
  if (!id) throw new Error(`no OData-EntityId in the answer: ${entityId}`);
  return id;
}
