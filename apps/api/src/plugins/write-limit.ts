import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { ErrorCode } from '@pp/contract';
import { ApiError } from '../lib/http/problem.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Counts a write of the authenticated account; past its limit, 429 with Retry-After. */
    countWrite(request: FastifyRequest): Promise<void>;
  }
}

const HOUR_MS = 60 * 60_000;

/**
 * Every write call (any method but GET) is limited per account and call: `perHour` of them in
 * an hour's fixed window, counted after the token is verified and before the body is read, in
 * the same store as the other limits (decision 0050). Calls with a stricter limit of their own
 * (`ConnectExistingCompany` per client address) keep it besides.
 */
export const writeLimitPlugin = fp(
  async (app: FastifyInstance, options: { perHour: number }) => {
    const limit = app.createRateLimit({
      max: options.perHour,
      timeWindow: HOUR_MS,
      // The account is the token's issuer and subject; the call is the route.
      keyGenerator: (request) =>
        `account:${request.routeOptions.url ?? ''}:${request.token?.issuer ?? ''} ${request.token?.subject ?? ''}`,
    });
    app.decorate('countWrite', async (request: FastifyRequest) => {
      const result = await limit(request);
      if (result.isAllowed || !result.isExceeded) return;
      throw new ApiError(429, ErrorCode.rateLimited, undefined, {
        'retry-after': String(Math.max(1, result.ttlInSeconds)),
      });
    });
  },
  { name: 'write-limit', dependencies: ['rate-limit', 'auth'] },
);
