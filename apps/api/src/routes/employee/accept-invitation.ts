import { and, eq, inArray, sql } from 'drizzle-orm';
import { calls, ErrorCode } from '@pp/contract';
import {
  companies,
  customers,
  invitations,
  locationAssignments,
  locations,
  memberships,
} from '../../db/schema.ts';
import { audit } from '../../lib/audit/audit-log.ts';
import { openInvitation } from '../../lib/employees/invitation.ts';
import { lockPractice, membershipOf } from '../../lib/employees/lock.ts';
import { TypedInviteeSchema } from '../../lib/employees/typed.ts';
import { ApiError } from '../../lib/http/problem.ts';
import { defineRoute } from '../../routing/route.ts';

/**
 * Nobody joins a practice without accepting (docs/product.md §4); an expired invitation says so.
 */
export default defineRoute(calls.employeeAcceptInvitation, async (request) => {
  const { companyId } = request.body;
  const customer = request.customer;
  await request.server.db.transaction(async (tx) => {
    await lockPractice(tx, companyId);
    const membership = await membershipOf(tx, customer.id, companyId);
    const invitation = await openInvitation(tx, companyId, customer.id);
    if (membership?.status !== 'invited' || !invitation) throw ApiError.notFound();
    if (invitation.expired) throw new ApiError(410, ErrorCode.invitationExpired);
    const [practice] = await tx
      .select({ status: companies.status })
      .from(companies)
      .where(eq(companies.id, companyId));
    if (practice?.status !== 'enabled') throw new ApiError(409, ErrorCode.practiceDisabled);

    await tx
      .update(memberships)
      .set({ status: 'enabled', role: invitation.role, updatedAt: sql`now()` })
      .where(and(eq(memberships.companyId, companyId), eq(memberships.customerId, customer.id)));
    await tx
      .update(invitations)
      .set({ acceptedAt: sql`now()` })
      .where(eq(invitations.id, invitation.id));
    const { locationIds } = TypedInviteeSchema.parse(invitation.typed);
    const stillThere = locationIds.length
      ? await tx
          .select({ id: locations.id })
          .from(locations)
          .where(and(eq(locations.companyId, companyId), inArray(locations.id, locationIds)))
      : [];
    if (stillThere.length > 0) {
      await tx
        .insert(locationAssignments)
        .values(
          stillThere.map(({ id }) => ({ locationId: id, customerId: customer.id, companyId })),
        )
        .onConflictDoNothing();
    }
    await tx
      .update(customers)
      .set({
        invitationOnly: false,
        primaryCompanyId: customer.primaryCompanyId ?? companyId,
        updatedAt: sql`now()`,
      })
      .where(eq(customers.id, customer.id));
    await audit(tx, {
      actorCustomerId: customer.id,
      action: 'employee.invitation_accepted',
      entity: 'membership',
      entityId: customer.id,
      companyId,
    });
  });
  return { status: 'done' as const };
});
