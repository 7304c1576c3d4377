import { PICKLIST_NAMES, isGuid } from '@pp/contract';
import {
  CrmConflict,
  CrmRefused,
  CrmUnavailable,
  type CrmChangePage,
  type CrmEntity,
  type CrmMerge,
  type CrmPicklistEntry,
  type CrmRecord,
  type CrmRecordsByKey,
  type CrmWrite,
  type CrmClient,
} from '../crm-client.ts';
import type { RequestBudget } from '../budget.ts';
import type { DataverseMapping, EntityMapping } from './mapping.ts';
import type { ClientCertificate } from './certificate.ts';
import { navigationNames } from './navigation.ts';
import { clientCredentialsTokens } from './token.ts';
import { optionSetCache } from './option-set-cache.ts';
import {
  bodyOf,
  deactivationBody,
  isInactive,
  masterOf,
  recordOf,
  selectedColumns,
} from './values.ts';
import { DataverseWebApi, refusal, type WebApiAnswer } from './web-api.ts';

// The CRM client for Microsoft Dataverse (decision 0061). Microsoft Learn pages it
// follows: "Page results using OData" (query/page-results), "Use change tracking to synchronize
// data with external systems" (use-change-tracking-synchronize-data-external-systems),
// "Perform conditional operations using the Web API" (webapi/perform-conditional-operations-using-web-api),
// "Create and update choices (option sets) using the Web API" (webapi/create-update-optionsets),
// all under https://learn.microsoft.com/power-apps/developer/data-platform/.

export interface DataverseSettings {
  /** DATAVERSE_URL, the environment's base URL: https://contoso.crm4.dynamics.com */
  url: string;
  tenantId: string;
  clientId: string;
  /** One of the two: the client secret, or the certificate that signs a client assertion. */
  clientSecret?: string | undefined;
  clientCertificate?: ClientCertificate | undefined;
  /** DATAVERSE_AUTHORITY: https://login.microsoftonline.com, or a stand-in. */
  authority: string;
  mapping: DataverseMapping;
  /**
   * Records per page of a full read or of changes (`Prefer: odata.maxpagesize`); Dataverse's
   * default and most, 5,000, unless set.
   */
  pageSize?: number;
  /** Time limit of one request, the token's included. */
  requestTimeoutMs?: number;
  /** The share of Dataverse's service protection limits the requests take from. */
  budget?: RequestBudget;
}

/**
 * Keys in one request of `readByIds`: `'<guid>',` is 39 characters (45 encoded), so 300 stay
 * far below Dataverse's 32 KB limit of a URL (Microsoft Learn: "Compose HTTP requests and handle
 * errors", maximum URL length).
 */
const IDS_PER_REQUEST = 300;

/** Only ask for the annotation the client reads: the table of a polymorphic lookup. */
const LOOKUP_ANNOTATION = 'odata.include-annotations="Microsoft.Dynamics.CRM.lookuplogicalname"';

