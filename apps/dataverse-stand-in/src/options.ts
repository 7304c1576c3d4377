// The stand-in's options and the interface a test steers it by (`startDataverseStandIn`).
import type { ServiceProtectionLimits } from './limits.ts';
import type { OptionSet } from './option-sets.ts';
import type { OrganisationSize } from './seed.ts';
import type { Row } from './store.ts';

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
   * suspend, edit, remove, refuse, option-label, organisation, seen. Not part of Dataverse.
   */
  httpControls?: boolean;
  /** How many requests `seen` keeps (the oldest are dropped); default 10,000. */
  seenLimit?: number;
  /**
   * Whether the environment has the portal's solution (default true); false: its metadata lacks
   * the pp_ tables, columns and option sets, for `crm:provision` (src/metadata.ts).
   */
  portalSolution?: boolean;
  /** Adds a whole organisation's generated records (`organisation.ts`), for a benchmark. */
  organisation?: OrganisationSize;
  /**
   * Enforces Dataverse's service protection limits (`limits.ts`): true for Dataverse's own
   * (6,000 requests and 20 minutes of execution time in 5 minutes, 52 at once). Default off:
   * a test suite sends requests faster than one client of a real environment would.
   */
  serviceProtection?: boolean | ServiceProtectionLimits;
  /**
   * The publisher prefix as the portal's schema names write it (`PP`: `PP_AccountId`), so that
   * lookups are navigated by mixed-case names as in an environment a maker set up; default: the
   * schema names are the logical names (`pp_accountid`).
   */
  schemaPrefix?: string;
  /** The OrganizationId WhoAmI answers (default: one derived from a fixed name). */
  organisationId?: string;
  /** Client certificates (PEM) registered for the example application (`identity.ts`). */
  certificates?: string[];
  /** The example application's only valid secret; default: any non-empty secret. */
  clientSecret?: string;
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
  /**
   * Merges the account or contact `subordinate` into `target` as a CRM user's merge does (the
   * Merge action, `merge.ts`): the subordinate inactive with `merged` and `masterid`, its child
   * records re-parented to the target. `fields` (read names) change the target too.
   */
  merge(entitySet: string, target: string, subordinate: string, fields?: Row): void;
  /**
   * Removes a row as a CRM user would, along the relationships' Delete cascade (an account's
   * contacts go with it); change tracking reports it as deleted.
   */
  remove(entitySet: string, id: string): boolean;
  /** Writes to the set for which `predicate` holds answer 400; the returned function lifts it. */
  refuse(entitySet: string, predicate: RefusePredicate): () => void;
  /** Another environment answers from now on: WhoAmI gives this OrganizationId. */
  setOrganisationId(id: string): void;
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

/** The portal's settings that point it at the stand-in at `url`, with the example credentials. */
export function portalDataverseSettings(url: string) {
  return {
    CRM_PROVIDER: 'dataverse',
    DATAVERSE_URL: url,
    DATAVERSE_AUTHORITY: url,
    DATAVERSE_TENANT_ID: EXAMPLE_CREDENTIALS.tenantId,
    DATAVERSE_CLIENT_ID: EXAMPLE_CREDENTIALS.clientId,
    DATAVERSE_CLIENT_SECRET: EXAMPLE_CREDENTIALS.clientSecret,
  };
}
