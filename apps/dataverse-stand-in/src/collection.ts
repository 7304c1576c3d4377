// GET on a collection: $select, $filter, $expand, $orderby, $top, paging and change tracking.
import { readChanges } from './changes.ts';
import { apiBase, preferenceApplied, type Answer, type StandInContext } from './context.ts';
import { errors } from './errors.ts';
import { filterProperties, matches, parseFilter, type FilterNode } from './filter.ts';
import { parseExpand, parseSelect, splitTopLevel, type Expand } from './odata.ts';
import { cookieDecode, cookieEncode, deltaToken, MAX_PAGE_SIZE, queryString } from './paging.ts';
import { checkExpands, checkSelect, contextSelect, present } from './present.ts';
import { keysOfIn, withReadNames } from './query-functions.ts';
import { lookupValueName, readableNames, type EntitySet } from './schema.ts';
import type { Row, StoredRow } from './store.ts';

const QUERY_OPTIONS = new Set([
  '$select',
  '$filter',
  '$expand',
  '$top',
  '$orderby',
  '$skiptoken',
  '$deltatoken',
]);

export function readCollection(
  context: StandInContext,
  entity: EntitySet,
  query: Map<string, string>,
  prefer: Map<string, string>,
): Answer {
  for (const name of query.keys()) {
    if (name.startsWith('$') && !QUERY_OPTIONS.has(name)) {
      throw errors.badRequest(`The query parameter ${name} is not supported`);
    }
  }
  const select = parseSelect(query.get('$select'));
  checkSelect(entity, select);
  const expands = parseExpand(query.get('$expand'));
  checkExpands(context, entity, expands);
  const annotations = prefer.has('odata.include-annotations');
  const cookie = query.has('$skiptoken') ? cookieDecode(query.get('$skiptoken')!) : {};
  const deltaParam = query.get('$deltatoken');
  const tracking = prefer.has('odata.track-changes') || cookie.track !== undefined;
  const requested = Number(prefer.get('odata.maxpagesize'));
  const pageSize =
    Number.isInteger(requested) && requested > 0
      ? Math.min(requested, MAX_PAGE_SIZE)
      : MAX_PAGE_SIZE;
  const applied: string[] = [];
  if (prefer.has('odata.maxpagesize') && pageSize === requested) {
    applied.push(`odata.maxpagesize=${pageSize}`);
  }

  // Change tracking returns whole tables (only $select narrows the columns), so the stand-in
  // refuses the options a delta could not honour instead of ignoring them.
  if (tracking || deltaParam !== undefined) {
    for (const name of ['$filter', '$expand', '$orderby', '$top']) {
      if (query.has(name)) {
        throw errors.badRequest(
          `The query parameter ${name} is not supported with change tracking.`,
        );
      }
    }
  }

  if (deltaParam !== undefined) {
    return readChanges(context, entity, {
      query,
      cookie,
      token: deltaParam,
      select,
      annotations,
      pageSize,
      applied,
    });
  }

  const filterText = query.get('$filter');
  const orderby = query.get('$orderby');
  const topText = query.get('$top');
  const { store } = context;
  const trackFrom = cookie.track ? Number(cookie.track) : store.currentVersion;
  const at: PageContext = {
    query,
    cookie,
    select,
    expands,
    annotations,
    tracking,
    trackFrom,
    applied,
    prefer,
  };
  if (filterText === undefined && orderby === undefined && topText === undefined) {
    // A page of a whole table by key, as Dataverse's paging cookie continues after the last
    // key: one more row than the page tells whether a next link follows.
    const rows = store.rowsAfter(entity.set, cookie.last, pageSize + 1);
    return collectionPage(context, entity, rows.slice(0, pageSize), rows.length > pageSize, at);
  }
  let rows: StoredRow[];
  if (filterText !== undefined) {
    const filter: FilterNode = withReadNames(parseFilter(filterText), (logical) =>
      queryFunctionProperty(entity, logical),
    );
    const names = new Set(readableNames(entity));
    for (const name of filterProperties(filter)) {
      if (!names.has(name)) throw errors.unknownProperty(name, entity.logicalName);
    }
    // An In on the key reads those rows by key instead of scanning the table.
    const keys = keysOfIn(filter, entity.key);
    const candidates = keys
      ? [...new Set(keys)]
          .sort()
          .map((key) => store.get(entity.set, key))
          .filter((stored): stored is StoredRow => stored !== undefined)
      : store.rows(entity.set);
    rows = candidates.filter((stored) => matches(filter, stored.row));
  } else {
    rows = store.rows(entity.set);
  }
  if (orderby !== undefined) {
    const keys = splitTopLevel(orderby).map((item) => {
      const [name, direction = 'asc'] = item.split(/\s+/);
      if (!readableNames(entity).includes(name!)) {
        throw errors.unknownProperty(name!, entity.logicalName);
      }
      return { name: name!, sign: direction.toLowerCase() === 'desc' ? -1 : 1 };
    });
    rows = [...rows].sort((a, b) => {
      for (const { name, sign } of keys) {
        const x = a.row[name] ?? null;
        const y = b.row[name] ?? null;
        if (x === y) continue;
        if (x === null) return -sign;
        if (y === null) return sign;
        return (x as string) < (y as string) ? -sign : sign;
      }
      return 0;
    });
  }
  if (topText !== undefined) {
    const top = Number(topText);
    if (!Number.isInteger(top) || top < 0) throw errors.badRequest('$top must be a whole number.');
    // With $top, Dataverse returns at most that many rows and no next link.
    rows = rows.slice(0, top);
  }
  // Paging: by the last key (like Dataverse's paging cookie) when in key order, else by offset.
  let start = 0;
  if (orderby === undefined && cookie.last) {
    start = rows.findIndex((stored) => stored.id > cookie.last!);
    if (start < 0) start = rows.length;
  } else if (cookie.offset) {
    start = Number(cookie.offset);
  }
  const limit = topText !== undefined ? rows.length : pageSize;
  const page = rows.slice(start, start + limit);
  return collectionPage(context, entity, page, start + page.length < rows.length, {
    ...at,
    ...(orderby === undefined ? {} : { offset: start + page.length }),
  });
}

