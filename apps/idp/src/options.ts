import type { IdpDb } from './db/database.ts';
import type { LegalLinks } from './pages/layout.ts';
import type { ThrottlePolicy } from './throttle.ts';

/** The subset of a pino (or Fastify) logger the provider writes to. Never given PII or tokens. */
export interface IdpLogger {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export interface IdentityProviderOptions {
  db: IdpDb;
  /** The provider's own origin, e.g. `http://localhost:3001`. */
  issuer: string;
  /** The portal's single-page app: a public client on `webOrigin`. */
  client: { clientId: string; webOrigin: string };
  /** The api's audience, the default resource of every access token. */
  audience: string;
  /** The api's scope, granted as a resource scope (never in the provider's `scopes`). */
  apiScope: string;
  imprintUrl?: string | undefined;
  privacyUrl?: string | undefined;
  logger: IdpLogger;
  /** Take the client address from the last `X-Forwarded-For` entry and honour `X-Forwarded-Proto`. */
  trustProxy?: boolean;
  throttle?: ThrottlePolicy;
  /** How often the keys are re-read, so keys rotated by another instance are picked up. */
  keyRefreshSeconds?: number;
  /** How often expired provider state and throttle counters are deleted. */
  sweepSeconds?: number;
}

export interface ResolvedOptions extends IdentityProviderOptions {
  links: LegalLinks;
  /** Where error and sign-out pages lead back to. */
  portalUrl: string;
  throttle: ThrottlePolicy;
}
