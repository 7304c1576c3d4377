import type { Db } from '../../db/client.ts';
import { audit } from '../../lib/audit/audit-log.ts';
import type { CrmClient, CrmEntity, CrmLog, CrmMerge, CrmRecord } from '../crm-client.ts';
import { linksByCrmIds, moveLink } from '../mirror/links.ts';
import { setAddressAside } from '../mirror/removed-people.ts';
import { asSync } from '../mirror/write-row.ts';

// Merges in the CRM (docs/product.md §1, "Inactive and merged contacts"): the portal record of a
// merged record follows the record it was merged into, before a page's records and removals are
// applied (`changes.ts`).

/** Said when a merged record's portal record cannot follow its master and goes. */
export const MERGED_AWAY =
  "a merged CRM record's portal record is removed: the record it was merged into has a portal record of its own";
const MASTER_INACTIVE =
  "a merged CRM record's portal record is removed: the record it was merged into is not active in the CRM";

/**
 * How many merges in a row are followed to the active record at their end (X merged into B, then
 * B into C: two). A longer chain, or one that comes back to itself, is taken as ending in no
 * active record.
 */
export const MERGE_CHAIN_LIMIT = 5;

/**
 * Follows merges in the CRM (docs/product.md §1): the portal record linked to a merged record
 * keeps everything it has (a person's account, sign-in and memberships) and is linked to the
 * master instead — when the master is active and not linked to a portal record of its own;
 * otherwise it goes with the removal of the merged record, which the log and the audit log say.
 * A master merged itself (two merges before a round) is followed to the active record at the end
 * of the chain: by the merges given, and by the master each merged record read by key names.
 * Before the page's records and removals are applied, so that the order of the master's row and
 * the merged record's removal, on one page or on several, does not matter. Returns the masters
 * now linked that `onHand` (the page's records) lacks, read by key: the caller takes them with
 * the page, as a change of the portal record.
 */
export async function followMerges(
  db: Db,
  client: CrmClient,
  log: CrmLog,
  entity: CrmEntity,
  merges: readonly CrmMerge[],
  onHand: readonly CrmRecord[],
  readAt: Date,
): Promise<CrmRecord[]> {
  if (merges.length === 0) return [];
  const into = new Map<string, string>();
  for (const merge of merges) into.set(merge.id.toLowerCase(), merge.into.toLowerCase());
  const links = await linksByCrmIds(db, entity, [...into.keys()]);
  const linked = [...into.keys()].filter((id) => links.has(id) && into.get(id) !== id);
  if (linked.length === 0) return [];
  /** The merged record, the records it was merged into in turn, and the end; undefined: none. */
  const chainOf = (id: string): string[] | undefined => {
    const chain = [id];
    for (let at = into.get(id); at !== undefined; at = into.get(at)) {
      if (chain.includes(at) || chain.length > MERGE_CHAIN_LIMIT) return undefined;
      chain.push(at);
    }
    return chain;
  };
  const present = new Set(onHand.map((record) => record.id.toLowerCase()));
  const read: CrmRecord[] = [];
  // The ends not on hand are read by key; one merged itself names the next record to read.
  const absent = new Set<string>();
  for (let step = 0; step < MERGE_CHAIN_LIMIT; step++) {
    const ends = linked.map((id) => chainOf(id)?.at(-1)).filter((id) => id !== undefined);
    const missing = [...new Set(ends)].filter((id) => !present.has(id) && !absent.has(id));
    if (missing.length === 0) break;
    const found = await client.readByIds(entity, missing);
    for (const record of found.records) {
      present.add(record.id.toLowerCase());
      read.push(record);
    }
    for (const merge of found.merged) into.set(merge.id.toLowerCase(), merge.into.toLowerCase());
    for (const id of missing) if (!present.has(id) && !into.has(id)) absent.add(id);
  }
  const chains = linked.map((id) => ({ id, chain: chainOf(id) }));
  // The records of a chain with portal records of their own. A record merged later in a chain
  // goes first: B's person follows C before X's person meets C (B's merge won over X).
  const held = await linksByCrmIds(db, entity, [
    ...new Set(chains.flatMap(({ chain }) => chain ?? [])),
  ]);
  chains.sort((a, b) => (a.chain?.length ?? Infinity) - (b.chain?.length ?? Infinity));
  const followed = new Set<string>();
  for (const { id, chain } of chains) {
    const portalKey = links.get(id)!.portalKey;
    const master = chain?.at(-1) ?? into.get(id)!;
    const through = chain && chain.length > 2 ? { through: chain.slice(1, -1) } : {};
    const context = { entity, crmId: id, master, ...through, portalKey };
    const away =
      chain === undefined || !present.has(master)
        ? MASTER_INACTIVE
        : chain.slice(1).some((key) => held.has(key))
          ? MERGED_AWAY
          : undefined;
    const moved =
      away === undefined &&
      (await db.transaction(async (tx) => {
        await asSync(tx);
        const key = await moveLink(tx, entity, id, master, readAt);
        if (key === undefined) return false;
        if (entity === 'customer') await setAddressAside(tx, id, key);
        await audit(tx, {
          actorCustomerId: null,
          action: 'crm.record.merged',
          entity,
          entityId: key,
          data: { crmId: id, master, ...through, kept: true },
        });
        return true;
      }));
    if (moved) {
      held.delete(id);
      held.set(master, { portalKey, syncedAt: readAt });
      followed.add(master);
      log.info(
        context,
        "a merged CRM record's portal record now follows the record it was merged into",
      );
      continue;
    }
    const reason = away ?? MERGED_AWAY;
    await audit(db, {
      actorCustomerId: null,
      action: 'crm.record.merged',
      entity,
      entityId: portalKey,
      data: { crmId: id, master, ...through, kept: false, reason },
    });
    log.warn(context, reason);
  }
  return read.filter((record) => followed.has(record.id.toLowerCase()));
}
