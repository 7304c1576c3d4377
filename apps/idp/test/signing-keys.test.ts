import { eq, sql } from 'drizzle-orm';
import { createRemoteJWKSet, decodeProtectedHeader, jwtVerify } from 'jose';
import { describe, expect, it } from 'vitest';
import { createTokenVerifier } from '../../api/src/lib/token-verifier.ts';
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
  it('are accepted by the api’s token verifier, which refuses the ID token', async () => {
    const tokens = await signIn(idp.running.issuer, DEMO_EMAIL, DEMO_PASSWORD);
    const verifier = createTokenVerifier({ issuer: idp.running.issuer, audience: AUDIENCE });
    const verified = await verifier.verify(tokens.access_token);
    expect(verified.email).toBe(DEMO_EMAIL);
    expect(verified.emailVerified).toBe(true);
    expect(verified.scopes).toContain('portal:api');
    await expect(verifier.verify(tokens.id_token ?? '')).rejects.toThrow();
  });

  it('rotate: new tokens carry the new kid, tokens signed before keep verifying until they expire', async () => {
    const other = await startIdp(idp.database.database.db);
    try {
      const before = await signIn(idp.running.issuer, DEMO_EMAIL, DEMO_PASSWORD);
      const oldKid = decodeProtectedHeader(before.access_token).kid ?? '';
      const verifier = createTokenVerifier({ issuer: idp.running.issuer, audience: AUDIENCE });
      await verifier.verify(before.access_token);

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
      // The api's verifier cached the key set before the rotation: it knew the new key already.
      await expect(verifier.verify(after.access_token)).resolves.toBeTruthy();
      await expect(verifier.verify(before.access_token)).resolves.toBeTruthy();

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
