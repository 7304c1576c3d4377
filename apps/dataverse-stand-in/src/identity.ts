import { randomBytes, randomUUID } from 'node:crypto';
import { CLIENT_ASSERTION_TYPE, ClientAssertions } from './client-assertion.ts';

// The stand-in's Microsoft identity platform: the OAuth 2.0 client credentials grant at
// `/{tenant}/oauth2/v2.0/token` and the discovery documents a library such as MSAL reads
// (learn.microsoft.com/entra/identity-platform/v2-oauth2-client-creds-grant-flow). Any
// well-formed tenant and client id (GUIDs) and any non-empty secret are accepted; the scope must
// be `<environment URL>/.default`, as for Dataverse. With `clientSecret` only that secret is
// taken (AADSTS7000215 otherwise); with `certificates`, a client assertion signed by one of them
// is taken too, checked as Entra ID does (`client-assertion.ts`). Tokens are opaque to the client but look
// like Entra's (a JWT with aud, iss, tid, appid, exp), so a person with curl can read them.

const GUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface IssuedToken {
  tenant: string;
  clientId: string;
  expiresAt: number;
}

export interface TokenAnswer {
  status: number;
  body: Record<string, unknown>;
}

/** An Entra ID error answer (`error`, `error_description` with the AADSTS code, `error_codes`). */
function entraError(status: number, error: string, code: number, description: string) {
  const traceId = randomUUID();
  const correlationId = randomUUID();
  const timestamp = new Date()
    .toISOString()
    .replace('T', ' ')
    .replace(/\.\d+Z$/, 'Z');
  return {
    status,
    body: {
      error,
      error_description: `AADSTS${code}: ${description} Trace ID: ${traceId} Correlation ID: ${correlationId} Timestamp: ${timestamp}`,
      error_codes: [code],
      timestamp,
      trace_id: traceId,
      correlation_id: correlationId,
    },
  };
}

const base64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

export class Identity {
  private readonly tokens = new Map<string, IssuedToken>();

  private readonly assertions: ClientAssertions;

  constructor(
    private readonly url: () => string,
    public lifetimeSeconds: number,
    private readonly credentials: { certificates?: string[]; clientSecret?: string } = {},
  ) {
    this.assertions = new ClientAssertions(credentials.certificates ?? []);
  }

  /** POST /{tenant}/oauth2/v2.0/token with a form body. */
  async token(
    tenant: string,
    form: URLSearchParams,
    basic: string | undefined,
  ): Promise<TokenAnswer> {
    if (!GUID.test(tenant)) {
      return entraError(
        400,
        'invalid_request',
        90002,
        `Tenant '${tenant}' not found. Check to make sure you have the correct tenant ID and are signing into the correct cloud.`,
      );
    }
    let clientId = form.get('client_id') ?? '';
    let secret = form.get('client_secret') ?? '';
    // client_secret_basic: the credentials may come in the Authorization header instead.
    if (basic) {
      const [id, pass] = Buffer.from(basic, 'base64').toString().split(':');
      clientId ||= decodeURIComponent(id ?? '');
      secret ||= decodeURIComponent(pass ?? '');
    }
    const grant = form.get('grant_type');
    if (!grant) {
      return entraError(
        400,
        'invalid_request',
        900144,
        "The request body must contain the following parameter: 'grant_type'.",
      );
    }
    if (grant !== 'client_credentials') {
      return entraError(
        400,
        'unsupported_grant_type',
        70003,
        `The app requested an unsupported grant type '${grant}'.`,
      );
    }
    if (!clientId) {
      return entraError(
        400,
        'invalid_request',
        900144,
        "The request body must contain the following parameter: 'client_id'.",
      );
    }
    if (!GUID.test(clientId)) {
      return entraError(
        400,
        'unauthorized_client',
        700016,
        `Application with identifier '${clientId}' was not found in the directory '${tenant}'.`,
      );
    }
    const assertion = form.get('client_assertion');
    if (assertion !== null) {
      if (form.get('client_assertion_type') !== CLIENT_ASSERTION_TYPE) {
        return entraError(
          400,
          'invalid_request',
          900144,
          "The request body must contain the following parameter: 'client_assertion_type'.",
        );
      }
      const endpoint = `${this.url()}/${tenant}/oauth2/v2.0/token`;
      const verdict = await this.assertions.verify(assertion, clientId, tenant, endpoint);
      if ('code' in verdict) {
        return entraError(401, 'invalid_client', verdict.code, verdict.description);
      }
      secret = 'assertion';
    } else if (
      secret &&
      this.credentials.clientSecret !== undefined &&
      secret !== this.credentials.clientSecret
    ) {
      return entraError(
        401,
        'invalid_client',
        7000215,
        `Invalid client secret provided. Ensure the secret being sent in the request is the client secret value, not the client secret ID, for a secret added to app '${clientId}'.`,
      );
    }
    if (!secret) {
      return entraError(
        401,
        'invalid_client',
        7000216,
        "'client_assertion', 'client_secret' or 'request' is required for the 'client_credentials' grant type.",
      );
    }
    const scope = form.get('scope') ?? '';
    const resource = this.url();
    if (!scope) {
      return entraError(
        400,
        'invalid_request',
        900144,
        "The request body must contain the following parameter: 'scope'.",
      );
    }
    if (!scope.endsWith('/.default')) {
      return entraError(
        400,
        'invalid_scope',
        1002012,
        `The provided value for scope ${scope} is not valid. Client credential flows must have a scope value with /.default suffixed to the resource identifier (application ID URI).`,
      );
    }
    const asked = scope.slice(0, -'/.default'.length).replace(/\/+$/, '');
    if (asked !== resource) {
      return entraError(
        400,
        'invalid_resource',
        500011,
        `The resource principal named ${asked} was not found in the tenant named ${tenant}.`,
      );
    }
    return { status: 200, body: this.issue(tenant, clientId) };
  }

