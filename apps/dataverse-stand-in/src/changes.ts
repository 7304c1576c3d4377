// Change tracking's delta links: a table's changes since a `$deltatoken`.
import { apiBase, preferenceApplied, type Answer, type StandInContext } from './context.ts';
import { errors } from './errors.ts';
import { cookieEncode, deltaToken, parseDeltaToken, queryString } from './paging.ts';
import { contextSelect, present } from './present.ts';
import type { EntitySet } from './schema.ts';
import type { Row, StoredRow } from './store.ts';

export interface ChangesRequest {
  query: Map<string, string>;
  cookie: Record<string, string>;
  /** The `$deltatoken`: the version the changes come after. */
  token: string;
  select: string[] | undefined;
  annotations: boolean;
  pageSize: number;
  applied: string[];
}

/**
 * The changes since the token: changed rows as they are now, removed ones as `$deletedEntity`.
 * The next token is fixed on the first page and carried in the cookie.
 */
export function readChanges(
  context: StandInContext,
  entity: EntitySet,
  { query, cookie, token, select, annotations, pageSize, applied }: ChangesRequest,
): Answer {
  const { store } = context;
  const base = apiBase(context);
  const since = parseDeltaToken(token);
  if (since < context.trackedFrom) throw errors.expiredVersionStamp();
  const next = cookie.next ? Number(cookie.next) : store.currentVersion;
  const changed = store
    .changedSince(entity.set, since)
    .map((stored) => ({ id: stored.id, stored }));
  const removed = store
    .removedSince(entity.set, since)
    .map((id) => ({ id, stored: undefined as StoredRow | undefined }));
  const entries = [...changed, ...removed]
    .sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
    .filter((entry) => !cookie.last || entry.id > cookie.last);
  const page = entries.slice(0, pageSize);
  const body: Row = {
    '@odata.context': `${base}/$metadata#${entity.set}${contextSelect(select, [])}/$delta`,
    value: page.map((entry) =>
      entry.stored
        ? present(context, entity, entry.stored, select, [], annotations)
        : {
            '@odata.context': `${base}/$metadata#${entity.set}/$deletedEntity`,
            id: entry.id,
            reason: 'deleted',
          },
    ),
  };
  const rest = new Map(query);
  rest.delete('$skiptoken');
  if (entries.length > page.length) {
    rest.set(
      '$skiptoken',
      cookieEncode({
        pagenumber: Number(cookie.pagenumber ?? 1) + 1,
        last: page.at(-1)!.id,
        next,
      }),
    );
    body['@odata.nextLink'] = `${base}/${entity.set}${queryString(rest)}`;
  } else {
    rest.set('$deltatoken', deltaToken(next));
    body['@odata.deltaLink'] = `${base}/${entity.set}${queryString(rest)}`;
  }
  return { status: 200, headers: preferenceApplied(applied), body };
}
