import { and, eq, inArray } from 'drizzle-orm';
import type { Config } from '../../config.ts';
import type { Executor } from '../../db/client.ts';
import { customers, memberships } from '../../db/schema.ts';
import { enqueueMail, mailSiteOf } from '../../mail/outbox.ts';
import { checkMailQuota } from '../../mail/quota.ts';
import type { CustomerRow } from '../customers/linked-customer.ts';

/**
 * Tells the practice's enabled admins that someone asked to join. A notice a mail limit holds
 * back is skipped: the request itself stands, and the admins see it in the employee list.
 */
export async function notifyAdmins(
  tx: Executor,
  config: Config,
  practice: { id: string; name: string },
  requester: CustomerRow,
): Promise<void> {
  const admins = await tx
    .select({ email: customers.email, language: customers.preferredLanguage })
    .from(memberships)
    .innerJoin(customers, eq(customers.id, memberships.customerId))
    .where(
      and(
        eq(memberships.companyId, practice.id),
        eq(memberships.status, 'enabled'),
        inArray(memberships.role, ['admin', 'superadmin']),
      ),
    );
  const requesterName =
    [requester.firstName, requester.lastName].filter(Boolean).join(' ') || requester.email;
  const link = new URL('/my-practice/employees-overview', config.publicUrl);
  for (const admin of admins) {
    const envelope = {
      recipient: admin.email,
      actorCustomerId: requester.id,
      companyId: practice.id,
    };
    if (await checkMailQuota(tx, envelope)) continue;
    await enqueueMail(
      tx,
      {
        to: admin.email,
        language: admin.language,
        actorCustomerId: requester.id,
        companyId: practice.id,
        template: 'connect-request',
        params: { practiceName: practice.name, requesterName, link },
      },
      mailSiteOf(config),
    );
  }
}
