// The Merge action (POST /Merge) and what a CRM user's merge in Dynamics leaves behind: the
// subordinate record deactivated (statecode 1, statuscode 2) with `merged` true and `masterid`
// naming the target, the subordinate's child records re-parented to the target, and the target
// changed (a new version, with UpdateContent's columns). Microsoft Learn: "Merge Action"
// (https://learn.microsoft.com/power-apps/developer/data-platform/webapi/reference/merge; for
// Dynamics 365, https://learn.microsoft.com/previous-versions/dynamicscrm-2016/developers-guide/mt607669(v=crm.8)),
// which takes Target, Subordinate, UpdateContent and PerformParentingChecks and returns nothing
// (204). Accounts and contacts are merged; a record merged already cannot be merged again.
//
// The child records move along the relationships whose CascadeConfiguration says Merge: Cascade,
// as in Dataverse ("Configure table relationship cascading behavior",
// https://learn.microsoft.com/power-apps/developer/data-platform/configure-entity-relationship-cascading-behavior):
// the metadata's relationships (`metadata-model.ts`; crm:provision makes the portal's lookups to
// contacts and accounts so), never along masterid. Along one with NoCascade they keep naming the
// subordinate.

import type { Answer, StandInContext } from './context.ts';
import { errors } from './errors.ts';
import { rowFromBody } from './request-body.ts';
import { ENTITY_SETS, lookupValueName, type EntitySet } from './schema.ts';
import { isGuid, type Row } from './store.ts';

const MERGEABLE = ['contacts', 'accounts'];

/** The table and key of a Merge parameter (`{ "@odata.type": "Microsoft.Dynamics.CRM.contact", "contactid": … }`). */
function recordOf(parameter: unknown, name: string): { entity: EntitySet; id: string } {
  const json = parameter as Row | null;
  const type = typeof json?.['@odata.type'] === 'string' ? String(json['@odata.type']) : '';
  const entity = ENTITY_SETS.find(
    (e) => `Microsoft.Dynamics.CRM.${e.logicalName}` === type && MERGEABLE.includes(e.set),
  );
  if (!entity) {
    throw errors.badRequest(`${name} must be an account or a contact with its @odata.type.`);
  }
  const id = json?.[entity.key];
  if (typeof id !== 'string' || !isGuid(id)) {
    throw errors.badRequest(`${name} must name the ${entity.logicalName} by ${entity.key}.`);
  }
  return { entity, id: id.toLowerCase() };
}

/** Merges `subordinate` into `target` of the set `set` (rows in the stored shape). */
export function mergeRecords(
  context: StandInContext,
  set: string,
  target: string,
  subordinate: string,
  updateContent: Row = {},
): void {
  const { store } = context;
  const entity = ENTITY_SETS.find((e) => e.set === set);
  if (!entity || !MERGEABLE.includes(set)) throw errors.badRequest(`${set} cannot be merged.`);
  const [to, from] = [target.toLowerCase(), subordinate.toLowerCase()];
  if (to === from) throw errors.badRequest('The target and the subordinate are the same record.');
  const master = store.get(set, to);
  const merged = store.get(set, from);
  if (!master) throw errors.notFound(entity.logicalName, to);
  if (!merged) throw errors.notFound(entity.logicalName, from);
  if (merged.row.merged === true || merged.row.statecode !== 0) {
    throw errors.badRequest(`The ${entity.logicalName} ${from} is inactive or merged already.`);
  }
  if (master.row.statecode !== 0) {
    throw errors.badRequest(`The ${entity.logicalName} ${to} is inactive.`);
  }
  // The subordinate's child records along the relationships with Merge: Cascade.
  for (const relationship of context.metadata.state.relationships) {
    if (relationship.referencedEntity !== entity.logicalName) continue;
    if (relationship.cascade.Merge !== 'Cascade') continue;
    const child = ENTITY_SETS.find((e) => e.logicalName === relationship.referencingEntity);
    const column = relationship.referencingAttribute;
    if (!child || column === 'masterid' || child.columns[column]?.kind !== 'lookup') continue;
    const name = lookupValueName(column);
    for (const stored of store.rows(child.set)) {
      if (stored.row[name] === from) store.put(child.set, stored.id, { [name]: to });
    }
  }
  store.put(set, to, updateContent);
  store.put(set, from, {
    statecode: 1,
    statuscode: 2,
    merged: true,
    [lookupValueName('masterid')]: to,
  });
}

/** POST /Merge: the unbound action. */
export function handleMerge(context: StandInContext, method: string, body: unknown): Answer {
  if (method !== 'POST') throw errors.methodNotAllowed(method);
  const json = (typeof body === 'object' && body !== null ? body : {}) as Row;
  const target = recordOf(json.Target, 'Target');
  const subordinate = recordOf(json.Subordinate, 'Subordinate');
  if (target.entity !== subordinate.entity) {
    throw errors.badRequest('The target and the subordinate must be of the same table.');
  }
  const update =
    json.UpdateContent === undefined || json.UpdateContent === null
      ? {}
      : rowFromBody(context.store, target.entity, json.UpdateContent);
  delete update[target.entity.key];
  mergeRecords(context, target.entity.set, target.id, subordinate.id, update);
  return { status: 204 };
}
