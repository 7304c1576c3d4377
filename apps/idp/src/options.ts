import type { FastifyServerOptions } from 'fastify';
import type { IdpDb } from './db/database.ts';
import type { IdentityMailer } from './mail.ts';
import type { LegalLinks } from './pages/layout.ts';
import type { SecondFactorKeyOptions } from './second-factor/key-source.ts';
import type { SecondFactorKeys } from './second-factor/keys.ts';
import { DEFAULT_THROTTLE, type ThrottlePolicy } from './sessions/throttle.ts';
import type { SignInMethod } from './sessions/sign-in-history.ts';
import type { StepMode } from './second-factor/second-step-page.ts';

/** The subset of a pino (or Fastify) logger the provider writes to. Never given PII or tokens. */
export interface IdpLogger {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

/** What happens at sign-in, counted for the operator's metrics: how, never who. */
export interface SignInEvents {
  signIn(method: SignInMethod, outcome: 'success' | 'failure'): void;
  secondFactorRefused(method: StepMode): void;
}

/** The Fastify server options that bound how long a request and an idle connection may take. */
export interface ServerTimeouts {
  /** Milliseconds for a whole request, headers and body; a stalled one is answered 408. */
  requestTimeout?: number;
  /** Milliseconds an idle kept-alive connection stays open. */
  keepAliveTimeout?: number;
  http?: {
    /** Milliseconds for a request's headers. */
    headersTimeout?: number;
    /** How often Node looks for requests past their timeouts, in milliseconds. */
    connectionsCheckingInterval?: number;
  };
}

export interface IdentityProviderOptions extends SecondFactorKeyOptions {
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
  /** The operator's name of the portal (`PORTAL_NAME`); absent: the translated default. */
  portalName?: string | undefined;
  /** The operator's logo as an absolute http(s) URL (`LOGO_URL`); absent: none. */
  logoUrl?: string | undefined;
  logger: IdpLogger;
  /** Told of each finished or failed sign-in and each refused second factor; absent: nobody. */
  signInEvents?: SignInEvents | undefined;
  /** Delivers the provider's mails (registration, password reset) in the caller's transaction. */
  mailer: IdentityMailer;
  /** Local parts of shared mailboxes (info, praxis …) that may not become an account. */
  prohibitedAliases(db: IdpDb): Promise<readonly string[]>;
  /**
   * The name of a practice of this account that requires a second factor (decision 0074), or
   * undefined: a sign-in without one then asks the person to set up an authenticator app first,
   * as Keycloak's required actions do. Absent: no sign-in asks.
   */
  secondFactorRequiredBy?(
    db: IdpDb,
    account: { id: string; email: string },
  ): Promise<string | undefined>;
  /**
   * Fastify's `trustProxy`, as the api's `TRUST_PROXY`: `true` trusts every peer, a string lists
   * the trusted proxies' addresses and CIDR ranges (comma-separated). Only a trusted peer's
   * `X-Forwarded-For`, `-Proto` and `-Host` count, for the address the throttle counts as for the
   * protocol and host of the provider's URLs and cookies (decision 0016). Default: no proxy.
   */
  trustProxy?: FastifyServerOptions['trustProxy'];
  /**
   * Timeouts of the provider's HTTP server, the same as the api's (decision 0022): give the api's
   * `serverTimeouts(REQUEST_TIMEOUT_SECONDS)`. Default: Node's (minutes).
   */
  serverTimeouts?: ServerTimeouts;
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
  secondFactor: SecondFactorKeys;
}

export function resolveOptions(
  input: IdentityProviderOptions,
  secondFactor: SecondFactorKeys,
): ResolvedOptions {
  const issuer = new URL(input.issuer);
  if (issuer.pathname !== '/' || issuer.search || issuer.hash) {
    throw new Error('the identity provider issuer must be an origin without a path');
  }
  const webOrigin = new URL(input.client.webOrigin).origin;
  return {
    ...input,
    issuer: issuer.origin,
    client: { ...input.client, webOrigin },
    links: {
      imprintUrl: input.imprintUrl,
      privacyUrl: input.privacyUrl,
      portalName: input.portalName,
      logoUrl: input.logoUrl,
      // The portal's accessibility statement (decision 0080), public like these pages.
      accessibilityUrl: `${webOrigin}/accessibility`,
    },
    portalUrl: `${webOrigin}/`,
    throttle: input.throttle ?? DEFAULT_THROTTLE,
    secondFactor,
  };
}