export function dataverseClient(settings: DataverseSettings): CrmClient {
  const { mapping } = settings;
  const pageSize = Math.min(5000, Math.max(1, settings.pageSize ?? 5000));
  const timeoutMs = settings.requestTimeoutMs ?? 15_000;
  const tokens = clientCredentialsTokens({
    authority: settings.authority,
    tenantId: settings.tenantId,
    clientId: settings.clientId,
    clientSecret: settings.clientSecret,
    clientCertificate: settings.clientCertificate,
    scope: `${settings.url.replace(/\/+$/, '')}/.default`,
    timeoutMs,
  });
  const api = new DataverseWebApi(settings.url, tokens, timeoutMs, settings.budget);
  const navigations = navigationNames(api, mapping);

  const { fetch: fetchOptionSet, withOptionSets } = optionSetCache(api);

  function specOf(entity: CrmEntity): EntityMapping {
    return mapping.entities[entity];
  }

  function select(spec: EntityMapping): string {
    return `$select=${selectedColumns(spec).join(',')}`;
  }

  /** The headers of a full read or of changes: paged, with a delta link on the last page. */
  function trackingHeaders() {
    return {
      prefer: `odata.track-changes, odata.maxpagesize=${pageSize}, ${LOOKUP_ANNOTATION}`,
    };
  }

  async function pageOf(entity: CrmEntity, answer: WebApiAnswer): Promise<CrmChangePage> {
    const spec = specOf(entity);
    const body = answer.body as Record<string, unknown> | null;
    const rows = Array.isArray(body?.value) ? (body.value as Record<string, unknown>[]) : [];
    // In a delta answer a removed record is `{ "@odata.context": "…$deletedEntity", "id": … }`
    // (OData 4.0 JSON §15; OData 4.01 says `@removed`).
    const isRemoved = (row: Record<string, unknown>) =>
      (typeof row['@odata.context'] === 'string' &&
        row['@odata.context'].endsWith('$deletedEntity')) ||
      '@removed' in row ||
      '@odata.removed' in row;
    // An inactive record (the mapping's `stateColumn`: a deactivated or merged contact) is, for
    // the portal, a removed one: not taken, and its mirror removed (docs/product.md §1).
    const gone = (row: Record<string, unknown>) => isRemoved(row) || isInactive(spec, row);
    const removed = rows.filter(gone).map((row) => String(row.id ?? row[spec.primaryKey]));
    // A merged one (`masterid` set, the mapping's `masterColumn`) names its master: the portal's
    // person follows it (docs/product.md §1).
    const merged: CrmMerge[] = rows.flatMap((row) => {
      const into = isRemoved(row) ? undefined : masterOf(spec, row);
      return into ? [{ id: String(row[spec.primaryKey]), into }] : [];
    });
    const kept = rows.filter((row) => !gone(row));
    const changed = await withOptionSets(spec, (sets, strict) =>
      kept.map((row) => recordOf(entity, spec, row, sets, strict)),
    );
    const present = kept.map((row) => String(row[spec.primaryKey]));
    const page: CrmChangePage = { changed, removed, present };
    if (merged.length > 0) page.merged = merged;
    if (typeof body?.['@odata.nextLink'] === 'string') page.next = body['@odata.nextLink'];
    if (typeof body?.['@odata.deltaLink'] === 'string') page.token = body['@odata.deltaLink'];
    return page;
  }

  async function getPage(entity: CrmEntity, pathOrLink: string, what: string) {
    const answer = await api.send('GET', pathOrLink, { headers: trackingHeaders() });
    if (answer.status !== 200) throw refusal(answer, what);
    return pageOf(entity, answer);
  }

  /** One record; an inactive one (`isInactive`) only for the writes' own reads. */
  async function read(
    entity: CrmEntity,
    id: string,
    inactiveToo = false,
  ): Promise<CrmRecord | null> {
    if (!isGuid(id)) return null;
    const spec = specOf(entity);
    const answer = await api.send('GET', `${spec.entitySet}(${id})?${select(spec)}`, {
      headers: { prefer: LOOKUP_ANNOTATION },
    });
    if (answer.status === 404) return null;
    if (answer.status !== 200) throw refusal(answer, `reading the ${entity} ${id}`);
    const row = answer.body as Record<string, unknown>;
    if (!inactiveToo && isInactive(spec, row)) return null;
    return withOptionSets(spec, (sets, strict) => recordOf(entity, spec, row, sets, strict));
  }

  /**
   * Records by key with Dataverse's query function In (Microsoft Learn: "Filter rows",
   * webapi/query/filter-rows, Dataverse query functions; reference: webapi/reference/in).
   */
  async function readByIds(entity: CrmEntity, ids: readonly string[]): Promise<CrmRecordsByKey> {
    const spec = specOf(entity);
    const keys = [...new Set(ids.filter(isGuid).map((id) => id.toLowerCase()))];
    const records: CrmRecord[] = [];
    const merged: CrmMerge[] = [];
    for (let start = 0; start < keys.length; start += IDS_PER_REQUEST) {
      const values = keys
        .slice(start, start + IDS_PER_REQUEST)
        .map((id) => `'${id}'`)
        .join(',');
      const filter = `Microsoft.Dynamics.CRM.In(PropertyName='${spec.primaryKey}',PropertyValues=[${values}])`;
      let link: string | undefined =
        `${spec.entitySet}?${select(spec)}&$filter=${encodeURIComponent(filter)}`;
      while (link) {
        const answer = await api.send('GET', link, {
          headers: { prefer: `odata.maxpagesize=${pageSize}, ${LOOKUP_ANNOTATION}` },
        });
        if (answer.status !== 200) throw refusal(answer, `reading ${spec.entitySet} by key`);
        const page = await pageOf(entity, answer);
        records.push(...page.changed);
        merged.push(...(page.merged ?? []));
        link = page.next;
      }
    }
    return { records, merged };
  }

  /** The inactive records whose `masterColumn` names one of `masters`, by the query function In. */
  async function mergedInto(entity: CrmEntity, masters: readonly string[]): Promise<CrmMerge[]> {
    const spec = specOf(entity);
    if (!spec.masterColumn) return [];
    const keys = [...new Set(masters.filter(isGuid).map((id) => id.toLowerCase()))];
    const merges: CrmMerge[] = [];
    for (let start = 0; start < keys.length; start += IDS_PER_REQUEST) {
      const values = keys
        .slice(start, start + IDS_PER_REQUEST)
        .map((id) => `'${id}'`)
        .join(',');
      const filter = `Microsoft.Dynamics.CRM.In(PropertyName='${spec.masterColumn}',PropertyValues=[${values}])`;
      const columns = [spec.primaryKey, `_${spec.masterColumn}_value`];
      if (spec.stateColumn) columns.push(spec.stateColumn);
      let link: string | undefined =
        `${spec.entitySet}?$select=${columns.join(',')}&$filter=${encodeURIComponent(filter)}`;
      while (link) {
        const answer = await api.send('GET', link, {
          headers: { prefer: `odata.maxpagesize=${pageSize}` },
        });
        if (answer.status !== 200) throw refusal(answer, `reading ${spec.entitySet} merged`);
        const body = answer.body as Record<string, unknown> | null;
        const rows = Array.isArray(body?.value) ? (body.value as Record<string, unknown>[]) : [];
        for (const row of rows) {
          const into = masterOf(spec, row);
          if (into) merges.push({ id: String(row[spec.primaryKey]).toLowerCase(), into });
        }
        link = typeof body?.['@odata.nextLink'] === 'string' ? body['@odata.nextLink'] : undefined;
      }
    }
    return merges;
  }

  async function write(change: CrmWrite): Promise<{ etag: string }> {
    const { entity, id, kind, operationId } = change;
    const spec = specOf(entity);
    const what = `the ${kind} of the ${entity} ${id}`;
    if (!isGuid(id)) throw new CrmRefused(`${what}: the key is not a GUID`, 400);
    const path = `${spec.entitySet}(${id})`;

    if (kind === 'delete') {
      const answer = await api.send('DELETE', path, {
        headers: { 'if-match': change.etag ?? '*' },
        operationId,
      });
      // Gone already (removed in Dataverse, or an earlier try whose answer was lost): done.
      if (answer.status < 300 || answer.status === 404) return { etag: '' };
      if (answer.status === 412) throw new CrmConflict(entity, id);
      throw refusal(answer, what);
    }

    if (kind === 'deactivate') {
      // An update of the state columns (Microsoft Learn: "Update and delete table rows using the
      // Web API"); `If-Match` keeps it an update, never a create of a record removed meanwhile.
      const answer = await api.send('PATCH', path, {
        headers: { 'if-match': change.etag ?? '*' },
        body: deactivationBody(spec),
        operationId,
      });
      // Gone already (deleted in Dataverse, or an earlier try whose answer was lost): done.
      if (answer.status < 300 || answer.status === 404) return { etag: '' };
      if (answer.status === 412) throw new CrmConflict(entity, id);
      throw refusal(answer, what);
    }

    const lookups = await navigations.of(entity);
    const body = await withOptionSets(spec, (sets, strict) =>
      bodyOf(spec, change.fields, sets, strict, lookups),
    );
    // An upsert (PATCH on the key) made conditional: `If-None-Match: *` only creates, so a
    // create retried after a lost answer meets its own record (412); `If-Match` only updates,
    // so an update never brings back a record someone removed in Dataverse (404).
    const answer = await api.send('PATCH', `${path}?${select(spec)}`, {
      headers: {
        prefer: 'return=representation',
        ...(kind === 'create' ? { 'if-none-match': '*' } : { 'if-match': change.etag ?? '*' }),
      },
      body,
      operationId,
    });
    if (answer.status < 300) {
      const etag =
        (answer.body as Record<string, unknown> | null)?.['@odata.etag'] ??
        answer.headers.get('etag');
      if (typeof etag === 'string' && etag) return { etag };
      const record = await read(entity, id, true);
      return { etag: record?.etag ?? '' };
    }
    if (answer.status === 412) {
      if (kind === 'update') throw new CrmConflict(entity, id);
      // The key is the operation's own (the portal chose it), so a record under it is this
      // create's, written by a try whose answer was lost.
      const existing = await read(entity, id, true);
      if (existing) return { etag: existing.etag };
      throw new CrmUnavailable(`${what}: Dataverse answered 412 but holds no such record`);
    }
    throw refusal(answer, what);
  }

  return {
    name: 'dataverse',

    readAll(entity, after) {
      const spec = specOf(entity);
      return getPage(
        entity,
        after ?? `${spec.entitySet}?${select(spec)}`,
        `the full read of ${spec.entitySet}`,
      );
    },

    changes(entity, token) {
      // The token is a delta link, or a page's next link while changes come in several pages.
      return getPage(entity, token, `the changes of ${specOf(entity).entitySet}`);
    },

    read: (entity, id) => read(entity, id),
    readByIds,
    mergedInto,
    write,

    async organisation() {
      // Microsoft Learn: "WhoAmI Function" (webapi/reference/whoami).
      const answer = await api.send('GET', 'WhoAmI');
      const id = (answer.body as { OrganizationId?: unknown } | null)?.OrganizationId;
      if (answer.status !== 200 || typeof id !== 'string') throw refusal(answer, 'WhoAmI');
      return id.toLowerCase();
    },

    async picklists() {
      const lists = await Promise.all(
        PICKLIST_NAMES.map(async (list) => {
          const options = await fetchOptionSet(mapping.picklists[list]);
          return options.map((option, index): CrmPicklistEntry => ({
            list,
            code: option.code,
            labelDe: option.labelDe,
            labelEn: option.labelEn,
            // The option set's order, in the steps of ten the portal's own lists use.
            sortOrder: (index + 1) * 10,
          }));
        }),
      );
      return lists.flat();
    },
  };
}
