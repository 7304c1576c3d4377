import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { demoRows } from './demo.ts';
import { DataverseError, errors } from './errors.ts';
import { Identity } from './identity.ts';
import { createMetadata } from './metadata.ts';
import {
  filterProperties,
  matches,
  parseExpand,
  parseFilter,
  parsePrefer,
  parseQuery,
  parseSelect,
  splitTopLevel,
  type Expand,
  type FilterNode,
} from './odata.ts';
import { loadOptionSets, optionSetJson, stableGuid, type OptionSet } from './option-sets.ts';
import {
  ENTITY_SETS,
  entitySet,
  lookupByNavigation,
  lookupValueName,
  readableNames,
  type EntitySet,
} from './schema.ts';
import { etagOf, isGuid, Store, type Row, type StoredRow } from './store.ts';

// A stand-in for a Microsoft Dataverse environment's Web API (v9.2) and for the Microsoft
// identity platform's token endpoint, on one origin: its URL is both DATAVERSE_URL and
// DATAVERSE_AUTHORITY. It answers as Microsoft's documentation describes (the pages are cited in
// test/*.test.ts), holds the demo data of `npm start`, and lets a test steer it: throttle it
// (429), expire tokens (401) or change tracking's delta links (400), edit or remove rows as a CRM user would, refuse a write for good
// (400), and read what clients sent. Plain node:http, no framework, like the api's other
// stand-ins.

export { stableGuid } from './option-sets.ts';
export { demoAccountId, demoContactId, demoLocationId } from './demo.ts';
export { ROLE_VALUES, OPTION_VALUE_BASE, PICKLIST_OPTION_SETS } from './option-sets.ts';
export { ENTITY_SETS } from './schema.ts';

export const API_PATH = '/api/data/v9.2';

/** Every `every`-th request answers 429, or every request for the next `seconds`. */
export type Throttle = { every: number; retryAfterSeconds?: number } | { seconds: number };

export interface StandInOptions {
  /** 0 (the default) takes a free port. */
  port?: number;
  host?: string;
  /** `expires_in` of issued tokens (Entra's usual 3599). */
  tokenLifetimeSeconds?: number;
  throttle?: Throttle | null;
  /** Whether the tables start with the demo data of `npm start` (default true). */
  demo?: boolean;
  /**
   * Serve the test controls over HTTP under `/_stand-in/` too (default false), for a stand-in in
   * another process (the CLI's `--controls`): throttle, expire-tokens, expire-change-tracking,
   * suspend, edit, remove, refuse, seen. Not part of Dataverse.
   */
  httpControls?: boolean;
  /** How many requests `seen` keeps (the oldest are dropped); default 10,000. */
  seenLimit?: number;
  /**
   * Whether the environment has the portal's solution (default true); false: its metadata lacks
   * the pp_ tables, columns and option sets, for `crm:provision` (src/metadata.ts).
   */
  portalSolution?: boolean;
}

export interface SeenRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  headers: {
    authorization?: string;
    prefer?: string;
    'if-match'?: string;
    'if-none-match'?: string;
    'content-type'?: string;
    /** W3C trace context of the client's span (portal traces, issue 45). */
    traceparent?: string;
  };
  body: unknown;
  /** The status the stand-in answered with. */
  status?: number;
}

export interface WriteAttempt {
  method: 'POST' | 'PATCH' | 'DELETE';
  id: string;
  /** The row as it would be after the write (in the read shape), or null for a delete. */
  row: Row | null;
  body: unknown;
}

/** Return true (or a message) to refuse the write with 400 for good. */
export type RefusePredicate = (write: WriteAttempt) => boolean | string;

