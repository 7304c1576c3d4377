import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestDatabase } from '@pp/database/testing';
import { freePort } from '@pp/testing';
import { idpPayloads } from '../src/db/schema.ts';
import { authorizeUrl, pkcePair, refresh, signIn, TokenResponse } from './support/oauth.ts';
import { createIdpTestDatabase, DEMO_EMAIL, DEMO_PASSWORD, startIdp } from './support/provider.ts';

let database: TestDatabase;

beforeAll(async () => {
  database = await createIdpTestDatabase();
});

afterAll(async () => {
  await database?.drop();
});

describe('provider state', () => {
  it('lives in the database: a restarted provider keeps sessions, grants and refresh tokens', async () => {
    const port = await freePort();
    const first = await startIdp(database.database.db, { port });
    const tokens = await signIn(first.issuer, DEMO_EMAIL, DEMO_PASSWORD);
    await first.close();
    // Let the HTTP client notice that its kept-alive connections to the old process are gone.
    await sleep(100);

    const models = await database.database.db
      .selectDistinct({ model: idpPayloads.model })
      .from(idpPayloads);
    expect(models.map((m) => m.model)).toEqual(
      expect.arrayContaining(['Session', 'Grant', 'RefreshToken', 'AuthorizationCode']),
    );

    const second = await startIdp(database.database.db, { port });
    try {
      const response = await refresh(second.issuer, tokens.refresh_token ?? '');
      expect(response.status).toBe(200);
      expect(TokenResponse.parse(await response.json()).access_token).toBeTruthy();

      // The browser's session cookie is still good: no sign-in page.
      const silent = await tokens.browser.follow(
        authorizeUrl(second.issuer, {
          code_challenge: pkcePair().challenge,
          code_challenge_method: 'S256',
          prompt: 'none',
        }),
        second.issuer,
      );
      expect(silent.url.searchParams.get('code')).toBeTruthy();
    } finally {
      await second.close();
    }
  });
});
