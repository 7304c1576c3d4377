import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import { crmConnection } from '../db/schema.ts';
import { auditOf } from '../lib/audit/audit-log.ts';
import type { CrmClient, CrmLog } from './crm-client.ts';

// Which CRM organisation the mirror belongs to (issue 44). A full read removes from the portal
// what the CRM no longer holds, so a DATAVERSE_URL pointing at another environment (a sandbox,
// a copy, a typo) would remove every linked record, and the outbox would write the portal's
// changes there. The first round keeps the organisation that answers (Dataverse: WhoAmI's
// OrganizationId) in `crm_connection`; when a later one meets another, it records that one too,
// and from then on the sync, the outbox and the refreshes of every instance stand still until
// the operator accepts an organisation (docs/operations.md, "The CRM"):
// `POST /operator/crm/organisation` with the other one (the mirror follows it) or the kept one
// again (DATAVERSE_URL was put right), `acceptOrganisation` below.

export interface OrganisationGuard {
  /**
   * Null when the CRM may be used; else why not. `ask` asks the CRM which organisation answers
   * (a sync round does, once per interval); otherwise the answer this instance had is used, and
   * the CRM is asked only before its first one. Throws CrmUnavailable when the CRM is away.
   */
  refusal(ask: boolean): Promise<string | null>;
}

export function organisationText(kept: string, other: string): string {
  return `Dataverse answers for organisation ${other}, but the portal syncs with ${kept}: the sync and the outbox stand still until the operator accepts one (docs/operations.md, "The CRM")`;
}

export function organisationGuard(db: Executor, client: CrmClient, log: CrmLog): OrganisationGuard {
  /** The organisation this instance's CRM last answered for. */
  let answered: string | null = null;
  let reported = false;

  return {
    async refusal(ask) {
      if (!client.organisation) return null;
      if (ask || answered === null) answered = await client.organisation();
      let { id: kept, seen: other } = await organisationOf(db);
      if (kept === null && other === null) {
        // The first organisation is kept; `returning` gives the one kept, by whichever instance.
        const result = await db.execute(sql`
          update crm_connection set organisation_id = coalesce(organisation_id, ${answered}::uuid)
          returning organisation_id::text as kept`);
        const [row] = (result as unknown as { rows: { kept: string }[] }).rows;
        if (!row) return null;
        kept = row.kept;
      }
      // Another organisation than the kept one answers: it is the one the operator decides
      // about, also when an earlier other one is waiting (probe M1: a stale `seen` could be
      // accepted while nobody answers for it). The kept one answering again changes nothing.
      if (kept !== null && answered !== kept && answered !== other) {
        await db.update(crmConnection).set({ otherOrganisationId: answered });
        other = answered;
        reported = false;
      }
      if (other === null) {
        reported = false;
        return null;
      }
      const problem = organisationText(kept ?? '(none)', other);
      if (!reported) log.error({ crm: { organisation: kept, other } }, problem);
      reported = true;
      return problem;
    },
  };
}

/** The organisations `crm_connection` holds, for the health. */
export async function organisationOf(db: Executor) {
  const [row] = await db
    .select({ id: crmConnection.organisationId, seen: crmConnection.otherOrganisationId })
    .from(crmConnection);
  return { id: row?.id ?? null, seen: row?.seen ?? null };
}

/** What the operator's acceptance did: the organisation kept now, or why nothing changed. */
export type Acceptance = { accepted: string; previous: string | null } | { refused: string };

/**
 * Accepts the organisation the health showed the operator: the other one an instance met
 * (`seen`: the mirror follows it from now on) or the kept one again. Nothing else, so a stale
 * or mistyped id moves nothing. The change is one statement with its audit entry, guarded by
 * the values read: of two requests at once (on any instances) one applies, the other is refused.
 */
export async function acceptOrganisation(
  db: Executor,
  log: CrmLog,
  organisation: string,
): Promise<Acceptance> {
  const id = organisation.toLowerCase();
  const { id: kept, seen } = await organisationOf(db);
  if (seen === null) {
    return {
      refused: `no other organisation waits to be accepted: the portal syncs with ${kept ?? 'the organisation of its first round'}`,
    };
  }
  if (id !== seen && id !== kept) {
    return {
      refused: `${organisation} is neither the organisation Dataverse answered for (${seen}) nor the kept one (${kept ?? 'none'}): nothing was changed`,
    };
  }
  const changed = db.$with('changed').as(
    db
      .update(crmConnection)
      .set({ organisationId: id, otherOrganisationId: null })
      .where(
        and(
          eq(crmConnection.otherOrganisationId, seen),
          kept === null
            ? isNull(crmConnection.organisationId)
            : eq(crmConnection.organisationId, kept),
        ),
      )
      .returning({ id: crmConnection.organisationId }),
  );
  const entry = auditOf(db, changed, {
    actorCustomerId: null,
    action: 'crm.organisation.accepted',
    entity: 'crm_connection',
    entityId: id,
    data: { previous: kept, seen },
  });
  const [row] = await db.with(changed, entry).select().from(changed);
  if (!row) {
    return {
      refused:
        'the organisations changed while this request was made (another acceptance?): nothing was changed; GET /operator/crm shows them now',
    };
  }
  log.warn(
    { crm: { organisation: id, previous: kept, seen } },
    id === kept
      ? 'the operator accepted the CRM organisation: the kept one again'
      : 'the operator accepted the CRM organisation: the mirror follows it from now on',
  );
  return { accepted: id, previous: kept };
}
