import type { Db } from '../../db/client.ts';
import { crmNotices } from '../../db/schema.ts';
import { audit } from '../../lib/audit/audit-log.ts';
import { CrmRefused, type CrmClient, type CrmEntity, type CrmValue } from '../crm-client.ts';
import { CRM_REFERENCES } from '../fields.ts';
import { sameValue } from '../mirror/columns.ts';
import { linkOf, saveLink } from '../mirror/links.ts';
import { applyRecord, asSync } from '../mirror/write-row.ts';
import { inPortalForm } from '../portal-rules.ts';
import { valuesOfChange, type Change } from './changes.ts';
import type { Entry } from './claim.ts';
import type { Finish } from './push.ts';

/**
 * The record changed in the CRM since the mirror read it (412). A field the person changed
 * keeps their value where the CRM still holds the value they started from; where the CRM changed
 * it too, the CRM's value stays and the person gets a notice. Every other field takes the CRM's
 * value. Each such case is an audit entry.
 */
export async function mergeConflict(
  db: Db,
  client: CrmClient,
  entry: Entry,
  crmId: string,
  changes: Map<string, Change>,
  finish: (extra: Finish) => Promise<void>,
): Promise<void> {
  const entity = entry.entity as CrmEntity;
  const theirs = await client.read(entity, crmId);
  if (!theirs) throw new CrmRefused(`the ${entity} is no longer in the CRM`, 404);
  const ours: Record<string, CrmValue> = {};
  const lost: string[] = [];
  const now = await valuesOfChange(db, entity, changes);
  for (const [field, change] of changes) {
    // A reference started from a portal id: compared as the CRM's key of that record.
    const target = CRM_REFERENCES[field];
    const started =
      target && typeof change.from === 'string'
        ? ((await linkOf(db, target, change.from))?.crmId ?? change.from)
        : change.from;
    if (sameValue(theirs.fields[field], started)) ours[field] = now[field] ?? null;
    else if (!sameValue(theirs.fields[field], now[field])) lost.push(field);
  }
  let etag = theirs.etag;
  if (Object.keys(ours).length > 0) {
    ({ etag } = await client.write({
      operationId: entry.operationId,
      entity,
      id: crmId,
      kind: 'update',
      fields: ours,
      etag,
    }));
  }
  await finish(async (tx) => {
    await asSync(tx);
    // The CRM's values as the portal keeps them (an address retyped in capitals, say).
    await applyRecord(tx, inPortalForm(theirs), entry.portalKey, new Set(Object.keys(ours)));
    await saveLink(tx, entity, entry.portalKey, crmId, etag);
    const person = personOf(entity, entry.portalKey);
    if (lost.length > 0 && person) {
      await tx
        .insert(crmNotices)
        .values({ customerId: person, entity, portalKey: entry.portalKey, fields: lost });
    }
    await audit(tx, {
      actorCustomerId: null,
      action: 'crm.write.conflict',
      entity,
      entityId: entry.portalKey,
      data: { outboxId: entry.id, kept: Object.keys(ours), crmKept: lost },
    });
  });
}

/** Whose change a conflict is about, for the notice: the customer of a customer record. */
function personOf(entity: CrmEntity, portalKey: string): string | undefined {
  return entity === 'customer' ? portalKey : undefined;
}
