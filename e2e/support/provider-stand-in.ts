import { generateKeyPairSync } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import Provider, { type Configuration, type KoaContextWithOIDC } from 'oidc-provider';
import { freePort } from './free-port.ts';
import { providerProfileOf, type StandInKind, type StandInProfile } from './provider-profiles.ts';

export interface StandInUser {
  email: string;
  password: string;
  name: string;
}

export interface ProviderStandIn extends StandInProfile {
  issuer: string;
  /** The parameters of every authorize request the browser made. */
  authorizeRequests: URLSearchParams[];
  close(): Promise<void>;
}

const HTML = { 'content-type': 'text/html; charset=utf-8' };

function signInPage(action: string, failed: boolean): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Sign in</title></head>
<body><main><h1>Sign in</h1>${failed ? '<p role="alert">Invalid e-mail or password.</p>' : ''}
<form method="post" action="${action}">
<label>E-mail <input name="email" type="email" autocomplete="username" required></label>
<label>Password <input name="password" type="password" autocomplete="current-password" required></label>
<button type="submit">Sign in</button></form></main></body></html>`;
}

async function bodyOf(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString();
}

/**
 * A second OpenID provider on its own port, configured like Keycloak (realm issuer, `typ: JWT`
 * access tokens with `azp`, `typ: Bearer`, `scope` and the e-mail claims) or like Entra ID v2
 * (tenant `/v2.0` issuer, `scp` with the scope's short name, `azp`, `ver: 2.0`, `email` with
 * `xms_edov`; a `resource` parameter is refused with AADSTS901002 as Entra's v2 endpoint does).
 * Its sign-in page has the fields the specs' `submitCredentials` fills.
 */
export async function startProviderStandIn(
  kind: StandInKind,
  portalOrigin: string,
  users: StandInUser[],
): Promise<ProviderStandIn> {
  const port = await freePort();
  const profile = providerProfileOf(kind);
  const origin = `http://127.0.0.1:${port}`;
  const issuer = `${origin}${profile.path}`;
  const accountOf = (id: string) => users.find((user) => user.email === id);
  const authorizeRequests: URLSearchParams[] = [];

  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const signingKey = { ...privateKey.export({ format: 'jwk' }), kid: `${kind}-1`, use: 'sig' };
  const configuration: Configuration = {
    jwks: { keys: [signingKey] },
    clients: [
      {
        client_id: profile.clientId,
        token_endpoint_auth_method: 'none',
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
        redirect_uris: [`${portalOrigin}/`, `${portalOrigin}/silent-callback.html`],
        post_logout_redirect_uris: [`${portalOrigin}/`],
      },
    ],
    clientBasedCORS: (_ctx, requestOrigin) => requestOrigin === portalOrigin,
    pkce: { required: () => true },
    scopes: ['openid', 'offline_access', 'email', 'profile'],
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    cookies: { keys: ['provider-stand-in-cookie-key'] },
    findAccount: (_ctx, id) => {
      const user = accountOf(id);
      if (!user) return undefined;
      return {
        accountId: id,
        claims: () => ({ sub: id, email: user.email, email_verified: true, name: user.name }),
      };
    },
    features: {
      devInteractions: { enabled: false },
      rpInitiatedLogout: { enabled: true },
      resourceIndicators: {
        enabled: true,
        defaultResource: () => profile.resource,
        useGrantedResource: () => true,
        getResourceServerInfo: () => ({
          scope: profile.apiScope,
          audience: profile.audience,
          accessTokenTTL: 300,
          accessTokenFormat: 'jwt',
          jwt: { sign: { alg: 'RS256' } },
        }),
      },
    },
    formats: {
      customizers: {
        jwt: (_ctx: KoaContextWithOIDC, token, jwt) => {
          const user = 'accountId' in token ? accountOf(String(token.accountId)) : undefined;
          jwt.header = { typ: 'JWT' };
          Object.assign(jwt.payload, profile.accessClaims(String(jwt.payload['scope'] ?? '')), {
            email: user?.email,
          });
          delete jwt.payload['client_id'];
          if (profile.kind === 'entra') delete jwt.payload['scope'];
        },
      },
    },
    interactions: { url: (_ctx, interaction) => `${profile.path}/interaction/${interaction.uid}` },
    issueRefreshToken: async (_ctx, client) => client.grantTypeAllowed('refresh_token'),
    ttl: {
      Interaction: 600,
      AccessToken: 300,
      IdToken: 300,
      RefreshToken: 3600,
      Session: 3600,
      Grant: 3600,
    },
  };
  const provider = new Provider(issuer, configuration);
  const callback = provider.callback();

  async function interaction(request: IncomingMessage, response: ServerResponse, path: string) {
    const details = await provider.interactionDetails(request, response);
    if (details.prompt.name === 'consent') {
      // A first-party client: everything it asks for is granted without asking.
      const { missingOIDCScope, missingResourceScopes } = details.prompt.details as {
        missingOIDCScope?: string[];
        missingResourceScopes?: Record<string, string[]>;
      };
      const grant = new provider.Grant({
        accountId: String(details.session?.accountId),
        clientId: String(details.params['client_id']),
      });
      if (missingOIDCScope) grant.addOIDCScope(missingOIDCScope.join(' '));
      for (const [indicator, scopes] of Object.entries(missingResourceScopes ?? {})) {
        grant.addResourceScope(indicator, scopes.join(' '));
      }
      const grantId = await grant.save();
      return provider.interactionFinished(request, response, { consent: { grantId } });
    }
    if (request.method === 'POST') {
      const form = new URLSearchParams(await bodyOf(request));
      const user = users.find((u) => u.email === form.get('email'));
      if (user && user.password === form.get('password')) {
        return provider.interactionFinished(request, response, {
          login: { accountId: user.email },
        });
      }
      response.writeHead(200, HTML).end(signInPage(path, true));
      return;
    }
    response.writeHead(200, HTML).end(signInPage(path, false));
  }

  function refuseResource(response: ServerResponse, redirect: string | null, state: string | null) {
    const description = "AADSTS901002: The 'resource' request parameter is not supported.";
    if (redirect) {
      const target = new URL(redirect);
      target.searchParams.set('error', 'invalid_request');
      target.searchParams.set('error_description', description);
      if (state) target.searchParams.set('state', state);
      response.writeHead(302, { location: target.href }).end();
    } else {
      response
        .writeHead(400, { 'content-type': 'application/json' })
        .end(JSON.stringify({ error: 'invalid_request', error_description: description }));
    }
  }

  const server = createServer((request, response) => {
    void (async () => {
      const url = new URL(request.url ?? '/', origin);
      if (!url.pathname.startsWith(profile.path)) {
        response.writeHead(404).end();
        return;
      }
      const path = url.pathname.slice(profile.path.length) || '/';
      if (path.startsWith('/interaction/')) return interaction(request, response, url.pathname);
      if (path === '/auth') {
        authorizeRequests.push(url.searchParams);
        if (!profile.takesResource && url.searchParams.has('resource')) {
          const redirect = url.searchParams.get('redirect_uri');
          const known = redirect?.startsWith(`${portalOrigin}/`) ? redirect : null;
          return refuseResource(response, known, url.searchParams.get('state'));
        }
      }
      if (request.method === 'POST') {
        const body = await bodyOf(request);
        if (!profile.takesResource && new URLSearchParams(body).has('resource')) {
          return refuseResource(response, null, null);
        }
        Object.assign(request, { body });
      }
      // oidc-provider serves below the issuer's path when it sees the path it was mounted at.
      Object.assign(request, { originalUrl: request.url, url: `${path}${url.search}` });
      callback(request, response);
    })().catch(() => {
      if (!response.headersSent) response.writeHead(500).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    ...profile,
    issuer,
    authorizeRequests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
