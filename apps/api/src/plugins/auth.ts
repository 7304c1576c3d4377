import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { ErrorCode } from '@pp/contract';
import { ApiError } from '../lib/http/problem.ts';
import {
  InvalidTokenError,
  IssuerUnavailableError,
  MAX_TOKEN_LENGTH,
  type TokenVerifier,
  type VerifiedToken,
} from '../lib/tokens/token-verifier.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The verified access token; set by `app.authenticate`. */
    token: VerifiedToken | null;
    /** The raw bearer token, for calls to the provider's userinfo endpoint. */
    bearer: string | null;
  }
  interface FastifyInstance {
    /** Verifies the bearer token; with `requiredScope`, the token must also carry that scope. */
    authenticate(request: FastifyRequest, requiredScope?: string): Promise<void>;
    tokenVerifier: TokenVerifier;
  }
}

const REALM = 'practice-portal';

function unauthenticated(
  error?: 'invalid_token',
  code: ErrorCode = ErrorCode.unauthenticated,
): ApiError {
  const challenge = error ? `Bearer realm="${REALM}", error="${error}"` : `Bearer realm="${REALM}"`;
  return new ApiError(401, code, undefined, { 'www-authenticate': challenge });
}

/** The token's provider session (`sid`), when the token names one. */
function sessionOf(token: VerifiedToken): string | undefined {
  const sid = token.claims['sid'];
  return typeof sid === 'string' && sid !== '' ? sid : undefined;
}

/**
 * Reads `Authorization: Bearer <token>` (RFC 6750 §2.1; the scheme is case-insensitive).
 * Tokens anywhere else (query, body, cookie) are ignored; any other header value is refused.
 */
function bearerOf(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (header === undefined) return null;
  const match = /^Bearer +([A-Za-z0-9\-._~+/]+=*)$/i.exec(header);
  if (!match?.[1]) throw unauthenticated('invalid_token');
  if (match[1].length > MAX_TOKEN_LENGTH) throw unauthenticated('invalid_token');
  return match[1];
}

export interface AuthOptions {
  verifier: TokenVerifier;
  /**
   * Whether a provider session has ended (the embedded provider's list); its tokens are refused
   * with `session_ended`. Absent: a token's `sid` is not looked at (external providers).
   */
  sessionEnded?: ((sid: string) => Promise<boolean>) | undefined;
}

export const authPlugin = fp(
  async (app: FastifyInstance, options: AuthOptions) => {
    app.decorate('tokenVerifier', options.verifier);
    app.decorateRequest('token', null);
    app.decorateRequest('bearer', null);
    app.decorate('authenticate', async (request: FastifyRequest, requiredScope?: string) => {
      await verify(request);
      if (requiredScope !== undefined && !request.token!.scopes.includes(requiredScope)) {
        throw new ApiError(403, ErrorCode.forbidden, undefined, {
          'www-authenticate': `Bearer realm="${REALM}", error="insufficient_scope", scope="${requiredScope}"`,
        });
      }
    });

    async function verify(request: FastifyRequest): Promise<void> {
      const bearer = bearerOf(request);
      if (bearer === null) throw unauthenticated();
      let token: VerifiedToken;
      try {
        token = await options.verifier.verify(bearer);
      } catch (error) {
        if (error instanceof IssuerUnavailableError) {
          request.log.warn({ reason: error.message }, 'identity provider unavailable');
          throw new ApiError(503, ErrorCode.unavailable);
        }
        const reason = error instanceof InvalidTokenError ? error.message : 'invalid';
        request.log.info({ reason }, 'access token refused');
        throw unauthenticated('invalid_token');
      }
      // After the cache of verified tokens, which would keep a token verified before its
      // session ended: the list decides (within the seconds of `endedSessionCheck`).
      const sid = sessionOf(token);
      if (sid !== undefined && (await options.sessionEnded?.(sid))) {
        request.log.info({ reason: 'session ended' }, 'access token refused');
        throw unauthenticated('invalid_token', ErrorCode.sessionEnded);
      }
      request.token = token;
      request.bearer = bearer;
    }
  },
  { name: 'auth' },
);