export interface DataverseStandIn {
  /** The base URL: DATAVERSE_URL and DATAVERSE_AUTHORITY. */
  url: string;
  /** The Web API's root, `${url}/api/data/v9.2`. */
  apiUrl: string;
  port: number;
  stop(): Promise<void>;
  /** Stops listening (open connections are cut) but keeps the rows; `resume` listens again. */
  suspend(): Promise<void>;
  resume(): Promise<void>;
  setThrottle(throttle: Throttle | null): void;
  /** Every token issued so far answers 401 from now on. */
  expireTokens(): void;
  /**
   * Drops the change tracking data kept so far, as Dataverse does after
   * ExpireChangeTrackingInDays: a delta link that would need it (one with changes after it)
   * answers 400 ExpiredVersionStamp (0x80044352) and the client reads everything again.
   */
  expireChangeTracking(): void;
  /** The rows of an entity set as the Web API reads them (with `@odata.etag`). */
  table(entitySet: string): Row[];
  /** One row, or undefined. */
  record(entitySet: string, id: string): Row | undefined;
  /** Requests received, oldest first (tests may empty it with `seen.length = 0`). */
  seen: SeenRequest[];
  /**
   * Changes (or creates) a row as a CRM user would: a new version that change tracking reports.
   * `fields` use the read names (`firstname`, `_parentcustomerid_value`). Returns the new ETag.
   */
  edit(entitySet: string, id: string, fields: Row): string;
  /** Removes a row as a CRM user would; change tracking reports it as deleted. */
  remove(entitySet: string, id: string): boolean;
  /** Writes to the set for which `predicate` holds answer 400; the returned function lifts it. */
  refuse(entitySet: string, predicate: RefusePredicate): () => void;
  /** A token for `curl` or a test: what the token endpoint would issue. */
  issueToken(): string;
  optionSets: Map<string, OptionSet>;
}

/** Example credentials the CLI prints; any GUIDs and any non-empty secret work. */
export const EXAMPLE_CREDENTIALS = {
  tenantId: '11111111-2222-3333-4444-555555555555',
  clientId: '66666666-7777-8888-9999-000000000000',
  clientSecret: 'stand-in-secret',
} as const;

const MAX_PAGE_SIZE = 5000;

function cookieEncode(fields: Record<string, string | number>): string {
  const attributes = Object.entries(fields)
    .map(([name, value]) => `${name}="${value}"`)
    .join(' ');
  return `<cookie ${attributes} />`;
}

function cookieDecode(text: string): Record<string, string> {
  const fields: Record<string, string> = {};
  if (!text.startsWith('<cookie')) throw errors.badRequest('The $skiptoken is not valid.');
  for (const match of text.matchAll(/(\w+)="([^"]*)"/g)) fields[match[1]!] = match[2]!;
  return fields;
}

