import { and, asc, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { InvitationRole, MembershipRole } from '@pp/contract';
import type { Executor } from '../../db/client.ts';
import {
  companies,
  customers,
  invitations,
  locationAssignments,
  locations,
  memberships,
} from '../../db/schema.ts';
import type { CustomerRow } from '../customers/linked-customer.ts';
import { TypedInviteeSchema } from './typed.ts';

// The employees' data access (the `Employee/*` calls): memberships, their locations and the
// invitations as the invitee sees them. The practice's lock and a membership's state are
// `lock.ts`'s, an open invitation `invitation.ts`'s, the list `view.ts`'s.

const inviters = alias(customers, 'inviters');

/** Sets the role of a membership (the caller holds the practice's lock). */
export async function setRole(
  tx: Executor,
  companyId: string,
  customerId: string,
  role: MembershipRole,
): Promise<void> {
  await tx
    .update(memberships)
    .set({ role, updatedAt: sql`now()` })
    .where(and(eq(memberships.companyId, companyId), eq(memberships.customerId, customerId)));
}

/** Removes a membership; its location assignments go with it (foreign key). */
export async function removeMembership(
  tx: Executor,
  companyId: string,
  customerId: string,
): Promise<void> {
  await tx
    .delete(memberships)
    .where(and(eq(memberships.companyId, companyId), eq(memberships.customerId, customerId)));
}

/** The first (by name) enabled practice of the person's enabled memberships except `leaving`. */
export async function nextPrimaryPractice(
  tx: Executor,
  customerId: string,
  leaving: string,
): Promise<string | null> {
  const [next] = await tx
    .select({ id: companies.id })
    .from(memberships)
    .innerJoin(companies, eq(companies.id, memberships.companyId))
    .where(
      and(
        eq(memberships.customerId, customerId),
        eq(memberships.status, 'enabled'),
        eq(companies.status, 'enabled'),
        ne(companies.id, leaving),
      ),
    )
    .orderBy(companies.name)
    .limit(1);
  return next?.id ?? null;
}

/** The locations of the practice the employee works at, replaced by `locationIds`. */
export async function replaceLocations(
  tx: Executor,
  assignment: { companyId: string; customerId: string; locationIds: readonly string[] },
): Promise<void> {
  const { companyId, customerId, locationIds } = assignment;
  await tx
    .delete(locationAssignments)
    .where(
      and(
        eq(locationAssignments.companyId, companyId),
        eq(locationAssignments.customerId, customerId),
      ),
    );
  if (locationIds.length === 0) return;
  await tx
    .insert(locationAssignments)
    .values(locationIds.map((locationId) => ({ locationId, customerId, companyId })));
}

/** The invitee and address of the invitation a link names, in any state; undefined: none. */
export async function invitationByLink(
  db: Executor,
  tokenHash: string,
): Promise<{ customerId: string; email: string } | undefined> {
  const [invitation] = await db
    .select({ customerId: invitations.customerId, email: invitations.email })
    .from(invitations)
    .where(eq(invitations.tokenHash, tokenHash));
  return invitation;
}

/** The person's open invitations, expired ones included, oldest first. */
export function openInvitationsOf(db: Executor, customerId: string) {
  return db
    .select({
      companyId: companies.id,
      practiceName: companies.name,
      city: companies.city,
      role: invitations.role,
      inviter: {
        firstName: inviters.firstName,
        lastName: inviters.lastName,
        email: inviters.email,
      },
      invitedAt: invitations.createdAt,
      expiresAt: invitations.expiresAt,
      expired: sql<boolean>`${invitations.expiresAt} <= now()`,
    })
    .from(invitations)
    .innerJoin(
      memberships,
      and(
        eq(memberships.companyId, invitations.companyId),
        eq(memberships.customerId, invitations.customerId),
        eq(memberships.status, 'invited'),
      ),
    )
    .innerJoin(companies, eq(companies.id, invitations.companyId))
    .leftJoin(inviters, eq(inviters.id, invitations.invitedBy))
    .where(
      and(
        eq(invitations.customerId, customerId),
        isNull(invitations.acceptedAt),
        isNull(invitations.declinedAt),
        isNull(invitations.revokedAt),
      ),
    )
    .orderBy(asc(invitations.createdAt));
}

/**
 * The invitee joins: the membership is enabled with the invited role, the invitation accepted,
 * the person assigned to the typed locations that still exist, and the customer is no longer
 * one made for invitations only; the practice becomes primary when the person has none.
 */
export async function acceptInvitation(
  tx: Executor,
  companyId: string,
  customer: CustomerRow,
  invitation: { id: string; role: InvitationRole; typed: unknown },
): Promise<void> {
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
      .values(stillThere.map(({ id }) => ({ locationId: id, customerId: customer.id, companyId })))
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
}
