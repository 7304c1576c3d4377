import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { calls } from '@pp/contract';
import { companies, customers, invitations, memberships } from '../../db/schema.ts';
import { displayName } from '../../lib/employees/names.ts';
import { defineRoute } from '../../routing/route.ts';

const inviters = alias(customers, 'inviters');

export default defineRoute(calls.employeeGetMyInvitations, async (request) => {
  const rows = await request.server.db
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
        eq(invitations.customerId, request.customer.id),
        isNull(invitations.acceptedAt),
        isNull(invitations.declinedAt),
        isNull(invitations.revokedAt),
      ),
    )
    .orderBy(asc(invitations.createdAt));
  return rows.map(({ inviter, invitedAt, expiresAt, ...row }) => ({
    ...row,
    invitedBy: inviter ? displayName(inviter) : null,
    invitedAt: invitedAt.toISOString(),
    expiresAt: expiresAt.toISOString(),
  }));
});
