// The Web API's data side under /api/data/v9.2: service document, WhoAmI, tables and rows.
import type { IncomingHttpHeaders } from 'node:http';
import { apiBase, type Answer, type DataRequest, type StandInContext } from './context.ts';
import { errors } from './errors.ts';
import { parsePrefer } from './odata.ts';
import { handleMerge } from './merge.ts';
import { handleOptionSets } from './option-set-definitions.ts';
import { stableGuid } from './option-sets.ts';
import { handleCollection, handleRecord } from './records.ts';
import { ENTITY_SETS, entitySet } from './schema.ts';
import { isGuid } from './store.ts';

/** Answers a request for `path` below the Web API's root. */
export function handleData(
  context: StandInContext,
  method: string,
  headers: IncomingHttpHeaders,
  path: string,
  query: Map<string, string>,
  body: unknown,
): Answer {
  const base = apiBase(context);
  const prefer = parsePrefer(headers.prefer);
  const request: DataRequest = { method, query, prefer, headers, body };
  if (path === '' || path === '/') {
    return {
      status: 200,
      body: {
        '@odata.context': `${base}/$metadata`,
        value: [
          ...ENTITY_SETS.map((e) => ({ name: e.set, kind: 'EntitySet', url: e.set })),
          {
            name: 'GlobalOptionSetDefinitions',
            kind: 'EntitySet',
            url: 'GlobalOptionSetDefinitions',
          },
        ],
      },
    };
  }
  const meta = context.metadata.handle(method, path, query, body, headers, base);
  if (meta) return meta;
  const match = /^\/([A-Za-z_$][A-Za-z0-9_.]*)(?:\((.*)\))?(\/[A-Za-z0-9_.]+)?$/.exec(path);
  if (!match) throw errors.segmentNotFound(path.slice(1));
  const [, segment, key, cast] = match;
  if (segment === 'WhoAmI') {
    if (method !== 'GET') throw errors.methodNotAllowed(method);
    return {
      status: 200,
      body: {
        '@odata.context': `${base}/$metadata#Microsoft.Dynamics.CRM.WhoAmIResponse`,
        BusinessUnitId: stableGuid('businessunit'),
        UserId: stableGuid('applicationuser'),
        OrganizationId: context.organisationId,
      },
    };
  }
  if (segment === 'Merge' && key === undefined && !cast) {
    return handleMerge(context, method, body);
  }
  if (segment === 'GlobalOptionSetDefinitions') {
    if (cast && cast !== '/Microsoft.Dynamics.CRM.OptionSetMetadata') {
      throw errors.segmentNotFound(cast.slice(1));
    }
    return handleOptionSets(context, method, key, query);
  }
  const entity = entitySet(segment!);
  if (!entity || cast) throw errors.segmentNotFound(cast ? cast.slice(1) : segment!);
  if (key === undefined) return handleCollection(context, entity, request);
  if (!isGuid(key)) {
    throw errors.badRequest(`Bad Request - Error in query syntax: the key '${key}' is not a GUID.`);
  }
  return handleRecord(context, entity, key.toLowerCase(), request);
}
