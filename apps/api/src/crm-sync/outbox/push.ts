import { eq, sql } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client.ts';
import { crmOutbox } from '../../db/schema.ts';
import { CrmConflict, type CrmClient, type CrmEntity } from '../crm-client.ts';
import { crmIdForNew, linkOf, saveLink } from '../mirror/links.ts';
import { currentRow, fieldsOfRow, pushable } from '../mirror/read-row.ts';
import { changedFields, valuesOfChange } from './changes.ts';
import type { Entry } from './claim.ts';
import { mergeConflict } from './merge.ts';

// The outbox's second step (decision 0061): one claimed entry sent to the CRM, as a create, an
// update of the fields it changed, or a removal (a delete, or a deactivation: `REMOVAL`).

/**
 * How a record the portal removed leaves the CRM (docs/product.md §1). A practice's account is
 * deactivated, not deleted: in Dynamics a contact's company (contact_customer_accounts) is a
 * parental relationship with Delete "Cascade", so deleting the account would delete every contact
 * whose company it is — people the portal never held among them — and with them their
 * opportunities, cases and the provider's history with that customer. Deactivating cascades to
 * nothing (a relationship's cascade covers Assign, Delete, Merge, Reparent, Share and Unshare),
 * and a CRM user decides about deleting the account. A person's contact is deleted: that is the
 * erasure they asked for (GDPR Art. 17). Locations, memberships and location assignments are rows
 * of the portal's own tables, and the only lookups to them are the portal's own, made with Delete
 * "Remove Link" (crm:provision): deleting them takes nothing of the CRM's with them.
 */
const REMOVAL: Record<CrmEntity, 'delete' | 'deactivate'> = {
  customer: 'delete',
  practice: 'deactivate',
  location: 'delete',
  membership: 'delete',
  locationAssignment: 'delete',
};

/** What the entry's last transaction does besides marking it done. */
export type Finish = (tx: Executor) => Promise<void>;

/**
 * Pushes one entry and marks it done in the same transaction as the link's new version: a
 * restart between the CRM's answer and that transaction leaves the old version, so the retry
 * meets a 412 and finds its change there, instead of sending it a second time.
 */
export async function pushEntry(db: Db, client: CrmClient, entry: Entry): Promise<boolean> {
  const finish = (extra?: Finish) =>
    db.transaction(async (tx) => {
      await extra?.(tx);
      await tx
        .update(crmOutbox)
        .set({ status: 'done', doneAt: sql`now()`, lockedUntil: null, lastError: null })
        .where(eq(crmOutbox.id, entry.id));
    });
  const entity = entry.entity as CrmEntity;
  const link = await linkOf(db, entity, entry.portalKey);
  const row = await currentRow(db, entity, entry.portalKey);
  const operationId = entry.operationId;

  if (entry.operation === 'DELETE' || !row || !pushable(entity, row)) {
    // Gone here (or no longer the CRM's, like a membership back to a request): gone there.
    if (!link || (row && entry.operation !== 'DELETE')) {
      await finish();
      return false;
    }
    await client.write({ operationId, entity, id: link.crmId, kind: REMOVAL[entity], fields: {} });
    await finish(async (tx) => {
      await tx.execute(
        sql`delete from crm_links where entity = ${entity} and portal_key = ${entry.portalKey}`,
      );
    });
    return false;
  }

  if (!link) {
    // New to the CRM: the whole record, under a key that is the same on every retry.
    const id = crmIdForNew(entity, entry.portalKey);
    const fields = await fieldsOfRow(db, entity, row);
    const { etag } = await client.write({ operationId, entity, id, kind: 'create', fields });
    await finish((tx) => saveLink(tx, entity, entry.portalKey, id, etag));
    return false;
  }

  const changes = changedFields(entry);
  if (changes.size === 0) {
    await finish();
    return false;
  }
  // Each write carries the values of its own change, so a record's changes reach the CRM one
  // after another as they were made, not the latest state several times.
  const fields = await valuesOfChange(db, entity, changes);
  try {
    const { etag } = await client.write({
      operationId,
      entity,
      id: link.crmId,
      kind: 'update',
      fields,
      ...(link.etag ? { etag: link.etag } : {}),
    });
    await finish((tx) => saveLink(tx, entity, entry.portalKey, link.crmId, etag));
    return false;
  } catch (error) {
    if (!(error instanceof CrmConflict)) throw error;
    await mergeConflict(db, client, entry, link.crmId, changes, finish);
    return true;
  }
}