  /** A token for `clientId`, as the token endpoint answers it. */
  issue(tenant: string, clientId: string): Record<string, unknown> {
    const resource = this.url();
    const now = Math.floor(Date.now() / 1000);
    const exp = now + this.lifetimeSeconds;
    const accessToken = [
      base64url({ typ: 'JWT', alg: 'RS256', kid: 'stand-in' }),
      base64url({
        aud: resource,
        iss: `https://sts.windows.net/${tenant}/`,
        iat: now,
        nbf: now,
        exp,
        appid: clientId,
        tid: tenant,
        oid: clientId,
        ver: '1.0',
      }),
      randomBytes(32).toString('base64url'),
    ].join('.');
    this.tokens.set(accessToken, { tenant, clientId, expiresAt: exp * 1000 });
    return {
      token_type: 'Bearer',
      expires_in: this.lifetimeSeconds,
      ext_expires_in: this.lifetimeSeconds,
      access_token: accessToken,
    };
  }

  /** The token of an `Authorization: Bearer …` header, when issued here and not expired. */
  check(authorization: string | undefined): IssuedToken | undefined {
    const match = /^Bearer\s+(\S+)$/i.exec(authorization ?? '');
    if (!match) return undefined;
    const token = this.tokens.get(match[1]!);
    if (!token || token.expiresAt <= Date.now()) return undefined;
    return token;
  }

  /** Every token issued so far now answers 401, as after its expiry. */
  expireAll(): void {
    for (const token of this.tokens.values()) token.expiresAt = 0;
  }

  /** `/{tenant}/v2.0/.well-known/openid-configuration`. */
  openidConfiguration(tenant: string): Record<string, unknown> {
    const base = `${this.url()}/${tenant}`;
    return {
      token_endpoint: `${base}/oauth2/v2.0/token`,
      token_endpoint_auth_methods_supported: [
        'client_secret_post',
        'private_key_jwt',
        'client_secret_basic',
      ],
      jwks_uri: `${base}/discovery/v2.0/keys`,
      response_modes_supported: ['query', 'fragment', 'form_post'],
      subject_types_supported: ['pairwise'],
      id_token_signing_alg_values_supported: ['RS256'],
      response_types_supported: ['code', 'id_token', 'code id_token', 'id_token token'],
      scopes_supported: ['openid', 'profile', 'email', 'offline_access'],
      issuer: `${base}/v2.0`,
      request_uri_parameter_supported: false,
      userinfo_endpoint: `${this.url()}/oidc/userinfo`,
      authorization_endpoint: `${base}/oauth2/v2.0/authorize`,
      device_authorization_endpoint: `${base}/oauth2/v2.0/devicecode`,
      http_logout_supported: true,
      frontchannel_logout_supported: true,
      end_session_endpoint: `${base}/oauth2/v2.0/logout`,
      claims_supported: ['sub', 'iss', 'aud', 'exp', 'iat', 'nbf', 'tid', 'ver'],
      kerberos_endpoint: `${base}/kerberos`,
      tenant_region_scope: 'EU',
      cloud_instance_name: new URL(this.url()).host,
      cloud_graph_host_name: new URL(this.url()).host,
      msgraph_host: new URL(this.url()).host,
      rbac_url: this.url(),
    };
  }

  /** `/common/discovery/instance` (MSAL's instance discovery). */
  instanceDiscovery(): Record<string, unknown> {
    const host = new URL(this.url()).host;
    return {
      tenant_discovery_endpoint: `${this.url()}/{tenant}/v2.0/.well-known/openid-configuration`,
      'api-version': '1.1',
      metadata: [{ preferred_network: host, preferred_cache: host, aliases: [host] }],
    };
  }
}
