import type { FastifyRequest } from 'fastify';
import {
  boundCookie,
  clearedBoundCookie,
  readBoundCookie,
  type BoundCookie,
} from '../interaction/bound-cookie.ts';
import { LIFETIMES } from '../lifetimes.ts';

/**
 * Between the password and the second step of one sign-in (decision 0064): a cookie bound to the
 * interaction that names the account whose password was right and the sign-in's entry in its
 * history. Only the second step's pages of that interaction read it; it signs nobody in.
 */
const PENDING: BoundCookie = { name: 'pp_idp_second_step', seconds: LIFETIMES.interaction };

export interface PendingSecondStep {
  accountId: string;
  /** The sign-in's entry in the account's history, settled when the sign-in ends. */
  attemptId: string;
}

export function pendingSecondStepCookie(
  issuer: string,
  secret: string,
  uid: string,
  pending: PendingSecondStep,
): string {
  return boundCookie(PENDING, issuer, secret, uid, [pending.accountId, pending.attemptId]);
}

export function clearedSecondStepCookie(issuer: string): string {
  return clearedBoundCookie(PENDING, issuer);
}

/** The sign-in of this interaction whose password was right, if the cookie is valid. */
export function pendingSecondStep(
  request: FastifyRequest,
  issuer: string,
  secrets: readonly string[],
  uid: string,
): PendingSecondStep | undefined {
  const fields = readBoundCookie(PENDING, request, issuer, secrets, uid, 2);
  const [accountId, attemptId] = fields ?? [];
  return accountId && attemptId ? { accountId, attemptId } : undefined;
}