/** `919042!08/22/2017 08:10:44`: Dataverse's delta tokens are a version and a time. */
function deltaToken(version: number): string {
  const now = new Date();
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${version}!${pad(now.getUTCMonth() + 1)}/${pad(now.getUTCDate())}/${now.getUTCFullYear()} ${pad(now.getUTCHours())}:${pad(now.getUTCMinutes())}:${pad(now.getUTCSeconds())}`;
}

function parseDeltaToken(text: string): number {
  const version = Number(text.split('!')[0]);
  if (!Number.isInteger(version)) throw errors.badRequest('The $deltatoken is not valid.');
  return version;
}

/** A query string in OData's form (`$select=a,b&$filter=…`), encoding what must be encoded. */
function queryString(options: Map<string, string>): string {
  const parts = [...options.entries()].map(
    ([name, value]) =>
      `${name}=${encodeURIComponent(value).replace(/%2C/g, ',').replace(/%24/g, '$').replace(/%3D/g, '=')}`,
  );
  return parts.length > 0 ? `?${parts.join('&')}` : '';
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

export async function startDataverseStandIn(
  options: StandInOptions = {},
): Promise<DataverseStandIn> {
  const host = options.host ?? '127.0.0.1';
  const optionSets = loadOptionSets();
  const store = new Store(optionSets);
  if (options.demo ?? true) {
    const rows = demoRows(optionSets);
    for (const entity of ENTITY_SETS) {
      for (const row of rows[entity.set as keyof typeof rows]) {
        store.put(entity.set, row[entity.key] as string, row);
      }
    }
  }
  const metadata = createMetadata(optionSets, { portalSolution: options.portalSolution ?? true });
  let url = '';
  const identity = new Identity(() => url, options.tokenLifetimeSeconds ?? 3599);
  const seen: SeenRequest[] = [];
  const seenLimit = options.seenLimit ?? 10_000;
  const refusals = new Map<string, Set<RefusePredicate>>();
  let throttle: Throttle | null = options.throttle ?? null;
  let throttleCounter = 0;
  let throttleUntil = 0;
  /** Delta links below this version lost their changes (`expireChangeTracking`). */
  let trackedFrom = 0;

  const setThrottle = (next: Throttle | null) => {
    throttle = next;
    throttleCounter = 0;
    throttleUntil = next && 'seconds' in next ? Date.now() + next.seconds * 1000 : 0;
  };
  setThrottle(throttle);

  /** Service protection: whether this request is over the (configured) limit. */
  function throttled(): DataverseError | undefined {
    if (!throttle) return undefined;
    if ('seconds' in throttle) {
      const left = throttleUntil - Date.now();
      if (left > 0) return errors.throttled(Math.max(1, Math.ceil(left / 1000)));
      return undefined;
    }
    throttleCounter++;
    if (throttle.every > 0 && throttleCounter % throttle.every === 0) {
      return errors.throttled(throttle.retryAfterSeconds ?? 1);
    }
    return undefined;
  }

  function present(
    entity: EntitySet,
    stored: StoredRow,
    select: string[] | undefined,
    expands: Expand[],
    annotations: boolean,
  ): Row {
    const out: Row = { '@odata.etag': etagOf(stored.version) };
    const names = select ?? readableNames(entity);
    for (const name of names) {
      out[name] = stored.row[name] ?? null;
      if (annotations) annotate(entity, name, stored.row[name], out);
    }
    out[entity.key] = stored.id;
    for (const expand of expands) {
      const lookup = lookupByNavigation(entity, expand.navigation)!;
      const targetId = stored.row[lookupValueName(lookup.column)] as string | null;
      const target = entitySet(lookup.target)!;
      const related = targetId ? store.get(lookup.target, targetId) : undefined;
      out[expand.navigation] = related
        ? present(target, related, expand.select, [], annotations)
        : null;
    }
    return out;
  }

  /** `Prefer: odata.include-annotations="*"`: formatted values of choices, lookups' tables. */
  function annotate(entity: EntitySet, name: string, value: unknown, out: Row) {
    if (value === null || value === undefined) return;
    const type = entity.columns[name];
    if (type?.kind === 'choice' || type?.kind === 'choices') {
      const options = optionSets.get(type.optionSet)?.options ?? [];
      const labels = String(value)
        .split(',')
        .map((part) => options.find((o) => o.value === Number(part))?.labelEn ?? part);
      out[`${name}@OData.Community.Display.V1.FormattedValue`] = labels.join('; ');
    }
    const lookup = /^_(.+)_value$/.exec(name);
    const column = lookup ? entity.columns[lookup[1]!] : undefined;
    if (column?.kind === 'lookup') {
      out[`${name}@Microsoft.Dynamics.CRM.lookuplogicalname`] = entitySet(
        column.target,
      )!.logicalName;
    }
  }

  function checkSelect(entity: EntitySet, select: string[] | undefined) {
    const names = new Set(readableNames(entity));
    for (const name of select ?? []) {
      if (!names.has(name)) throw errors.unknownProperty(name, entity.logicalName);
    }
  }

  function checkExpands(entity: EntitySet, expands: Expand[]) {
    for (const expand of expands) {
      const lookup = lookupByNavigation(entity, expand.navigation);
      if (!lookup) throw errors.unknownProperty(expand.navigation, entity.logicalName);
      checkSelect(entitySet(lookup.target)!, expand.select);
    }
  }

  function contextSelect(select: string[] | undefined, expands: Expand[]): string {
    const items = [
      ...(select ?? []),
      ...expands.map((e) => (e.select ? `${e.navigation}(${e.select.join(',')})` : e.navigation)),
    ];
    return items.length > 0 ? `(${items.join(',')})` : '';
  }

  interface Answer {
    status: number;
    headers?: Record<string, string>;
    body?: unknown;
  }

  const QUERY_OPTIONS = new Set([
    '$select',
    '$filter',
    '$expand',
    '$top',
    '$orderby',
    '$skiptoken',
    '$deltatoken',
  ]);

  function readCollection(
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
    checkExpands(entity, expands);
    const annotations = prefer.has('odata.include-annotations');
    const base = `${url}${API_PATH}`;
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
      // The changes since the token: changed rows as they are now, removed ones as
      // `$deletedEntity`. The next token is fixed on the first page and carried in the cookie.
      const since = parseDeltaToken(deltaParam);
      if (since < trackedFrom) throw errors.expiredVersionStamp();
      const next = cookie.next ? Number(cookie.next) : store.currentVersion;
      const changed = store
        .rows(entity.set)
        .filter((stored) => stored.version > since)
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
            ? present(entity, entry.stored, select, [], annotations)
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

    let rows = store.rows(entity.set);
    const filterText = query.get('$filter');
    if (filterText !== undefined) {
      const filter: FilterNode = parseFilter(filterText);
      const names = new Set(readableNames(entity));
      for (const name of filterProperties(filter)) {
        if (!names.has(name)) throw errors.unknownProperty(name, entity.logicalName);
      }
      rows = rows.filter((stored) => matches(filter, stored.row));
    }
    const orderby = query.get('$orderby');
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
    const topText = query.get('$top');
    if (topText !== undefined) {
      const top = Number(topText);
      if (!Number.isInteger(top) || top < 0)
        throw errors.badRequest('$top must be a whole number.');
      // With $top, Dataverse returns at most that many rows and no next link.
      rows = rows.slice(0, top);
    }
    const trackFrom = cookie.track ? Number(cookie.track) : store.currentVersion;
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
    const body: Row = {
      '@odata.context': `${base}/$metadata#${entity.set}${contextSelect(select, expands)}${tracking ? '/$delta' : ''}`,
      value: page.map((stored) => present(entity, stored, select, expands, annotations)),
    };
    const rest = new Map(query);
    rest.delete('$skiptoken');
    if (start + page.length < rows.length) {
      const fields: Record<string, string | number> = {
        pagenumber: Number(cookie.pagenumber ?? 1) + 1,
      };
      if (orderby === undefined) fields.last = page.at(-1)!.id;
      else fields.offset = start + page.length;
      if (tracking) fields.track = trackFrom;
      rest.set('$skiptoken', cookieEncode(fields));
      body['@odata.nextLink'] = `${base}/${entity.set}${queryString(rest)}`;
    } else if (tracking) {
      rest.set('$deltatoken', deltaToken(trackFrom));
      body['@odata.deltaLink'] = `${base}/${entity.set}${queryString(rest)}`;
    }
    if (tracking && prefer.has('odata.track-changes')) applied.push('odata.track-changes');
    return { status: 200, headers: preferenceApplied(applied), body };
  }

  function preferenceApplied(applied: string[]): Record<string, string> {
    return applied.length > 0 ? { 'preference-applied': applied.join(',') } : {};
  }

  function checkRefusals(entity: EntitySet, attempt: WriteAttempt) {
    for (const predicate of refusals.get(entity.set) ?? []) {
      const verdict = predicate(attempt);
      if (verdict) {
        throw errors.refused(
          typeof verdict === 'string' ? verdict : `The ${entity.logicalName} was refused.`,
        );
      }
    }
  }

  function writeAnswer(
    entity: EntitySet,
    stored: StoredRow,
    created: boolean,
    query: Map<string, string>,
    prefer: Map<string, string>,
  ): Answer {
    const location = `${url}${API_PATH}/${entity.set}(${stored.id})`;
    if (prefer.get('return') === 'representation') {
      const select = parseSelect(query.get('$select'));
      checkSelect(entity, select);
      return {
        status: created ? 201 : 200,
        headers: { 'odata-entityid': location, 'preference-applied': 'return=representation' },
        body: {
          '@odata.context': `${url}${API_PATH}/$metadata#${entity.set}${contextSelect(select, [])}/$entity`,
          ...present(entity, stored, select, [], prefer.has('odata.include-annotations')),
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

  function handleRecord(
    method: string,
    entity: EntitySet,
    id: string,
    query: Map<string, string>,
    prefer: Map<string, string>,
    request: IncomingMessage,
    body: unknown,
  ): Answer {
    const existing = store.get(entity.set, id);
    const ifMatch = request.headers['if-match'];
    const ifNoneMatch = request.headers['if-none-match'];
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
        checkExpands(entity, expands);
        // Conditional retrieval: 304 when the caller's version is still current.
        if (ifNoneMatch && ifNoneMatch !== '*' && ifMatches(ifNoneMatch, existing)) {
          return { status: 304 };
        }
        return {
          status: 200,
          body: {
            '@odata.context': `${url}${API_PATH}/$metadata#${entity.set}${contextSelect(select, expands)}/$entity`,
            ...present(entity, existing, select, expands, prefer.has('odata.include-annotations')),
          },
        };
      }
      case 'PATCH': {
        // Upsert: PATCH creates the row when it is absent, unless If-Match asks for an update
        // only; If-None-Match: * asks for a create only.
        if (ifMatch !== undefined && !existing) throw errors.notFound(entity.logicalName, id);
        if (!ifMatches(ifMatch, existing)) throw errors.versionMismatch();
        if (ifNoneMatch?.trim() === '*' && existing) throw errors.exists();
        const changes = store.fromBody(entity, body);
        checkRefusals(entity, {
          method: 'PATCH',
          id,
          row: { ...(existing?.row ?? {}), ...changes, [entity.key]: id },
          body,
        });
        const stored = store.put(entity.set, id, changes);
        return writeAnswer(entity, stored, !existing, query, prefer);
      }
      case 'DELETE': {
        if (!existing) throw errors.notFound(entity.logicalName, id);
        if (!ifMatches(ifMatch, existing)) throw errors.versionMismatch();
        checkRefusals(entity, { method: 'DELETE', id, row: null, body });
        store.remove(entity.set, id);
        return { status: 204 };
      }
      default:
        throw errors.methodNotAllowed(method);
    }
  }

  function handleCollection(
    method: string,
    entity: EntitySet,
    query: Map<string, string>,
    prefer: Map<string, string>,
    body: unknown,
  ): Answer {
    if (method === 'GET') return readCollection(entity, query, prefer);
    if (method !== 'POST') throw errors.methodNotAllowed(method);
    const changes = store.fromBody(entity, body);
    const given = (body as Row)[entity.key];
    const id = typeof given === 'string' ? given.toLowerCase() : randomUUID();
    if (store.get(entity.set, id)) throw errors.exists();
    checkRefusals(entity, { method: 'POST', id, row: { ...changes, [entity.key]: id }, body });
    const stored = store.put(entity.set, id, changes);
    return writeAnswer(entity, stored, true, query, prefer);
  }

  function handleOptionSets(method: string, key: string | undefined, query: Map<string, string>) {
    if (method !== 'GET') throw errors.methodNotAllowed(method);
    const base = `${url}${API_PATH}`;
    const globals = [...optionSets.values()].filter((set) => set.global);
    if (key === undefined) {
      const select = parseSelect(query.get('$select'));
      return {
        status: 200,
        body: {
          '@odata.context': `${base}/$metadata#GlobalOptionSetDefinitions${select ? `(${select.join(',')})` : ''}`,
          value: globals.map((set) => {
            const json = optionSetJson(set);
            if (!select) return json;
            return Object.fromEntries(
              Object.entries(json).filter(
                ([name]) =>
                  name === '@odata.type' || name === 'MetadataId' || select.includes(name),
              ),
            );
          }),
        },
      };
    }
    const byName = /^Name='([^']*)'$/.exec(key);
    const set = byName
      ? globals.find((s) => s.name === byName[1])
      : globals.find((s) => s.metadataId === key.toLowerCase());
    if (!set) {
      throw new DataverseError(
        404,
        '0x80040217',
        `Could not find optionset with name: ${byName ? byName[1] : key}`,
      );
    }
    return {
      status: 200,
      body: {
        '@odata.context': `${base}/$metadata#GlobalOptionSetDefinitions/$entity`,
        ...optionSetJson(set),
      },
    };
  }

  async function handleData(
    request: IncomingMessage,
    path: string,
    query: Map<string, string>,
    body: unknown,
  ): Promise<Answer> {
    const method = request.method ?? 'GET';
    const prefer = parsePrefer(request.headers.prefer);
    if (path === '' || path === '/') {
      return {
        status: 200,
        body: {
          '@odata.context': `${url}${API_PATH}/$metadata`,
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
    const meta = metadata.handle(method, path, query, body, request.headers, `${url}${API_PATH}`);
    if (meta) return meta;
    const match = /^\/([A-Za-z_$][A-Za-z0-9_.]*)(?:\((.*)\))?(\/[A-Za-z0-9_.]+)?$/.exec(path);
    if (!match) throw errors.segmentNotFound(path.slice(1));
    const [, segment, key, cast] = match;
    if (segment === 'WhoAmI') {
      if (method !== 'GET') throw errors.methodNotAllowed(method);
      return {
        status: 200,
        body: {
          '@odata.context': `${url}${API_PATH}/$metadata#Microsoft.Dynamics.CRM.WhoAmIResponse`,
          BusinessUnitId: stableGuid('businessunit'),
          UserId: stableGuid('applicationuser'),
          OrganizationId: stableGuid('organization'),
        },
      };
    }
    if (segment === 'GlobalOptionSetDefinitions') {
      if (cast && cast !== '/Microsoft.Dynamics.CRM.OptionSetMetadata') {
        throw errors.segmentNotFound(cast.slice(1));
      }
      return handleOptionSets(method, key, query);
    }
    const entity = entitySet(segment!);
    if (!entity || cast) throw errors.segmentNotFound(cast ? cast.slice(1) : segment!);
    if (key === undefined) return handleCollection(method, entity, query, prefer, body);
    if (!isGuid(key)) {
      throw errors.badRequest(
        `Bad Request - Error in query syntax: the key '${key}' is not a GUID.`,
      );
    }
    return handleRecord(method, entity, key.toLowerCase(), query, prefer, request, body);
  }

  function send(response: ServerResponse, answer: Answer, odata: boolean) {
    const headers: Record<string, string> = { ...(answer.headers ?? {}) };
    if (odata) headers['odata-version'] = '4.0';
    if (answer.body === undefined) {
      response.writeHead(answer.status, headers).end();
      return;
    }
    headers['content-type'] = odata
      ? 'application/json; odata.metadata=minimal'
      : 'application/json; charset=utf-8';
    response.writeHead(answer.status, headers).end(JSON.stringify(answer.body));
  }

  async function handle(request: IncomingMessage, response: ServerResponse) {
    const raw = request.url ?? '/';
    const questionMark = raw.indexOf('?');
    const rawPath = questionMark < 0 ? raw : raw.slice(0, questionMark);
    const search = questionMark < 0 ? '' : raw.slice(questionMark);
    const path = decodeURIComponent(rawPath);
    const text = await readBody(request);
    const type = request.headers['content-type'] ?? '';
    let body: unknown = text.length > 0 ? text : undefined;
    const h = request.headers;
    const entry: SeenRequest = {
      method: request.method ?? 'GET',
      path,
      query: {},
      headers: {
        authorization: h.authorization,
        prefer: typeof h.prefer === 'string' ? h.prefer : undefined,
        'if-match': h['if-match'],
        'if-none-match': h['if-none-match'],
        'content-type': h['content-type'],
        traceparent: typeof h.traceparent === 'string' ? h.traceparent : undefined,
      },
      body,
    };
    // The test controls are not Dataverse's: a test reading `seen` wants the clients' requests.
    if (!path.startsWith('/_stand-in/')) seen.push(entry);
    if (seen.length > seenLimit) seen.splice(0, seen.length - seenLimit);
    const odata = path.startsWith('/api/data/');
    try {
      const query = parseQuery(search);
      entry.query = Object.fromEntries(query);
      if (text.length > 0 && type.startsWith('application/json')) {
        try {
          body = JSON.parse(text);
        } catch {
          throw errors.badRequest('The request body is not valid JSON.');
        }
        entry.body = body;
      }
      const answer = await route(request, path, query, text, body);
      entry.status = answer.status;
      send(response, answer, odata);
    } catch (error) {
      const failure =
        error instanceof DataverseError
          ? error
          : new DataverseError(
              500,
              '0x80040216',
              error instanceof Error ? error.message : String(error),
            );
      entry.status = failure.status;
      send(
        response,
        { status: failure.status, headers: failure.headers, body: failure.toJSON() },
        odata,
      );
    }
  }

  async function route(
    request: IncomingMessage,
    path: string,
    query: Map<string, string>,
    text: string,
    body: unknown,
  ): Promise<Answer> {
    const method = request.method ?? 'GET';
    if (path.startsWith('/api/data/')) {
      if (!path.startsWith(`${API_PATH}/`) && path !== API_PATH) {
        throw errors.segmentNotFound(path.split('/')[3] ?? '');
      }
      if (!identity.check(request.headers.authorization)) {
        // Dataverse answers 401 with this header (and no body); the JSON is for people.
        throw new DataverseError(
          401,
          '0x80072560',
          'The access token is missing, invalid or expired.',
          {
            'www-authenticate': `Bearer authorization_uri=${url}/common/oauth2/authorize, resource_id=${url}/`,
          },
        );
      }
      const limited = throttled();
      if (limited) throw limited;
      return handleData(request, path.slice(API_PATH.length), query, body);
    }
    if (options.httpControls && path.startsWith('/_stand-in/')) {
      return control(method, path.slice('/_stand-in/'.length), body);
    }
    if (path === '/common/discovery/instance' && method === 'GET') {
      return { status: 200, body: identity.instanceDiscovery() };
    }
    const tenantPath =
      /^\/([^/]+)\/(oauth2\/v2\.0\/token|v2\.0\/\.well-known\/openid-configuration|discovery\/v2\.0\/keys)$/.exec(
        path,
      );
    if (tenantPath) {
      const [, tenant, what] = tenantPath;
      if (what === 'oauth2/v2.0/token') {
        if (method !== 'POST') return { status: 405, body: { error: 'invalid_request' } };
        const basic = /^Basic\s+(\S+)$/i.exec(request.headers.authorization ?? '')?.[1];
        const answer = identity.token(tenant!, new URLSearchParams(text), basic);
        return {
          ...answer,
          headers: { 'cache-control': 'no-store, no-cache', pragma: 'no-cache' },
        };
      }
      if (what === 'discovery/v2.0/keys') return { status: 200, body: { keys: [] } };
      return { status: 200, body: identity.openidConfiguration(tenant!) };
    }
    return {
      status: 404,
      body: {
        error: { code: '0x8006088a', message: `Resource not found for the segment '${path}'.` },
      },
    };
  }

  /** The test controls over HTTP, for a stand-in in another process (`httpControls`). */
  async function control(method: string, what: string, body: unknown): Promise<Answer> {
    const input = (body ?? {}) as Record<string, unknown>;
    const done = { status: 204 };
    if (what === 'seen' && method === 'GET') return { status: 200, body: seen };
    if (what === 'seen' && method === 'DELETE') {
      seen.length = 0;
      return done;
    }
    if (method !== 'POST') throw errors.methodNotAllowed(method);
    switch (what) {
      case 'throttle':
        setThrottle(body === undefined || body === null ? null : (body as Throttle));
        return done;
      case 'expire-tokens':
        identity.expireAll();
        return done;
      case 'expire-change-tracking':
        controls.expireChangeTracking();
        return done;
      case 'suspend': {
        // Answers first, then stops listening for `seconds` (the CRM "away").
        const seconds = Number(input.seconds ?? 0);
        setTimeout(() => {
          void controls.suspend().then(() => {
            setTimeout(() => void controls.resume(), seconds * 1000);
          });
        }, 50);
        return done;
      }
      case 'edit':
        return {
          status: 200,
          body: {
            etag: controls.edit(
              String(input.entitySet),
              String(input.id),
              (input.fields ?? {}) as Row,
            ),
          },
        };
      case 'remove':
        return {
          status: 200,
          body: { removed: controls.remove(String(input.entitySet), String(input.id)) },
        };
      case 'refuse': {
        // Refuses writes whose row has every value of `where` (e.g. { lastname: 'Parked' }).
        const where = (input.where ?? {}) as Row;
        controls.refuse(String(input.entitySet), (write) =>
          Object.entries(where).every(([name, value]) => write.row?.[name] === value),
        );
        return done;
      }
      case 'option-label': {
        // Relabels one option as a customiser would: `{ optionSet, externalValue, labelDe, labelEn }`.
        const option = optionSets
          .get(String(input.optionSet))
          ?.options.find((o) => o.externalValue === input.externalValue);
        if (!option) throw errors.segmentNotFound(String(input.externalValue));
        if (typeof input.labelDe === 'string') option.labelDe = input.labelDe;
        if (typeof input.labelEn === 'string') option.labelEn = input.labelEn;
        return done;
      }
      default:
        throw errors.segmentNotFound(what);
    }
  }

  const sockets = new Set<Socket>();
  const makeServer = () => {
    const server = createServer((request, response) => {
      handle(request, response).catch((error: unknown) => {
        response.destroy(error instanceof Error ? error : new Error(String(error)));
      });
    });
    server.on('connection', (socket) => {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
    });
    return server;
  };
  const listen = (server: Server, port: number) =>
    new Promise<number>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, host, () => {
        server.off('error', reject);
        resolve((server.address() as AddressInfo).port);
      });
    });
  const close = (server: Server) =>
    new Promise<void>((resolve) => {
      server.close(() => resolve());
      for (const socket of sockets) socket.destroy();
    });

  let server: Server | null = makeServer();
  let stopped = false;
  const port = await listen(server, options.port ?? 0);
  url = `http://${host}:${port}`;

  const entityOrThrow = (name: string) => {
    const entity = entitySet(name);
    if (!entity) throw new Error(`no entity set ${name}`);
    return entity;
  };

  const controls: DataverseStandIn = {
    url,
    apiUrl: `${url}${API_PATH}`,
    port,
    seen,
    optionSets,
    async stop() {
      stopped = true;
      if (server) await close(server);
      server = null;
    },
    async suspend() {
      if (server) await close(server);
      server = null;
    },
    async resume() {
      // A resume planned by `/_stand-in/suspend` must not outlive `stop()`.
      if (server || stopped) return;
      server = makeServer();
      await listen(server, port);
    },
    setThrottle,
    expireTokens: () => identity.expireAll(),
    expireChangeTracking() {
      trackedFrom = store.currentVersion;
    },
    table(name) {
      const entity = entityOrThrow(name);
      return store.rows(entity.set).map((stored) => present(entity, stored, undefined, [], false));
    },
    record(name, id) {
      const entity = entityOrThrow(name);
      const stored = store.get(entity.set, id);
      return stored ? present(entity, stored, undefined, [], false) : undefined;
    },
    edit(name, id, fields) {
      const entity = entityOrThrow(name);
      const names = new Set(readableNames(entity));
      for (const field of Object.keys(fields)) {
        if (!names.has(field)) throw new Error(`no column ${field} in ${name}`);
      }
      return etagOf(store.put(entity.set, id, fields).version);
    },
    remove(name, id) {
      return store.remove(entityOrThrow(name).set, id);
    },
    refuse(name, predicate) {
      const entity = entityOrThrow(name);
      const set = refusals.get(entity.set) ?? new Set();
      refusals.set(entity.set, set);
      set.add(predicate);
      return () => set.delete(predicate);
    },
    issueToken() {
      const answer = identity.token(
        EXAMPLE_CREDENTIALS.tenantId,
        new URLSearchParams({
          grant_type: 'client_credentials',
          client_id: EXAMPLE_CREDENTIALS.clientId,
          client_secret: EXAMPLE_CREDENTIALS.clientSecret,
          scope: `${url}/.default`,
        }),
        undefined,
      );
      return answer.body.access_token as string;
    },
  };
  return controls;
}
