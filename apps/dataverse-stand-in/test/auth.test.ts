import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXAMPLE_CREDENTIALS, startDataverseStandIn, type DataverseStandIn } from '../src/index.ts';
import { api, token } from './support.ts';

// The token endpoint answers as the Microsoft identity platform's client credentials grant:
// https://learn.microsoft.com/entra/identity-platform/v2-oauth2-client-creds-grant-flow
// (scope `<resource>/.default`; answer token_type, expires_in, ext_expires_in, access_token;
// errors as `error`, `error_description` with an AADSTS code, `error_codes`). Scopes for a
// confidential client: https://learn.microsoft.com/entra/identity-platform/scenario-daemon-acquire-token
// The Web API wants `Authorization: Bearer …` and answers 401 without a valid token:
// https://learn.microsoft.com/power-apps/developer/data-platform/webapi/compose-http-requests-handle-errors

const { tenantId, clientId } = EXAMPLE_CREDENTIALS;

let standIn: DataverseStandIn;
beforeAll(async () => {
  standIn = await startDataverseStandIn({ tokenLifetimeSeconds: 120 });
});
afterAll(() => standIn.stop());

async function tokenRequest(tenant: string, form: Record<string, string>) {
  const response = await fetch(`${standIn.url}/${tenant}/oauth2/v2.0/token`, {
    method: 'POST',
    body: new URLSearchParams(form),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

const good = () => ({
  grant_type: 'client_credentials',
  client_id: clientId,
  client_secret: 'any secret',
  scope: `${standIn.url}/.default`,
});

describe('token endpoint', () => {
  it('issues a bearer token for any GUID tenant and client and any secret', async () => {
    const answer = await tokenRequest('0b1c2d3e-4f50-6172-8394-a5b6c7d8e9f0', {
      ...good(),
      client_id: 'ffffffff-0000-4000-8000-123456789abc',
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      token_type: 'Bearer',
      expires_in: 120,
      ext_expires_in: 120,
    });
    expect(answer.body.access_token).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
  });

  it('refuses a tenant that is not a GUID, a client id that is not one, and an empty secret', async () => {
    const tenant = await tokenRequest('contoso', good());
    expect(tenant.status).toBe(400);
    expect(tenant.body.error).toBe('invalid_request');
    expect(tenant.body.error_codes).toEqual([90002]);
    const client = await tokenRequest(tenantId, { ...good(), client_id: 'portal' });
    expect(client.status).toBe(400);
    expect(client.body.error).toBe('unauthorized_client');
    const secret = await tokenRequest(tenantId, { ...good(), client_secret: '' });
    expect(secret.status).toBe(401);
    expect(secret.body.error).toBe('invalid_client');
    expect(String(secret.body.error_description)).toMatch(/^AADSTS7000216: /);
  });

  it('wants the scope <environment URL>/.default and the client credentials grant', async () => {
    const plain = await tokenRequest(tenantId, { ...good(), scope: standIn.url });
    expect(plain.status).toBe(400);
    expect(plain.body.error).toBe('invalid_scope');
    const other = await tokenRequest(tenantId, {
      ...good(),
      scope: 'https://contoso.crm4.dynamics.com/.default',
    });
    expect(other.status).toBe(400);
    expect(other.body.error).toBe('invalid_resource');
    const grant = await tokenRequest(tenantId, { ...good(), grant_type: 'password' });
    expect(grant.body.error).toBe('unsupported_grant_type');
  });

  it('also takes the client credentials as HTTP Basic (client_secret_basic)', async () => {
    const response = await fetch(`${standIn.url}/${tenantId}/oauth2/v2.0/token`, {
      method: 'POST',
      headers: { authorization: `Basic ${Buffer.from(`${clientId}:s3cret`).toString('base64')}` },
      body: new URLSearchParams({
        grant_type: 'client_credentials',
        scope: `${standIn.url}/.default`,
      }),
    });
    expect(response.status).toBe(200);
  });

  it('serves the discovery documents a library reads (nothing is fetched from Microsoft)', async () => {
    const config = (await (
      await fetch(`${standIn.url}/${tenantId}/v2.0/.well-known/openid-configuration`)
    ).json()) as Record<string, unknown>;
    expect(config.token_endpoint).toBe(`${standIn.url}/${tenantId}/oauth2/v2.0/token`);
    expect(config.issuer).toBe(`${standIn.url}/${tenantId}/v2.0`);
    expect(config.jwks_uri).toBe(`${standIn.url}/${tenantId}/discovery/v2.0/keys`);
    const keys = await fetch(String(config.jwks_uri));
    expect(keys.status).toBe(200);
    const instance = (await (
      await fetch(`${standIn.url}/common/discovery/instance?api-version=1.1`)
    ).json()) as Record<string, unknown>;
    expect(instance.tenant_discovery_endpoint).toBe(
      `${standIn.url}/{tenant}/v2.0/.well-known/openid-configuration`,
    );
  });
});

describe('bearer tokens on the Web API', () => {
  it('answers 401 in the Web API error format without a token or with a foreign one', async () => {
    const none = await fetch(`${standIn.apiUrl}/contacts`);
    expect(none.status).toBe(401);
    expect(none.headers.get('www-authenticate')).toMatch(/^Bearer authorization_uri=/);
    expect(((await none.json()) as { error: { code: string } }).error.code).toMatch(/^0x/);
    const foreign = await api(standIn, 'eyJ0eXAiOiJKV1QifQ.e30.c2ln', 'contacts');
    expect(foreign.status).toBe(401);
  });

  it('answers 401 for every token issued before expireTokens(), and takes a new one', async () => {
    const before = await token(standIn);
    expect((await api(standIn, before, 'WhoAmI')).status).toBe(200);
    standIn.expireTokens();
    const expired = await api(standIn, before, 'accounts?$select=name');
    expect(expired.status).toBe(401);
    expect(expired.body.error.message).toMatch(/expired/);
    const after = await token(standIn);
    expect((await api(standIn, after, 'accounts?$select=name')).status).toBe(200);
  });

  it('lets a token lapse after its lifetime', async () => {
    const shortLived = await startDataverseStandIn({ tokenLifetimeSeconds: 0, demo: false });
    try {
      const bearer = await token(shortLived);
      expect((await api(shortLived, bearer, 'WhoAmI')).status).toBe(401);
    } finally {
      await shortLived.stop();
    }
  });

  it('reads rows with a plain GET and the token, as a person with curl would', async () => {
    const bearer = standIn.issueToken();
    const response = await fetch(`${standIn.apiUrl}/contacts?$select=emailaddress1`, {
      headers: { authorization: `Bearer ${bearer}` },
    });
    expect(response.status).toBe(200);
    const body = (await response.json()) as { value: { emailaddress1: string }[] };
    expect(body.value.map((c) => c.emailaddress1)).toContain('anna.sommer@example.com');
  });
});
