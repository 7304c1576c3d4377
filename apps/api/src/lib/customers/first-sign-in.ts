import { and, eq, ne } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { EmailSchema, ErrorCode, usesProhibitedAlias } from '@pp/contract';
import type { Executor } from '../../db/client.ts';
import {
  crmRemovedIdentities,
  crmRemovedPeople,
  crmReports,
  customers,
  identityLinks,
} from '../../db/schema.ts';
import { prohibitedAliasesOf } from '../reference-data/prohibited-aliases.ts';
import { audit } from '../audit/audit-log.ts';
import { languageOf } from '../http/language.ts';
import { ApiError } from '../http/problem.ts';
import { IssuerUnavailableError } from '../tokens/token-verifier.ts';
import { issuedBeforeDeletion } from '../account-deletion/closed-identity.ts';
import { findLinkedCustomer, type CustomerRow } from './linked-customer.ts';

/**
 * The verified e-mail of the caller in its normal form: from the token when it carries both
 * claims, else from the provider's userinfo endpoint (both claims from the same source).
 */
async function verifiedEmailOf(request: FastifyRequest): Promise<string> {
  const token = request.token!;
  let { email, emailVerified } = token;
  if (email === undefined || emailVerified === undefined) {
    const info = await request.server.tokenVerifier
      .userinfo(request.bearer!, token.subject)
      .catch((error: unknown) => {
        if (!(error instanceof IssuerUnavailableError)) throw error;
        request.log.warn({ reason: error.message }, 'identity provider unavailable');
        throw new ApiError(503, ErrorCode.unavailable);
      });
    email = info.email;
    emailVerified = info.email_verified;
  }
  if (!email || emailVerified !== true) throw new ApiError(403, ErrorCode.identityUnverified);
  const normal = EmailSchema.safeParse(email);
  if (!normal.success) throw new ApiError(403, ErrorCode.emailNotAccepted);
  return normal.data;
}

/**
 * Reference data, kept a minute: read before the sign-in's transaction, not in it (on the
 * embedded database, a statement outside the open transaction would wait for its end).
 */
async function isProhibited(request: FastifyRequest, email: string): Promise<boolean> {
  return usesProhibitedAlias(email, await prohibitedAliasesOf(request.server.db));
}

/** Whether the customer already signs in with another subject of this issuer. */
async function hasOtherIdentity(
  tx: Executor,
  customerId: string,
  issuer: string,
  subject: string,
): Promise<boolean> {
  const [other] = await tx
    .select({ subject: identityLinks.subject })
    .from(identityLinks)
    .where(
      and(
        eq(identityLinks.customerId, customerId),
        eq(identityLinks.issuer, issuer),
        ne(identityLinks.subject, subject),
      ),
    );
  return other !== undefined;
}

/** Whether the identity is one of a person the CRM removed (`crm_removed_identities`). */
async function removedInCrm(db: Executor, issuer: string, subject: string): Promise<boolean> {
  const [row] = await db
    .select({ crmId: crmRemovedIdentities.crmId })
    .from(crmRemovedIdentities)
    .where(and(eq(crmRemovedIdentities.issuer, issuer), eq(crmRemovedIdentities.subject, subject)));
  return row !== undefined;
}

/** Whether the address is one of a person the CRM removed (`crm_removed_people`). */
async function addressRemovedInCrm(tx: Executor, email: string): Promise<boolean> {
  const [row] = await tx
    .select({ crmId: crmRemovedPeople.crmId })
    .from(crmRemovedPeople)
    .where(eq(crmRemovedPeople.email, email))
    .limit(1);
  return row !== undefined;
}

/** Whether the address is a CRM contact's that the portal reported (`crm_reports`). */
async function addressOfReportedContact(tx: Executor, email: string): Promise<boolean> {
  const [row] = await tx
    .select({ crmId: crmReports.crmId })
    .from(crmReports)
    .where(and(eq(crmReports.entity, 'customer'), eq(crmReports.email, email)))
    .limit(1);
  return row !== undefined;
}

type Outcome = { kind: 'linked'; customerId: string } | { kind: 'conflict'; customerId: string };

/**
 * The first sign-in of an identity (issuer + subject) that no customer is linked to yet: it is
 * linked to the customer with exactly the same verified address (normal form), or a new customer
 * without practices is made for it. Later e-mail changes at the provider never re-link
 * (docs/product.md §2). Refused: a shared mailbox (on every link, not only on creation), and an
 * address whose customer already signs in with another identity of the same provider
 * (decision 0019); and, making no new customer the outbox would write to the CRM, a person the
 * CRM removed and the address of a contact the portal reported instead of taking (§1).
 */
