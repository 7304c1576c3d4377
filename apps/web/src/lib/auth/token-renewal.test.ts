import { http, HttpResponse } from 'msw';
import { User } from 'oidc-client-ts';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { WebConfiguration } from '@pp/contract';
import { server, webConfiguration } from '../../testing/portal-server.ts';
import { keepRenewing } from './token-renewal.ts';
import { CLOCK_LEEWAY, createUserManager } from './user-manager.ts';

const ISSUER = 'http://idp.test';
const AUDIENCE = 'http://portal.test/api';
const config: WebConfiguration = {
  ...webConfiguration,
  oidc: { issuer: ISSUER, clientId: 'portal', audience: AUDIENCE, scope: 'openid portal:api' },
};

const tokenRequests: URLSearchParams[] = [];
let tokenAnswer: () => Response = () => HttpResponse.json({});
beforeEach(() =>
  server.use(
    http.get(`${ISSUER}/.well-known/openid-configuration`, () =>
      HttpResponse.json({
        issuer: ISSUER,
        authorization_endpoint: `${ISSUER}/auth`,
        token_endpoint: `${ISSUER}/token`,
        end_session_endpoint: `${ISSUER}/session/end`,
        jwks_uri: `${ISSUER}/jwks`,
      }),
    ),
    http.post(`${ISSUER}/token`, async ({ request }) => {
      tokenRequests.push(new URLSearchParams(await request.text()));
      return tokenAnswer();
    }),
  ),
);
afterEach(() => {
  tokenRequests.length = 0;
});

/** A signed-in user whose access token is about to expire (renewal is due in a second). */
async function signedInManager() {
  const manager = createUserManager(config, window.location.origin);
  const now = Math.floor(Date.now() / 1000);
  await manager.storeUser(
    new User({
      access_token: 'old-access-token',
      refresh_token: 'refresh-1',
      token_type: 'Bearer',
      profile: { sub: 'subject-1', iss: ISSUER, aud: 'portal', exp: now + 600, iat: now },
      expires_at: now + CLOCK_LEEWAY + 1,
    }),
  );
  return manager;
}

describe('token renewal', () => {
  it('uses the refresh token for the api audience before the access token expires', async () => {
    tokenAnswer = () =>
      HttpResponse.json({
        access_token: 'new-access-token',
        refresh_token: 'refresh-2',
        token_type: 'Bearer',
        expires_in: 600,
      });
    const manager = await signedInManager();
    let ended = false;
    const stop = keepRenewing(manager, { resource: AUDIENCE }, () => (ended = true));
    const renewed = new Promise<User>((resolve) => manager.events.addUserLoaded(resolve));
    await manager.getUser(); // arms the expiry timers, as after a sign-in

    const user = await renewed;
    stop();

    expect(user.access_token).toBe('new-access-token');
    expect(user.refresh_token).toBe('refresh-2');
    expect(user.profile.sub).toBe('subject-1');
    expect(tokenRequests).toHaveLength(1);
    expect(Object.fromEntries(tokenRequests[0] ?? [])).toMatchObject({
      grant_type: 'refresh_token',
      refresh_token: 'refresh-1',
      client_id: 'portal',
      resource: AUDIENCE,
    });
    expect(ended).toBe(false);
  });

  it('ends the session when the provider refuses the refresh token', async () => {
    tokenAnswer = () => HttpResponse.json({ error: 'invalid_grant' }, { status: 400 });
    const manager = await signedInManager();
    const ended = new Promise<void>((resolve) => {
      const stop = keepRenewing(manager, { resource: AUDIENCE }, () => {
        stop();
        resolve();
      });
    });
    await manager.getUser();

    await ended;

    expect(tokenRequests).toHaveLength(1);
    expect(await manager.getUser()).toBeNull();
  });
});
