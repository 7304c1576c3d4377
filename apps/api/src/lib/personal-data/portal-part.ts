import { and, asc, eq, isNull, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import {
  companies,
  connectRequests,
  consentRecords,
  customers,
  emailChanges,
  invitations,
  locationAssignments,
  locations,
  memberships,
  newsletterConfirmations,
  newsletterPreferences,
} from '../../db/schema.ts';
import { profileFields } from '../customers/customer-data.ts';
import { maskedAddress } from '../employees/masked-address.ts';
import { TypedInviteeSchema } from '../employees/typed.ts';
import type { Unlabelled } from './labels.ts';

type Export = Unlabelled;
const iso = (date: Date) => date.toISOString();

export async function profileOf(db: Executor, customerId: string): Promise<Export['profile']> {
  const [row] = await db.select().from(customers).where(eq(customers.id, customerId));
  if (!row) throw new Error('the caller has no customer record');
  return {
    ...profileFields(row),
    primaryCompanyId: row.primaryCompanyId,
    createdAt: iso(row.createdAt),
    updatedAt: iso(row.updatedAt),
  };
}

export async function membershipsOf(
  db: Executor,
  customerId: string,
): Promise<Export['memberships']> {
  const rows = await db
    .select({ membership: memberships, company: companies })
    .from(memberships)
    .innerJoin(companies, eq(companies.id, memberships.companyId))
    .where(eq(memberships.customerId, customerId))
    .orderBy(asc(memberships.createdAt));
  const assigned = await db
    .select({ companyId: locationAssignments.companyId, name: locations.name })
    .from(locationAssignments)
    .innerJoin(locations, eq(locations.id, locationAssignments.locationId))
    .where(eq(locationAssignments.customerId, customerId))
    .orderBy(asc(locations.name));
  return rows.map(({ membership, company }) => ({
    companyId: company.id,
    name: company.name,
    customerNumber: membership.status === 'enabled' ? company.customerNumber : null,
    practiceStatus: company.status,
    role: membership.role,
    status: membership.status,
    since: iso(membership.createdAt),
    changedAt: iso(membership.updatedAt),
    locations: assigned.filter((a) => a.companyId === company.id).map((a) => a.name),
  }));
}

type InvitationRow = typeof invitations.$inferSelect;

function stateOf(row: InvitationRow, now: Date) {
  if (row.acceptedAt) return 'accepted' as const;
  if (row.declinedAt) return 'declined' as const;
  if (row.revokedAt) return 'revoked' as const;
  return row.expiresAt <= now ? ('expired' as const) : ('open' as const);
}

const invitationBase = (row: InvitationRow, practiceName: string, now: Date) => ({
  companyId: row.companyId,
  name: practiceName,
  role: row.role,
  state: stateOf(row, now),
  sentAt: iso(row.createdAt),
  expiresAt: iso(row.expiresAt),
});

async function invitationRows(db: Executor, where: SQL) {
  return db
    .select({ invitation: invitations, practiceName: companies.name })
    .from(invitations)
    .innerJoin(companies, eq(companies.id, invitations.companyId))
    .where(where)
    .orderBy(asc(invitations.createdAt));
}

export async function invitationsOf(db: Executor, customerId: string, now: Date) {
  const received = (await invitationRows(db, eq(invitations.customerId, customerId))).map(
    ({ invitation, practiceName }) => {
      const typed = TypedInviteeSchema.parse(invitation.typed);
      return {
        ...invitationBase(invitation, practiceName, now),
        email: invitation.email,
        typed: {
          salutation: typed.salutation,
          title: typed.title,
          firstName: typed.firstName,
          lastName: typed.lastName,
        },
      };
    },
  );
  // The invitee is another person: only the masked address the inviter knows (decision 0079).
  const sent = (await invitationRows(db, eq(invitations.invitedBy, customerId))).map(
    ({ invitation, practiceName }) => ({
      ...invitationBase(invitation, practiceName, now),
      inviteeAddress: maskedAddress(invitation.email),
    }),
  );
  return { invitationsReceived: received, invitationsSent: sent };
}

export async function requestsOf(db: Executor, customerId: string) {
  const joins = await db
    .select()
    .from(connectRequests)
    .where(eq(connectRequests.customerId, customerId))
    .orderBy(asc(connectRequests.createdAt));
  const changes = await db
    .select()
    .from(emailChanges)
    .where(eq(emailChanges.customerId, customerId))
    .orderBy(asc(emailChanges.createdAt));
  return {
    joinRequests: joins.map((row) => ({
      customerNumber: row.customerNumber,
      postalCode: row.postalCode,
      sentAt: iso(row.createdAt),
      expiresAt: iso(row.expiresAt),
    })),
    pendingEmailChanges: changes
      .filter((row) => row.usedAt === null)
      .map((row) => ({
        newEmail: row.newEmail,
        requestedAt: iso(row.createdAt),
        expiresAt: iso(row.expiresAt),
      })),
  };
}

export async function newsletterOf(
  db: Executor,
  customerId: string,
): Promise<Export['newsletter']> {
  const [stored] = await db
    .select()
    .from(newsletterPreferences)
    .where(eq(newsletterPreferences.customerId, customerId));
  const records = await db
    .select()
    .from(consentRecords)
    .where(eq(consentRecords.customerId, customerId))
    .orderBy(asc(consentRecords.recordedAt), asc(consentRecords.id));
  const pending = await db
    .select()
    .from(newsletterConfirmations)
    .where(
      and(
        eq(newsletterConfirmations.customerId, customerId),
        isNull(newsletterConfirmations.confirmedAt),
      ),
    )
    .orderBy(asc(newsletterConfirmations.requestedAt));
  return {
    subscribed: stored?.subscribed ?? false,
    distributors: stored?.distributors ?? [],
    interests: stored?.interests ?? [],
    consentRecords: records.map((record) => ({
      recordedAt: iso(record.recordedAt),
      subscribed: record.subscribed,
      distributors: record.distributors,
      interests: record.interests,
      wordingVersion: record.wordingVersion,
      language: record.language,
      requestedAt: record.requestedAt?.toISOString() ?? null,
      confirmedAt: record.confirmedAt?.toISOString() ?? null,
    })),
    pendingConfirmations: pending.map((request) => ({
      requestedAt: iso(request.requestedAt),
      expiresAt: iso(request.expiresAt),
      distributors: request.distributors,
      interests: request.interests,
      wordingVersion: request.wordingVersion,
    })),
  };
}
