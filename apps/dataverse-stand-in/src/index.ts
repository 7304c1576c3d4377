// The stand-in Dataverse: `startDataverseStandIn`, which assembles it, and the package's exports.
//
// A stand-in for a Microsoft Dataverse environment's Web API (v9.2) and for the Microsoft
// identity platform's token endpoint, on one origin: its URL is both DATAVERSE_URL and
// DATAVERSE_AUTHORITY. It answers as Microsoft's documentation describes (the pages are cited in
// test/*.test.ts), holds the demo data of `npm start`, and lets a test steer it: throttle it
// (429), expire tokens (401) or change tracking's delta links (400), edit or remove rows as a CRM
// user would, refuse a write for good (400), and read what clients sent. Plain node:http, no
// framework, like the api's other stand-ins.

import { demoRows } from './demo.ts';
import { control } from './controls.ts';
import type { StandInContext } from './context.ts';
import { handleData } from './data.ts';
import { DataverseError, errors } from './errors.ts';
import { MAX_URL_LENGTH, requestHandler, RestartableServer, type Route } from './http.ts';
import { Identity } from './identity.ts';
import { DATAVERSE_LIMITS, ServiceProtection } from './limits.ts';
import { mergeRecords } from './merge.ts';
import { createMetadata } from './metadata.ts';
import {
  API_PATH,
  EXAMPLE_CREDENTIALS,
  type DataverseStandIn,
  type SeenRequest,
  type StandInOptions,
} from './options.ts';
import { loadOptionSets, stableGuid } from './option-sets.ts';
import { present } from './present.ts';
import { ENTITY_SETS, entitySet, readableNames } from './schema.ts';
import { seedOrganisation } from './seed.ts';
import { etagOf, Store } from './store.ts';
import { TestThrottle } from './throttle.ts';

export { stableGuid } from './option-sets.ts';
export { demoAccountId, demoContactId, demoLocationId } from './demo.ts';
export { ROLE_VALUES, OPTION_VALUE_BASE, PICKLIST_OPTION_SETS } from './option-sets.ts';
export { ENTITY_SETS } from './schema.ts';
export * from './organisation.ts';
export { DATAVERSE_LIMITS, type ServiceProtectionLimits } from './limits.ts';
export {
  API_PATH,
  EXAMPLE_CREDENTIALS,
  portalDataverseSettings,
  type DataverseStandIn,
  type RefusePredicate,
  type SeenRequest,
  type StandInOptions,
  type Throttle,
  type WriteAttempt,
} from './options.ts';

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
  if (options.organisation) seedOrganisation(store, options.organisation);
  const protection = options.serviceProtection
    ? new ServiceProtection(
        options.serviceProtection === true ? DATAVERSE_LIMITS : options.serviceProtection,
      )
    : undefined;
  const metadata = createMetadata(optionSets, {
    portalSolution: options.portalSolution ?? true,
    schemaPrefix: options.schemaPrefix,
  });
  store.lookupOf = (entity, navigation) => metadata.lookupByNavigation(entity, navigation);
  store.deleteBehaviourOf = (set) => metadata.deleteBehaviourOf(set);
  const context: StandInContext = {
    store,
    optionSets,
    metadata,
    url: '',
    organisationId: options.organisationId ?? stableGuid('organization'),
    refusals: new Map(),
    trackedFrom: 0,
  };
  const identity = new Identity(() => context.url, options.tokenLifetimeSeconds ?? 3599, {
    ...(options.certificates ? { certificates: options.certificates } : {}),
    ...(options.clientSecret ? { clientSecret: options.clientSecret } : {}),
  });
  const seen: SeenRequest[] = [];
  const throttle = new TestThrottle(options.throttle ?? null);

  const route: Route = async (request, path, query, text, body) => {
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
            'www-authenticate': `Bearer authorization_uri=${context.url}/common/oauth2/authorize, resource_id=${context.url}/`,
          },
        );
      }
      const limited = throttle.check();
      if (limited) throw limited;
      if ((request.url ?? '').length > MAX_URL_LENGTH) {
        throw new DataverseError(
          414,
          '0x0',
          `The URL is longer than ${MAX_URL_LENGTH} characters.`,
        );
      }
      const done = protection?.enter();
      try {
        return handleData(
          context,
          method,
          request.headers,
          path.slice(API_PATH.length),
          query,
          body,
        );
      } finally {
        done?.();
      }
    }
    if (options.httpControls && path.startsWith('/_stand-in/')) {
      return control(controls, method, path.slice('/_stand-in/'.length), body);
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
        const answer = await identity.token(tenant!, new URLSearchParams(text), basic);
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
  };

  const server = new RestartableServer(
    host,
    requestHandler(route, seen, options.seenLimit ?? 10_000),
  );
  let stopped = false;
  const port = await server.listen(options.port ?? 0);
  const url = `http://${host}:${port}`;
  context.url = url;

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
      await server.close();
    },
    async suspend() {
      await server.close();
    },
    async resume() {
      // A resume planned by `/_stand-in/suspend` must not outlive `stop()`.
      if (server.listening || stopped) return;
      await server.listen(port);
    },
    setThrottle: (next) => throttle.set(next),
    setOrganisationId(id) {
      context.organisationId = id;
    },
    expireTokens: () => identity.expireAll(),
    expireChangeTracking() {
      context.trackedFrom = store.currentVersion;
    },
    table(name) {
      const entity = entityOrThrow(name);
      return store
        .rows(entity.set)
        .map((stored) => present(context, entity, stored, undefined, [], false));
    },
    record(name, id) {
      const entity = entityOrThrow(name);
      const stored = store.get(entity.set, id);
      return stored ? present(context, entity, stored, undefined, [], false) : undefined;
    },
    edit(name, id, fields) {
      const entity = entityOrThrow(name);
      const names = new Set(readableNames(entity));
      for (const field of Object.keys(fields)) {
        if (!names.has(field)) throw new Error(`no column ${field} in ${name}`);
      }
      return etagOf(store.put(entity.set, id, fields).version);
    },
    merge(name, target, subordinate, fields = {}) {
      mergeRecords(context, entityOrThrow(name).set, target, subordinate, fields);
    },
    remove(name, id) {
      return store.remove(entityOrThrow(name).set, id);
    },
    refuse(name, predicate) {
      const entity = entityOrThrow(name);
      const set = context.refusals.get(entity.set) ?? new Set();
      context.refusals.set(entity.set, set);
      set.add(predicate);
      return () => set.delete(predicate);
    },
    issueToken() {
      const answer = identity.issue(EXAMPLE_CREDENTIALS.tenantId, EXAMPLE_CREDENTIALS.clientId);
      return answer.access_token as string;
    },
  };
  return controls;
}
