import { eq, sql } from 'drizzle-orm';
import { createRemoteJWKSet, decodeProtectedHeader, jwtVerify } from 'jose';
import { describe, expect, it } from 'vitest';
import { idpSigningKeys } from '../src/db/schema.ts';
import { refresh, signIn, TokenResponse } from './support/oauth.ts';
import { AUDIENCE, DEMO_EMAIL, DEMO_PASSWORD, startIdp, useIdp } from './support/provider.ts';

const idp = useIdp();

async function publishedKids(issuer: string): Promise<string[]> {
  const response = await fetch(new URL('/jwks', issuer));
  const body = (await response.json()) as { keys: { kid: string; d?: string }[] };
  for (const key of body.keys) expect(key.d).toBeUndefined();
  return body.keys.map((key) => key.kid);
}

const verifyAt = (issuer: string, token: string) =>
  jwtVerify(token, createRemoteJWKSet(new URL('/jwks', issuer)), {
    issuer,
    audience: AUDIENCE,
    typ: 'at+jwt',
  });

describe('signing keys', () => {
  it('sign access tokens a resource server verifies as RFC 9068 tokens; the ID token is not one', async () => {
    const tokens = await signIn(idp.running.issuer, DEMO_EMAIL, DEMO_PASSWORD);
    const { payload } = await verifyAt(idp.running.issuer, tokens.access_token);
    expect(payload['email']).toBe(DEMO_EMAIL);
    expect(payload['email_verified']).toBe(true);
    expect(String(payload['scope']).split(' ')).toContain('portal:api');
    await expect(verifyAt(idp.running.issuer, tokens.id_token ?? '')).rejects.toThrow();
  });

  it('rotate: new tokens carry the new kid, tokens signed before keep verifying until they expire', async () => {
    const other = await startIdp(idp.database.database.db);
    try {
      const before = await signIn(idp.running.issuer, DEMO_EMAIL, DEMO_PASSWORD);
      const oldKid = decodeProtectedHeader(before.access_token).kid ?? '';
      // A resource server that fetched the key set before the rotation and will not refetch it.
      const cachedKeys = createRemoteJWKSet(new URL('/jwks', idp.running.issuer), {
        cooldownDuration: 60 * 60_000,
        cacheMaxAge: 60 * 60_000,
      });
      const verifyCached = (token: string) =>
        jwtVerify(token, cachedKeys, { issuer: idp.running.issuer, audience: AUDIENCE });
      await verifyCached(before.access_token);

      // The key that signs after the rotation is published in advance.
      const [, nextKid] = await publishedKids(idp.running.issuer);
      const newKid = await idp.running.idp.rotateSigningKey();
      expect(newKid).toBe(nextKid);
      expect(newKid).not.toBe(oldKid);
      const published = await publishedKids(idp.running.issuer);
      expect(published).toHaveLength(3);
      expect(published.slice(0, 1).concat(published.slice(2))).toEqual([newKid, oldKid]);

      const after = TokenResponse.parse(
        await (await refresh(idp.running.issuer, before.refresh_token ?? '')).json(),
      );
      expect(decodeProtectedHeader(after.access_token).kid).toBe(newKid);
      expect(decodeProtectedHeader(after.id_token ?? '').kid).toBe(newKid);
      await expect(verifyAt(idp.running.issuer, after.access_token)).resolves.toBeTruthy();
      await expect(verifyAt(idp.running.issuer, before.access_token)).resolves.toBeTruthy();
      // The cached key set already held the new key: no refetch was needed.
      await expect(verifyCached(after.access_token)).resolves.toBeTruthy();
      await expect(verifyCached(before.access_token)).resolves.toBeTruthy();

      // Another instance picks the new key up from the database.
      expect(await other.idp.reloadKeys()).toBe(true);
      expect(await publishedKids(other.issuer)).toEqual(published);
      const elsewhere = await signIn(other.issuer, DEMO_EMAIL, DEMO_PASSWORD);
      expect(decodeProtectedHeader(elsewhere.access_token).kid).toBe(newKid);

      // Once every token it signed has expired, the retired key is no longer published.
      await idp.database.database.db
        .update(idpSigningKeys)
        .set({ retiredAt: sql`now() - interval '25 hours'` })
        .where(eq(idpSigningKeys.kid, oldKid));
      expect(await idp.running.idp.reloadKeys()).toBe(true);
      expect(await publishedKids(idp.running.issuer)).toEqual(published.slice(0, 2));
      await expect(verifyAt(idp.running.issuer, before.access_token)).rejects.toThrow();
    } finally {
      await other.close();
    }
  });

  it('are stored once: a second instance on the same database signs with the same key', async () => {
    const other = await startIdp(idp.database.database.db);
    try {
      expect(await publishedKids(other.issuer)).toEqual(await publishedKids(idp.running.issuer));
    } finally {
      await other.close();
    }
  });
});
