import { and, eq, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { ErrorCode, usesProhibitedAlias, type Language } from '@pp/contract';
import type { Db } from '../db/client.ts';
import { customers, identityLinks, prohibitedAliases } from '../db/schema.ts';
import { ApiError } from './problem.ts';
import { IssuerUnavailableError } from './token-verifier.ts';
import { audit } from './audit.ts';
import { languageOf } from './language.ts';

export type CustomerRow = typeof customers.$inferSelect;

async function linkedCustomer(db: Db, issuer: string, subject: string) {
  const [row] = await db
    .select({ customer: customers })
    .from(identityLinks)
    .innerJoin(customers, eq(customers.id, identityLinks.customerId))
    .where(and(eq(identityLinks.issuer, issuer), eq(identityLinks.subject, subject)));
  return row?.customer;
}

/**
 * The verified e-mail of the caller: from the token when it carries both claims, else from the
 * provider's userinfo endpoint (both claims from the same source, never mixed).
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
  return email;
}

/**
 * The customer of the caller's identity (issuer + subject). The first time an identity is seen,
 * it is linked to the customer with the same verified e-mail, or a new customer without
 * practices is made for it. Later e-mail changes at the provider never re-link.
 */
export async function currentCustomer(request: FastifyRequest): Promise<CustomerRow> {
  const { issuer, subject } = request.token!;
  const db = request.server.db;
  const linked = await linkedCustomer(db, issuer, subject);
  if (linked) return linked;

  const email = await verifiedEmailOf(request);
  const language: Language = languageOf(request);
  await db.transaction(async (tx) => {
    const [existing] = await tx
      .select()
      .from(customers)
      .where(sql`lower(${customers.email}) = lower(${email})`)
      .for('update');
    let customer = existing;
    if (!customer) {
      const aliases = await tx.select({ alias: prohibitedAliases.alias }).from(prohibitedAliases);
      if (
        usesProhibitedAlias(
          email,
          aliases.map((row) => row.alias),
        )
      ) {
        throw new ApiError(403, ErrorCode.prohibitedAlias);
      }
      const [created] = await tx
        .insert(customers)
        .values({ email, preferredLanguage: language })
        .onConflictDoNothing()
        .returning();
      if (created) {
        await audit(tx, {
          actorCustomerId: created.id,
          action: 'customer.provisioned',
          entity: 'customer',
          entityId: created.id,
        });
      }
      // Otherwise a concurrent first sign-in with the same address won the race: use its customer.
      customer =
        created ??
        (
          await tx
            .select()
            .from(customers)
            .where(sql`lower(${customers.email}) = lower(${email})`)
        )[0];
    }
    if (!customer) throw new Error('customer could not be provisioned');
    const inserted = await tx
      .insert(identityLinks)
      .values({ issuer, subject, customerId: customer.id })
      .onConflictDoNothing()
      .returning();
    if (inserted.length > 0) {
      await audit(tx, {
        actorCustomerId: customer.id,
        action: 'identity.linked',
        entity: 'customer',
        entityId: customer.id,
        data: { issuer },
      });
    }
  });
  const result = await linkedCustomer(db, issuer, subject);
  if (!result) throw new Error('identity link missing after provisioning');
  return result;
}
