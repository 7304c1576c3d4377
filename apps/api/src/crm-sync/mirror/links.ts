import { createHash } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { crmLinks } from '../../db/schema.ts';
import type { CrmEntity } from '../crm-client.ts';

// A portal record and its record in the CRM (`crm_links`): the CRM's key, and the version the
// mirror last agreed with.

/**
 * The CRM key of a record made in the portal: its own id, or for the rows with two keys a
 * name-based UUID (RFC 9562 version 5) of them, the same on every retry.
 */
export function crmIdForNew(entity: CrmEntity, portalKey: string): string {
  if (!portalKey.includes(':')) return portalKey;
  const hash = createHash('sha1').update(`practice-portal:${entity}:${portalKey}`).digest();
  hash[6] = (hash[6]! & 0x0f) | 0x50;
  hash[8] = (hash[8]! & 0x3f) | 0x80;
  const hex = hash.subarray(0, 16).toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

export async function linkOf(db: Executor, entity: CrmEntity, portalKey: string) {
  const [link] = await db
    .select()
    .from(crmLinks)
    .where(and(eq(crmLinks.entity, entity), eq(crmLinks.portalKey, portalKey)));
  return link;
}

export async function linkByCrmId(db: Executor, entity: CrmEntity, crmId: string) {
  const [link] = await db
    .select()
    .from(crmLinks)
    .where(and(eq(crmLinks.entity, entity), eq(crmLinks.crmId, crmId)));
  return link;
}

/**
 * The reason a CRM record is reported when the portal's record it is has a link to another one:
 * a second membership of the same person and practice, say, which Dynamics lets a user create.
 */
export function linkedElsewhere(entity: CrmEntity): string {
  const name = entity === 'locationAssignment' ? 'location assignment' : entity;
  return `the portal's ${name} is already linked to another CRM record`;
}

/** Thrown instead of moving a portal record's link to another CRM record: the first one keeps it. */
export class LinkedElsewhere extends Error {
  constructor(entity: CrmEntity) {
    super(linkedElsewhere(entity));
  }
}

/**
 * Links a portal record to its CRM record, or saves the version of the link it has. A link never
 * moves to another CRM record ({@link LinkedElsewhere}): only a removal ends it.
 */
export async function saveLink(
  db: Executor,
  entity: CrmEntity,
  portalKey: string,
  crmId: string,
  etag: string | null,
) {
  await saveLinks(db, entity, [{ portalKey, crmId, etag }]);
}

/** The portal keys of these that are linked (to any CRM record), in one query. */
export async function linkedPortalKeys(
  db: Executor,
  entity: CrmEntity,
  portalKeys: readonly string[],
): Promise<Set<string>> {
  if (portalKeys.length === 0) return new Set();
  const rows = await db
    .select({ portalKey: crmLinks.portalKey })
    .from(crmLinks)
    .where(
      and(
        eq(crmLinks.entity, entity),
        sql`${crmLinks.portalKey} in (select jsonb_array_elements_text(${JSON.stringify(portalKeys)}::jsonb))`,
      ),
    );
  return new Set(rows.map((row) => row.portalKey));
}

/**
 * The reason a CRM record without a link cannot be the portal's record `portalKey`: another CRM
 * record is linked to it. Undefined when it can.
 */
export async function takenByAnother(
  db: Executor,
  entity: CrmEntity,
  portalKey: string | undefined,
): Promise<string | undefined> {
  if (portalKey === undefined) return undefined;
  const linked = await linkedPortalKeys(db, entity, [portalKey]);
  return linked.has(portalKey) ? linkedElsewhere(entity) : undefined;
}

/**
 * The end of the reason a CRM record is reported with while a record it names is missing; the
 * record is tried again when that one is taken (`sync/references.ts`).
 */
export const WAITING_REASON = 'is not in the portal yet';

/** Thrown when a reference points to a record the CRM (or the portal) does not know yet. */
export class MissingReference extends Error {}

export async function crmIdOf(db: Executor, entity: CrmEntity, portalKey: string): Promise<string> {
  const link = await linkOf(db, entity, portalKey);
  if (!link) throw new MissingReference(`the ${entity} ${portalKey} is not in the CRM yet`);
  return link.crmId;
}

/** The portal key a CRM key is linked to, or undefined: one query, or a page's keys read before. */
export type KeyOfCrmId = (entity: CrmEntity, crmId: string) => Promise<string | undefined>;

export const keysIn =
  (db: Executor): KeyOfCrmId =>
  async (entity, crmId) =>
    (await linkByCrmId(db, entity, crmId))?.portalKey;

export async function portalKeyOfCrmId(
  db: Executor,
  entity: CrmEntity,
  crmId: string,
  keyOf: KeyOfCrmId = keysIn(db),
) {
  const key = await keyOf(entity, crmId);
  if (key === undefined) {
    throw new MissingReference(`the CRM's ${entity} ${crmId} ${WAITING_REASON}`);
  }
  return key;
}

/** The links of many CRM keys of one kind in one query: lower-case key → link. */
export async function linksByCrmIds(db: Executor, entity: CrmEntity, crmIds: readonly string[]) {
  const links = new Map<string, { portalKey: string; syncedAt: Date }>();
  if (crmIds.length === 0) return links;
  const rows = await db
    .select({ crmId: crmLinks.crmId, portalKey: crmLinks.portalKey, syncedAt: crmLinks.syncedAt })
    .from(crmLinks)
    .where(
      and(
        eq(crmLinks.entity, entity),
        sql`${crmLinks.crmId} in (select v::uuid from jsonb_array_elements_text(${JSON.stringify(crmIds)}::jsonb) as t(v))`,
      ),
    );
  for (const row of rows) links.set(row.crmId.toLowerCase(), row);
  return links;
}

/**
 * Saves many links in one statement (each portal key once), as {@link saveLink} does: a key linked
 * to another CRM record keeps its link, and the statement fails with {@link LinkedElsewhere}.
 */
export async function saveLinks(
  db: Executor,
  entity: CrmEntity,
  links: readonly { portalKey: string; crmId: string; etag: string | null }[],
) {
  if (links.length === 0) return;
  const saved = await db
    .insert(crmLinks)
    .values(links.map((link) => ({ entity, ...link })))
    .onConflictDoUpdate({
      target: [crmLinks.entity, crmLinks.portalKey],
      set: { etag: sql`excluded.etag`, syncedAt: sql`now()` },
      setWhere: sql`crm_links.crm_id = excluded.crm_id`,
    })
    .returning({ portalKey: crmLinks.portalKey });
  if (saved.length < links.length) throw new LinkedElsewhere(entity);
}

/**
 * Moves the link of CRM record `from` to `to`, the record it was merged into in the CRM; false
 * when `from` has no link or `to` has one. The version is forgotten (the master's comes with its
 * record), and the link counts as agreed at `at`: a record read after it is taken over it.
 */
export async function moveLink(
  db: Executor,
  entity: CrmEntity,
  from: string,
  to: string,
  at: Date,
): Promise<string | undefined> {
  const result = await db.execute(sql`
    update crm_links set crm_id = ${to}::uuid, etag = null, synced_at = ${at.toISOString()}::timestamptz
    where entity = ${entity} and crm_id = ${from}::uuid
      and not exists (select 1 from crm_links o where o.entity = ${entity} and o.crm_id = ${to}::uuid)
    returning portal_key`);
  return (result as unknown as { rows: { portal_key: string }[] }).rows[0]?.portal_key;
}

/**
 * The keys (`entity`, `portal_key` of crm_links or crm_outbox) of a person's memberships
 * (`customer:company`) and location assignments (`location:customer`): the rows that go with
 * the person's row.
 */
export function ofPersonsJoins(customerKey: string) {
  return sql`((entity = 'membership' and portal_key like ${`${customerKey}:%`})
    or (entity = 'locationAssignment' and portal_key like ${`%:${customerKey}`}))`;
}
