// A record's GET, PATCH (upsert) and DELETE, and POST to a collection, with ETag conditions.
import { randomUUID } from 'node:crypto';
import { readCollection } from './collection.ts';
import { apiBase, type Answer, type DataRequest, type StandInContext } from './context.ts';
import { errors } from './errors.ts';
import { parseExpand, parseSelect } from './odata.ts';
import type { WriteAttempt } from './options.ts';
import { checkExpands, checkSelect, contextSelect, present } from './present.ts';
import { rowFromBody } from './request-body.ts';
import type { EntitySet } from './schema.ts';
import { etagOf, type Row, type StoredRow } from './store.ts';

function checkRefusals(context: StandInContext, entity: EntitySet, attempt: WriteAttempt) {
  for (const predicate of context.refusals.get(entity.set) ?? []) {
    const verdict = predicate(attempt);
    if (verdict) {
      throw errors.refused(
        typeof verdict === 'string' ? verdict : `The ${entity.logicalName} was refused.`,
      );
    }
  }
}

function writeAnswer(
  context: StandInContext,
  entity: EntitySet,
  stored: StoredRow,
  created: boolean,
  { query, prefer }: DataRequest,
): Answer {
  const location = `${apiBase(context)}/${entity.set}(${stored.id})`;
  if (prefer.get('return') === 'representation') {
    const select = parseSelect(query.get('$select'));
    checkSelect(entity, select);
    return {
      status: created ? 201 : 200,
      headers: { 'odata-entityid': location, 'preference-applied': 'return=representation' },
      body: {
        '@odata.context': `${apiBase(context)}/$metadata#${entity.set}${contextSelect(select, [])}/$entity`,
        ...present(context, entity, stored, select, [], prefer.has('odata.include-annotations')),
      },
    };
  }
  return { status: 204, headers: { 'odata-entityid': location } };
}

function ifMatches(header: string | undefined, stored: StoredRow | undefined): boolean {
  if (header === undefined) return true;
  if (!stored) return false;
  if (header.trim() === '*') return true;
  return header
    .split(',')
    .map((tag) => tag.trim())
    .includes(etagOf(stored.version));
}

export function handleRecord(
  context: StandInContext,
  entity: EntitySet,
  id: string,
  request: DataRequest,
): Answer {
  const { method, query, prefer, headers, body } = request;
  const { store } = context;
  const existing = store.get(entity.set, id);
  const ifMatch = headers['if-match'];
  const ifNoneMatch = headers['if-none-match'];
  switch (method) {
    case 'GET': {
      for (const name of query.keys()) {
        if (name.startsWith('$') && name !== '$select' && name !== '$expand') {
          throw errors.badRequest(`The query parameter ${name} is not supported`);
        }
      }
      if (!existing) throw errors.notFound(entity.logicalName, id);
      const select = parseSelect(query.get('$select'));
      checkSelect(entity, select);
      const expands = parseExpand(query.get('$expand'));
      checkExpands(context, entity, expands);
      // Conditional retrieval: 304 when the caller's version is still current.
      if (ifNoneMatch && ifNoneMatch !== '*' && ifMatches(ifNoneMatch, existing)) {
        return { status: 304 };
      }
      return {
        status: 200,
        body: {
          '@odata.context': `${apiBase(context)}/$metadata#${entity.set}${contextSelect(select, expands)}/$entity`,
          ...present(
            context,
            entity,
            existing,
            select,
            expands,
            prefer.has('odata.include-annotations'),
          ),
        },
      };
    }
    case 'PATCH': {
      // Upsert: PATCH creates the row when it is absent, unless If-Match asks for an update
      // only; If-None-Match: * asks for a create only.
      if (ifMatch !== undefined && !existing) throw errors.notFound(entity.logicalName, id);
      if (!ifMatches(ifMatch, existing)) throw errors.versionMismatch();
      if (ifNoneMatch?.trim() === '*' && existing) throw errors.exists();
      const changes = rowFromBody(store, entity, body);
      checkRefusals(context, entity, {
        method: 'PATCH',
        id,
        row: { ...(existing?.row ?? {}), ...changes, [entity.key]: id },
        body,
      });
      const stored = store.put(entity.set, id, changes);
      return writeAnswer(context, entity, stored, !existing, request);
    }
    case 'DELETE': {
      if (!existing) throw errors.notFound(entity.logicalName, id);
      if (!ifMatches(ifMatch, existing)) throw errors.versionMismatch();
      checkRefusals(context, entity, { method: 'DELETE', id, row: null, body });
      store.remove(entity.set, id);
      return { status: 204 };
    }
    default:
      throw errors.methodNotAllowed(method);
  }
}

export function handleCollection(
  context: StandInContext,
  entity: EntitySet,
  request: DataRequest,
): Answer {
  const { method, query, prefer, body } = request;
  if (method === 'GET') return readCollection(context, entity, query, prefer);
  if (method !== 'POST') throw errors.methodNotAllowed(method);
  const { store } = context;
  const changes = rowFromBody(store, entity, body);
  const given = (body as Row)[entity.key];
  const id = typeof given === 'string' ? given.toLowerCase() : randomUUID();
  if (store.get(entity.set, id)) throw errors.exists();
  checkRefusals(context, entity, {
    method: 'POST',
    id,
    row: { ...changes, [entity.key]: id },
    body,
  });
  const stored = store.put(entity.set, id, changes);
  return writeAnswer(context, entity, stored, true, request);
}
