import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { ErrorCode } from '@pp/contract';
import { ApiError } from '../lib/http/problem.ts';
import { callOf } from '../management/metrics.ts';

export interface AccountLimit {
  max: number;
  timeWindow: number;
}

/** Counts a request of the authenticated account; past the limit, 429 with Retry-After. */
export type AccountCounter = (request: FastifyRequest) => Promise<void>;

declare module 'fastify' {
  interface FastifyInstance {
    /** Counts a write of the authenticated account against the limit every write has. */
    countWrite: AccountCounter;
    /** A stricter counter per account for one call (`CallOptions.accountLimit`). */
    accountCounter(name: string, limit: AccountLimit): AccountCounter;
  }
}

const HOUR_MS = 60 * 60_000;

/**
 * Every write call (any method but GET) is limited per account and call: `perHour` of them in
 * an hour's fixed window, counted after the token is verified and before the body is read, in
 * the same store as the other limits (decision 0050). A call may add a stricter limit per
 * account (`ConnectExistingCompany`, decision 0052) beside its limit per client address.
 */
export const writeLimitPlugin = fp(
  async (app: FastifyInstance, options: { perHour: number }) => {
    const counter = (name: string, limit: AccountLimit): AccountCounter => {
      const check = app.createRateLimit({
        max: limit.max,
        timeWindow: limit.timeWindow,
        // The account is the token's issuer and subject; the call is the route.
        keyGenerator: (request) =>
          `${name}:${request.routeOptions.url ?? ''}:${request.token?.issuer ?? ''} ${request.token?.subject ?? ''}`,
      });
      return async (request) => {
        const result = await check(request);
        if (result.isAllowed || !result.isExceeded) return;
        app.metrics.rateLimitRefusals.inc({ limit: name, call: callOf(request) });
        throw new ApiError(429, ErrorCode.rateLimited, undefined, {
          'retry-after': String(Math.max(1, result.ttlInSeconds)),
        });
      };
    };
    app.decorate('countWrite', counter('account', { max: options.perHour, timeWindow: HOUR_MS }));
    app.decorate('accountCounter', counter);
  },
  { name: 'write-limit', dependencies: ['rate-limit', 'auth'] },
);