interface PageContext {
  query: Map<string, string>;
  cookie: Record<string, string>;
  select: string[] | undefined;
  expands: Expand[];
  annotations: boolean;
  tracking: boolean;
  trackFrom: number;
  applied: string[];
  prefer: Map<string, string>;
  /** With `$orderby`: the next page starts at this offset (else after the page's last key). */
  offset?: number;
}

/** A page of a collection with its next link, or with its delta link when tracking ends. */
function collectionPage(
  context: StandInContext,
  entity: EntitySet,
  page: StoredRow[],
  more: boolean,
  at: PageContext,
): Answer {
  const base = apiBase(context);
  const body: Row = {
    '@odata.context': `${base}/$metadata#${entity.set}${contextSelect(at.select, at.expands)}${at.tracking ? '/$delta' : ''}`,
    value: page.map((stored) =>
      present(context, entity, stored, at.select, at.expands, at.annotations),
    ),
  };
  const rest = new Map(at.query);
  rest.delete('$skiptoken');
  if (more) {
    const fields: Record<string, string | number> = {
      pagenumber: Number(at.cookie.pagenumber ?? 1) + 1,
    };
    if (at.offset === undefined) fields.last = page.at(-1)!.id;
    else fields.offset = at.offset;
    if (at.tracking) fields.track = at.trackFrom;
    rest.set('$skiptoken', cookieEncode(fields));
    body['@odata.nextLink'] = `${base}/${entity.set}${queryString(rest)}`;
  } else if (at.tracking) {
    rest.set('$deltatoken', deltaToken(at.trackFrom));
    body['@odata.deltaLink'] = `${base}/${entity.set}${queryString(rest)}`;
  }
  const applied = [...at.applied];
  if (at.tracking && at.prefer.has('odata.track-changes')) applied.push('odata.track-changes');
  return { status: 200, headers: preferenceApplied(applied), body };
}

/** A query function's PropertyName as a row is read: a lookup's logical name as `_x_value`. */
function queryFunctionProperty(entity: EntitySet, logical: string): string {
  if (logical.startsWith('_')) throw errors.unknownProperty(logical, entity.logicalName);
  const column = entity.columns[logical];
  return column?.kind === 'lookup' ? lookupValueName(logical) : logical;
}
