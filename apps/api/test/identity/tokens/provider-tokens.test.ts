import { exportJWK, importJWK, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROVIDER_NAMES, tokenScopeOf } from '../../../src/lib/tokens/provider-profiles.ts';
import {
  createTokenVerifier,
  InvalidTokenError,
  type TokenVerifier,
} from '../../../src/lib/tokens/token-verifier.ts';
import { startProviderIssuer, type ProviderIssuer } from './provider-issuer.ts';

function verifierFor(issuer: ProviderIssuer): TokenVerifier {
  const { setup } = issuer;
  return createTokenVerifier({
    issuer: setup.issuer,
    audience: setup.audience,
    provider: setup.provider,
    clientId: setup.clientId,
    apiScope: tokenScopeOf(setup.provider, setup.apiScope ?? 'portal:api'),
  });
}

async function refused(verifier: TokenVerifier, token: Promise<string>, reason?: string) {
  const error = await verifier.verify(await token).then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(InvalidTokenError);
  if (reason !== undefined) expect((error as Error).message).toBe(reason);
}

describe.each(PROVIDER_NAMES)('access tokens under OIDC_PROVIDER=%s', (provider) => {
  let issuer: ProviderIssuer;
  let verifier: TokenVerifier;
  beforeAll(async () => {
    issuer = await startProviderIssuer(provider);
    verifier = verifierFor(issuer);
  });
  afterAll(() => issuer.close());

  it("accepts the provider's access token for the portal", async () => {
    const token = await verifier.verify(await issuer.mint('user-1'));
    expect(token.subject).toBe('user-1');
    expect(token.scopes).toContain(tokenScopeOf(provider, issuer.setup.apiScope ?? 'portal:api'));
  });

  it('refuses its ID token', async () => {
    await refused(verifier, issuer.idToken('user-1'));
  });

  it('refuses a token for another audience', async () => {
    await refused(
      verifier,
      issuer.mint('user-1', { claims: { aud: 'https://other.example.com/api' } }),
      'ERR_JWT_CLAIM_VALIDATION_FAILED',
    );
  });

  it('refuses a token of another client', async () => {
    const other = { client_id: 'another-client', azp: 'another-client' };
    const claims = provider === 'generic' ? { client_id: other.client_id } : { azp: other.azp };
    await refused(verifier, issuer.mint('user-1', { claims }), 'another client');
  });

  it('refuses a token that lives longer than the cap', async () => {
    await refused(verifier, issuer.mint('user-1', { lifetime: 3600 }), 'lifetime too long');
  });
});

describe('the generic profile stays RFC 9068 strict', () => {
  let issuer: ProviderIssuer;
  let verifier: TokenVerifier;
  beforeAll(async () => {
    issuer = await startProviderIssuer('generic');
    verifier = verifierFor(issuer);
  });
  afterAll(() => issuer.close());

  it('refuses typ JWT, even with every other claim right', async () => {
    await refused(
      verifier,
      issuer.mint('user-1', { header: { typ: 'JWT' } }),
      'ERR_JWT_CLAIM_VALIDATION_FAILED',
    );
  });

  it('accepts application/at+jwt and a token without the api scope (routes check that)', async () => {
    await verifier.verify(await issuer.mint('u', { header: { typ: 'application/at+jwt' } }));
    await verifier.verify(await issuer.mint('u', { claims: { scope: 'openid' } }));
  });
});

describe.each(['keycloak', 'entra', 'auth0'] as const)(
  'what replaces the type under OIDC_PROVIDER=%s',
  (provider) => {
    let issuer: ProviderIssuer;
    let verifier: TokenVerifier;
    beforeAll(async () => {
      issuer = await startProviderIssuer(provider);
      verifier = verifierFor(issuer);
    });
    afterAll(() => issuer.close());

    it("refuses ID-token claims even with the api's audience", async () => {
      for (const claims of [{ nonce: 'n-1' }, { at_hash: 'x' }, { c_hash: 'y' }]) {
        await refused(verifier, issuer.mint('user-1', { claims }), 'an ID token');
      }
    });

    it('refuses a token without the api scope', async () => {
      const claims = provider === 'entra' ? { scp: 'User.Read' } : { scope: 'openid email' };
      await refused(verifier, issuer.mint('user-1', { claims }), 'api scope missing');
    });

    it('refuses a token naming no client', async () => {
      await refused(verifier, issuer.mint('user-1', { without: ['azp'] }), 'no client');
    });

    it('refuses another type than JWT', async () => {
      await refused(
        verifier,
        issuer.mint('u', { header: { typ: 'id_token+jwt' } }),
        'unexpected typ',
      );
      await refused(verifier, issuer.mint('u', { header: { typ: undefined } }), 'unexpected typ');
    });

    // Keycloak and Auth0 publish `alg`; Entra publishes RSA keys without it, which imply RS256.
    it('refuses an algorithm the key set does not publish, with the right key', async () => {
      const jwk = { ...(await exportJWK(issuer.privateKey)), alg: 'PS256' };
      const pss = await importJWK(jwk, 'PS256');
      const claims = JSON.parse(
        Buffer.from((await issuer.mint('user-1')).split('.')[1] ?? '', 'base64url').toString(),
      );
      const kid = `${provider}-key`;
      const token = new SignJWT(claims)
        .setProtectedHeader({ alg: 'PS256', typ: 'JWT', kid })
        .sign(pss);
      await refused(
        verifier,
        token,
        provider === 'entra' ? 'algorithm not in key set' : 'ERR_JWKS_NO_MATCHING_KEY',
      );
    });
  },
);

describe('provider-specific refusals', () => {
  it("Keycloak: refuses a token whose typ claim is not Bearer (Keycloak's ID and refresh tokens)", async () => {
    const issuer = await startProviderIssuer('keycloak');
    const verifier = verifierFor(issuer);
    await refused(verifier, issuer.mint('u', { claims: { typ: 'ID' } }), 'not a bearer token');
    await refused(verifier, issuer.mint('u', { claims: { typ: 'Refresh' } }), 'not a bearer token');
    await issuer.close();
  });

  it('Entra ID: refuses a v1.0 token and a token of another application (appid)', async () => {
    const issuer = await startProviderIssuer('entra');
    const verifier = verifierFor(issuer);
    await refused(verifier, issuer.mint('u', { claims: { ver: '1.0' } }), 'another token version');
    await refused(
      verifier,
      issuer.mint('u', { claims: { appid: 'c0ffee00-0000-0000-0000-000000000000' } }),
      'another client',
    );
    await issuer.close();
  });

  it('Auth0: accepts its RFC 9068 profile too (at+jwt, client_id)', async () => {
    const issuer = await startProviderIssuer('auth0');
    const verifier = verifierFor(issuer);
    const token = issuer.mint('auth0|1', {
      header: { typ: 'at+jwt' },
      claims: { client_id: issuer.setup.clientId },
      without: ['azp'],
    });
    await expect(verifier.verify(await token)).resolves.toMatchObject({ subject: 'auth0|1' });
    await issuer.close();
  });
});
