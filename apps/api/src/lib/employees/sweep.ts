import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { customers, identityLinks, invitations, memberships } from '../../db/schema.ts';

/** An expired invitation's customer stays a day, so an admin who just noticed can still resend. */
export const EXPIRED_INVITEE_GRACE = '1 day';

/**
 * Removes customers made only for invitations that are all over (expired a day ago, revoked or
 * declined), who never signed in (docs/product.md §4). Their memberships and invitations go with
 * them; the audit log keeps what happened.
 */
export async function sweepExpiredInvitees(db: Executor): Promise<number> {
  const removed = await db
    .delete(customers)
    .where(
      sql`${customers.invitationOnly}
        and not exists (select 1 from ${identityLinks} l where l.customer_id = ${customers.id})
        and not exists (select 1 from ${memberships} m where m.customer_id = ${customers.id} and m.status <> 'invited')
        and not exists (select 1 from ${invitations} i where i.customer_id = ${customers.id}
              and i.accepted_at is null and i.declined_at is null and i.revoked_at is null
              and i.expires_at > now() - interval '${sql.raw(EXPIRED_INVITEE_GRACE)}')`,
    )
    .returning({ id: customers.id });
  return removed.length;
}