export async function linkOnFirstSignIn(request: FastifyRequest): Promise<CustomerRow> {
  const { issuer, subject } = request.token!;
  const db = request.server.db;
  // A token of an account deleted since it was issued makes no new customer (decision 0078).
  if (await issuedBeforeDeletion(db, request.token!))
    throw new ApiError(401, ErrorCode.unauthenticated);
  // Nor does the identity of a person the CRM removed (docs/product.md §1): the outbox would
  // write that customer to the CRM as a new contact. It signs in only to a person the CRM holds
  // with its verified address (one the CRM brought back under another address: review, M4).
  const removedIdentity = await removedInCrm(db, issuer, subject);
  const email = await verifiedEmailOf(request);
  const language = languageOf(request);
  if (await isProhibited(request, email)) throw new ApiError(403, ErrorCode.prohibitedAlias);
  const outcome = await db.transaction(async (tx): Promise<Outcome> => {
    const [existing] = await tx
      .select()
      .from(customers)
      .where(eq(customers.email, email))
      .for('update');
    let customer = existing;
    let createdHere = false;
    // A customer made only for an invitation becomes a person of its own here, whom the outbox
    // then writes to the CRM: for these checks it is no person yet (review of stop 53).
    const noPersonYet = !existing || existing.invitationOnly;
    if (removedIdentity && noPersonYet) throw new ApiError(403, ErrorCode.accessRemoved);
    // Nor a new person with the address of one the CRM removed (probe N1: someone who had
    // never signed in has no identity set aside).
    if (noPersonYet && (await addressRemovedInCrm(tx, email))) {
      throw new ApiError(403, ErrorCode.accessRemoved);
    }
    // Nor a person whose contact the portal reported instead of taking (a value it refuses): the
    // CRM would have a second contact with the address, and the first one, once fixed, would be
    // "already linked". The next round after the fix takes it, and they sign in to it.
    if (noPersonYet && (await addressOfReportedContact(tx, email))) {
      throw new ApiError(403, ErrorCode.customerRecordRefused);
    }
    if (!existing) {
      const [created] = await tx
        .insert(customers)
        .values({ email, preferredLanguage: language })
        .onConflictDoNothing()
        .returning();
      if (created) {
        createdHere = true;
        await audit(tx, {
          actorCustomerId: created.id,
          action: 'customer.provisioned',
          entity: 'customer',
          entityId: created.id,
        });
      }
      // Otherwise a concurrent first sign-in with the same address won the race: use its customer.
      customer =
        created ?? (await tx.select().from(customers).where(eq(customers.email, email)))[0];
    }
    if (customer && !createdHere && (await hasOtherIdentity(tx, customer.id, issuer, subject))) {
      return { kind: 'conflict', customerId: customer.id };
    }
    if (!customer) throw new Error('customer could not be provisioned');
    const inserted = await tx
      .insert(identityLinks)
      .values({ issuer, subject, customerId: customer.id })
      .onConflictDoNothing()
      .returning();
    if (inserted.length > 0) {
      // Linked to a person the CRM holds: the identity is no longer one set aside.
      if (removedIdentity) {
        await tx
          .delete(crmRemovedIdentities)
          .where(
            and(eq(crmRemovedIdentities.issuer, issuer), eq(crmRemovedIdentities.subject, subject)),
          );
      }
      // A customer made for an invitation is a person of their own from their first sign-in.
      await tx
        .update(customers)
        .set({ invitationOnly: false })
        .where(and(eq(customers.id, customer.id), eq(customers.invitationOnly, true)));
      await audit(tx, {
        actorCustomerId: customer.id,
        action: 'identity.linked',
        entity: 'customer',
        entityId: customer.id,
        data: { issuer },
      });
    }
    return { kind: 'linked', customerId: customer.id };
  });
  if (outcome.kind === 'conflict') {
    await audit(db, {
      actorCustomerId: null,
      action: 'identity.link_refused',
      entity: 'customer',
      entityId: outcome.customerId,
      data: { issuer, reason: 'customer already linked to another identity of this issuer' },
    });
    request.log.warn({ customerId: outcome.customerId }, 'identity link refused: second subject');
    throw new ApiError(403, ErrorCode.identityConflict);
  }
  const result = await findLinkedCustomer(db, issuer, subject);
  if (!result) throw new Error('identity link missing after provisioning');
  return result;
}
