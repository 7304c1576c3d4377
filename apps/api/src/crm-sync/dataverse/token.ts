import { CrmUnavailable } from '../crm-client.ts';
import { CLIENT_ASSERTION_TYPE, clientAssertion, type ClientCertificate } from './certificate.ts';

// OAuth 2.0 client credentials against Microsoft Entra ID (RFC 6749 §4.4; Microsoft Learn:
// "Microsoft identity platform and the OAuth 2.0 client credentials flow",
// https://learn.microsoft.com/entra/identity-platform/v2-oauth2-client-creds-grant-flow).
// Our own small client rather than @azure/msal-node: MSAL refuses any authority that is not
// https (`authority_uri_insecure`), so it cannot talk to the stand-in on http://127.0.0.1, and
// the grant is one form POST (decision 0062).

export interface ClientCredentials {
  /** e.g. https://login.microsoftonline.com (DATAVERSE_AUTHORITY), without the tenant. */
  authority: string;
  tenantId: string;
  clientId: string;
  /** One of the two: the client secret, or the certificate that signs a client assertion. */
  clientSecret?: string | undefined;
  clientCertificate?: ClientCertificate | undefined;
  /** `${DATAVERSE_URL}/.default`: the application permissions granted to the app user. */
  scope: string;
  timeoutMs?: number;
  /** For tests: the clock in milliseconds. */
  now?: () => number;
}

export interface TokenSource {
  /** A token that is valid for a while yet: the cached one, or a new one. */
  get(): Promise<string>;
  /** Forgets `token` (the Web API answered 401 for it); a newer cached token is kept. */
  invalidate(token: string): void;
}

/** A renewal this early: 10 % of the lifetime, at most five minutes (what MSAL does). */
const RENEW_EARLY_MAX_MS = 5 * 60_000;

interface TokenAnswer {
  access_token?: unknown;
  expires_in?: unknown;
  error?: unknown;
  error_description?: unknown;
}

export function tokenEndpoint(authority: string, tenantId: string): string {
  return `${authority.replace(/\/+$/, '')}/${encodeURIComponent(tenantId)}/oauth2/v2.0/token`;
}

export function clientCredentialsTokens(settings: ClientCredentials): TokenSource {
  const now = settings.now ?? Date.now;
  const endpoint = tokenEndpoint(settings.authority, settings.tenantId);
  let cached: { token: string; renewAt: number } | undefined;
  // One request at a time: the sync and the outbox asking together share one answer.
  let pending: Promise<string> | undefined;

  async function fetchToken(): Promise<string> {
    const body = new URLSearchParams({
      grant_type: 'client_credentials',
      client_id: settings.clientId,
      scope: settings.scope,
    });
    // "Second case: access token request with a certificate" of the client credentials flow.
    if (settings.clientCertificate) {
      body.set('client_assertion_type', CLIENT_ASSERTION_TYPE);
      body.set(
        'client_assertion',
        await clientAssertion(settings.clientCertificate, settings.clientId, endpoint, now()),
      );
    } else {
      body.set('client_secret', settings.clientSecret ?? '');
    }
    let response: Response;
    try {
      response = await fetch(endpoint, {
        method: 'POST',
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          accept: 'application/json',
        },
        body,
        signal: AbortSignal.timeout(settings.timeoutMs ?? 15_000),
      });
    } catch (error) {
      throw new CrmUnavailable(`the token endpoint ${endpoint} is not reachable: ${reason(error)}`);
    }
    const answer = (await response.json().catch(() => ({}))) as TokenAnswer;
    if (!response.ok || typeof answer.access_token !== 'string') {
      // The description says what is wrong (AADSTS7000215: invalid secret, AADSTS700027: a
      // certificate Entra ID does not know, …); the secret or key itself is never in it.
      const why =
        typeof answer.error_description === 'string'
          ? answer.error_description
          : typeof answer.error === 'string'
            ? answer.error
            : `HTTP ${response.status}`;
      const retryAfter = Number(response.headers.get('retry-after'));
      throw new CrmUnavailable(
        `the token endpoint ${endpoint} gave no token: ${why}`,
        Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter * 1000 : undefined,
      );
    }
    const lifetimeMs = Math.max(0, Number(answer.expires_in) || 0) * 1000;
    const early = Math.min(RENEW_EARLY_MAX_MS, lifetimeMs / 10);
    cached = { token: answer.access_token, renewAt: now() + lifetimeMs - early };
    return answer.access_token;
  }

  return {
    async get() {
      if (cached && now() < cached.renewAt) return cached.token;
      pending ??= fetchToken().finally(() => {
        pending = undefined;
      });
      return pending;
    },
    invalidate(token) {
      if (cached?.token === token) cached = undefined;
    },
  };
}

export function reason(error: unknown): string {
  if (error instanceof Error) {
    if (error.name === 'TimeoutError') return 'no answer in time';
    const cause = (error as { cause?: { code?: unknown } }).cause?.code;
    return typeof cause === 'string' ? `${error.message} (${cause})` : error.message;
  }
  return String(error);
}
