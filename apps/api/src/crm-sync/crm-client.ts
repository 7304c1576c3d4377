// What the sync needs from the operator's CRM (decision 0061): read all records of a kind, read
// the changes since a token, read one record, write one, and the picklists. The Dataverse client
// (`dataverse/client.ts`) is the one there is. Without a CRM none of this runs, and the portal's
// own tables are the record; with one they become its mirror: reads stay local, writes reach the
// CRM through the outbox (`outbox/`), and the CRM's changes come back by the sync (`sync/`). A
// client speaks the portal's words below; how they map to the CRM's tables and columns is its
// configuration.

import type { FastifyBaseLogger } from 'fastify';
import type { PicklistName } from '@pp/contract';

/** The kinds of record the portal mirrors. */
export const CRM_ENTITIES = [
  'customer',
  'practice',
  'location',
  'membership',
  'locationAssignment',
] as const;
export type CrmEntity = (typeof CRM_ENTITIES)[number];

/** A field's value as the portal stores it: text, a flag, a list of codes, or empty. */
export type CrmValue = string | boolean | readonly string[] | null;

/**
 * A record in the portal's words: `id` is the CRM's key (a GUID). References to other records
 * (`practiceId`, `customerId`, `locationId`) hold the CRM's keys of those records. `fields`
 * names the portal's fields (`firstName`, `postalCode`, `newsletterInterests`, …, see
 * `fields.ts`); a field the CRM does not hold is absent.
 */
export interface CrmRecord {
  entity: CrmEntity;
  id: string;
  /** The CRM's version of the record (Dataverse: `@odata.etag`), for `If-Match`. */
  etag: string;
  fields: Readonly<Record<string, CrmValue>>;
}

/**
 * A record merged into another in the CRM (Dynamics' Merge: the subordinate `id` inactive,
 * naming its master `into`). The portal's record of `id` follows `into` (docs/product.md §1).
 */
export interface CrmMerge {
  id: string;
  into: string;
}

/** Records read by key (`CrmClient.readByIds`). */
export interface CrmRecordsByKey {
  /** The active records of the keys asked for. */
  records: CrmRecord[];
  /** Those of the keys asked for that were merged into another record. */
  merged: CrmMerge[];
}

/** One page of a full read or of changes since a token. */
export interface CrmChangePage {
  changed: CrmRecord[];
  /** Keys of records removed in the CRM (merged ones among them). */
  removed: string[];
  /**
   * The removed records that were merged into another: the sync moves their portal records'
   * links to the master before the removals, where it can (`sync/apply.ts`).
   */
  merged?: CrmMerge[];
  /**
   * Keys of every record the page holds, those in `changed` and any the client could not
   * translate: after a full read, a linked record absent from all pages was removed in the CRM.
   */
  present?: string[];
  /** Set while more pages follow (Dataverse: `@odata.nextLink`). */
  next?: string;
  /** Set on the last page: where to ask for later changes (Dataverse: `@odata.deltaLink`). */
  token?: string;
}

/**
 * A write the outbox hands to the CRM. A record the portal removed is deleted there, or, where
 * its deletion would take the CRM's own records with it (a practice's account: its contacts,
 * docs/product.md §1), deactivated (`deactivate`), so that a CRM user decides about deleting it.
 */
export interface CrmWrite {
  /** Same id on every retry of the same write, so that a retry is harmless. */
  operationId: string;
  entity: CrmEntity;
  id: string;
  kind: 'create' | 'update' | 'delete' | 'deactivate';
  /** For create and update: the fields to set (only those the person changed, for update). */
  fields: Readonly<Record<string, CrmValue>>;
  /**
   * For update, delete and deactivate: the version the change was made on; absent: whatever is
   * there.
   */
  etag?: string;
}

export interface CrmPicklistEntry {
  list: PicklistName;
  code: string;
  labelDe: string;
  labelEn: string;
  sortOrder: number;
}

/** The CRM answered that the record changed since `etag` (HTTP 412). */
export class CrmConflict extends Error {
  constructor(
    readonly entity: CrmEntity,
    readonly id: string,
  ) {
    super(`the ${entity} changed in the CRM since it was read`);
  }
}

/** The CRM is busy or away (429, 5xx, no connection): try again, not before `retryAfterMs`. */
export class CrmUnavailable extends Error {
  constructor(
    message: string,
    readonly retryAfterMs?: number,
  ) {
    super(message);
  }
}

/** The CRM refused the write for good (400, 403, 404 on update): parked for an operator. */
export class CrmRefused extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

/** The calls the sync and the outbox make to the CRM. */
export interface CrmClient {
  /** The CRM's kind, as `CRM_PROVIDER` names it (`dataverse`). */
  readonly name: string;
  /**
   * A full read of one kind of record, page by page, that ends with a change token
   * (`after` is the previous page's `next`).
   */
  readAll(entity: CrmEntity, after?: string): Promise<CrmChangePage>;
  /** Changes since a token, page by page; the last page holds the next token. */
  changes(entity: CrmEntity, token: string): Promise<CrmChangePage>;
  /** One record by its CRM key, or null when the CRM has none. */
  read(entity: CrmEntity, id: string): Promise<CrmRecord | null>;
  /**
   * Records by their CRM keys, a few requests for many keys; keys the CRM does not hold are
   * left out (the records a membership names that the mirror does not hold yet), and so are
   * inactive ones: those of them merged into another are in `merged`, naming their master.
   */
  readByIds(entity: CrmEntity, ids: readonly string[]): Promise<CrmRecordsByKey>;
  /**
   * The records merged into any of `masters` (keys the CRM does not hold are left out): a page
   * of the portal's own tables may name a master before the contacts' changes tell of the merge.
   */
  mergedInto?(entity: CrmEntity, masters: readonly string[]): Promise<CrmMerge[]>;
  /**
   * Applies a write; returns the record's new version (empty for delete and deactivate). A
   * delete or deactivate of a record the CRM no longer holds is done.
   */
  write(write: CrmWrite): Promise<{ etag: string }>;
  /** Every picklist with German and English labels. */
  picklists(): Promise<CrmPicklistEntry[]>;
  /** Which organisation (environment) answers (Dataverse: WhoAmI's OrganizationId). */
  organisation?(): Promise<string>;
}

/** Where the CRM's workers write what happened: the app's logger. */
export type CrmLog = Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
