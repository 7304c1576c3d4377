import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { ErrorCode } from '@pp/contract';
import type { IdentityAdministration } from '../identity/administration.ts';
import { ApiError } from '../lib/http/problem.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Account actions at the identity provider; null when the provider in use offers none. */
    identity: IdentityAdministration | null;
    /** The identity administration, or `409 not_available` for calls that cannot work without it. */
    requireIdentity(): IdentityAdministration;
  }
}

export const identityPlugin = fp(
  async (app: FastifyInstance, options: { administration: IdentityAdministration | null }) => {
    app.decorate('identity', options.administration);
    app.decorate('requireIdentity', () => {
      if (!options.administration) throw new ApiError(409, ErrorCode.notAvailable);
      return options.administration;
    });
  },
  { name: 'identity' },
);
