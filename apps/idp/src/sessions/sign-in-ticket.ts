import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { cookieValue, hostCookieName } from '../app/cookies.ts';
import type { IdpDb } from '../db/database.ts';
import { idpAccounts, idpPayloads } from '../db/schema.ts';

/**
 * After confirming a new address, the browser that proved the password (at the registration in
 * this browser, or on the confirmation page) is signed in by its next sign-in page without being
 * asked again (issue 22, point 12; decision 0058). The ticket is a random secret in an `HttpOnly`
 * cookie; only its SHA-256 is stored, among oidc-provider's models (`idp_payloads`, which a new
 * password clears for the account). It is good for one sign-in within ten minutes.
 */
const MODEL = 'SignInTicket';
const VALID_SECONDS = 10 * 60;
const SECRET_FORMAT = /^[A-Za-z0-9_-]{43}$/;

const digest = (secret: string) => createHash('sha256').update(secret).digest('base64url');
const cookieName = (issuer: string) => hostCookieName(issuer, 'pp_idp_ticket');

function cookie(issuer: string, value: string, maxAge: number): string {
  const secure = issuer.startsWith('https:') ? '; Secure' : '';
  return `${cookieName(issuer)}=${value}; Path=/; Max-Age=${maxAge}; HttpOnly; SameSite=Lax${secure}`;
}

/** Stores a ticket for the account and answers the `Set-Cookie` value that carries it. */
export async function issueSignInTicket(
  db: IdpDb,
  issuer: string,
  accountId: string,
): Promise<string> {
  const secret = randomBytes(32).toString('base64url');
  await db.insert(idpPayloads).values({
    model: MODEL,
    id: digest(secret),
    payload: {},
    accountId,
    expiresAt: sql`now() + make_interval(secs => ${VALID_SECONDS})`,
  });
  return cookie(issuer, secret, VALID_SECONDS);
}

/** The `Set-Cookie` value that removes the ticket from the browser. */
export function clearedTicket(issuer: string): string {
  return cookie(issuer, '', 0);
}

/** Whether the request carries a ticket cookie at all (used or not). */
export function hasTicket(request: FastifyRequest, issuer: string): boolean {
  return cookieValue(request, cookieName(issuer)) !== undefined;
}

/**
 * Uses the browser's ticket up and answers its account, when the ticket is unused, not expired
 * and its account's address is confirmed; of two concurrent uses one wins.
 */
export async function redeemSignInTicket(
  db: IdpDb,
  request: FastifyRequest,
  issuer: string,
): Promise<string | undefined> {
  const secret = cookieValue(request, cookieName(issuer)) ?? '';
  if (!SECRET_FORMAT.test(secret)) return undefined;
  const [row] = await db
    .update(idpPayloads)
    .set({ consumedAt: sql`now()` })
    .where(
      and(
        eq(idpPayloads.model, MODEL),
        eq(idpPayloads.id, digest(secret)),
        isNull(idpPayloads.consumedAt),
        gt(idpPayloads.expiresAt, sql`now()`),
        sql`exists (select 1 from ${idpAccounts} where ${idpAccounts.id}::text = ${idpPayloads.accountId} and ${idpAccounts.emailVerified})`,
      ),
    )
    .returning({ accountId: idpPayloads.accountId });
  return row?.accountId ?? undefined;
}
