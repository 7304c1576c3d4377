import { createHash } from 'node:crypto';
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
 * interaction that names the account whose password was right, the sign-in's entry in its
 * history, and a stamp of that password — so a new password ends every second step begun with
 * the old one (issue 41). Only the second step's pages of that interaction read it; it signs
 * nobody in.
 */
const PENDING: BoundCookie = { name: 'pp_idp_second_step', seconds: LIFETIMES.interaction };

export interface PendingSecondStep {
  accountId: string;
  /** The sign-in's entry in the account's history, settled when the sign-in ends. */
  attemptId: string;
  /** A stamp of the password's hash at the password step (passwordStamp). */
  passwordStamp: string;
}

/** 16 characters of the SHA-256 of the password's hash: changes with every new password. */
export function passwordStamp(passwordHash: string): string {
  return createHash('sha256').update(passwordHash).digest('base64url').slice(0, 16);
}

export function pendingSecondStepCookie(
  issuer: string,
  secret: string,
  uid: string,
  pending: PendingSecondStep,
): string {
  const fields = [pending.accountId, pending.attemptId, pending.passwordStamp];
  return boundCookie(PENDING, issuer, secret, uid, fields);
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
  const fields = readBoundCookie(PENDING, request, issuer, secrets, uid, 3);
  const [accountId, attemptId, stamp] = fields ?? [];
  return accountId && attemptId && stamp
    ? { accountId, attemptId, passwordStamp: stamp }
    : undefined;
}
