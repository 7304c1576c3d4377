// The state the stand-in's request handlers share, and an answer before it is sent.
import type { IncomingHttpHeaders } from 'node:http';
import type { Metadata } from './metadata.ts';
import { API_PATH, type RefusePredicate } from './options.ts';
import type { OptionSet } from './option-sets.ts';
import type { Store } from './store.ts';

export interface StandInContext {
  store: Store;
  optionSets: Map<string, OptionSet>;
  metadata: Metadata;
  /** The base URL (DATAVERSE_URL), known once the server listens. */
  url: string;
  /** WhoAmI's OrganizationId: which environment answers. */
  organisationId: string;
  /** Writes refused by `refuse`, by entity set. */
  refusals: Map<string, Set<RefusePredicate>>;
  /** Delta links below this version lost their changes (`expireChangeTracking`). */
  trackedFrom: number;
}

/** A request to a table or a row, as the data side's handlers read it. */
export interface DataRequest {
  method: string;
  query: Map<string, string>;
  /** The `Prefer` header's preferences. */
  prefer: Map<string, string>;
  headers: IncomingHttpHeaders;
  body: unknown;
}

export interface Answer {
  status: number;
  headers?: Record<string, string>;
  body?: unknown;
}

/** The Web API's root, `${url}/api/data/v9.2`. */
export function apiBase(context: StandInContext): string {
  return `${context.url}${API_PATH}`;
}

export function preferenceApplied(applied: string[]): Record<string, string> {
  return applied.length > 0 ? { 'preference-applied': applied.join(',') } : {};
}
