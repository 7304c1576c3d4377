import { randomBytes } from 'node:crypto';
import { and, desc, isNotNull, isNull, sql } from 'drizzle-orm';
import { calculateJwkThumbprint, exportJWK, generateKeyPair } from 'jose';
import { z } from 'zod';
import type { IdpDb } from '../db/database.ts';
import { idpCookieKeys, idpSigningKeys } from '../db/schema.ts';

export const SIGNING_ALG = 'RS256';

/** Advisory-lock key under which instances create or rotate keys one at a time. */
const KEYS_LOCK = 0x5050_6964_706bn; // "PPidpk"

const PrivateRsaJwk = z.object({
  kty: z.literal('RSA'),
  kid: z.string().min(1),
  alg: z.literal(SIGNING_ALG),
  use: z.literal('sig'),
  n: z.string(),
  e: z.string(),
  d: z.string(),
  p: z.string(),
  q: z.string(),
  dp: z.string(),
  dq: z.string(),
  qi: z.string(),
});
export type PrivateJwk = z.infer<typeof PrivateRsaJwk> & { key_ops?: string[] };

export interface KeyMaterial {
  /** Private JWKs: the active key first (the only one that signs), then the published others. */
  signing: PrivateJwk[];
  /** Cookie-signing secrets, newest first. */
  cookie: string[];
  /** Changes whenever the set of keys does. */
  fingerprint: string;
}

async function newSigningKey() {
  const { privateKey } = await generateKeyPair(SIGNING_ALG, { extractable: true });
  const jwk = await exportJWK(privateKey);
  const kid = await calculateJwkThumbprint(jwk);
  return { kid, alg: SIGNING_ALG, privateJwk: { ...jwk, kid, alg: SIGNING_ALG, use: 'sig' } };
}

function withKeysLock<T>(db: IdpDb, work: (tx: IdpDb) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${sql.raw(KEYS_LOCK.toString())})`);
    return work(tx);
  });
}

const isNext = and(isNull(idpSigningKeys.activatedAt), isNull(idpSigningKeys.retiredAt));
const isActive = and(isNotNull(idpSigningKeys.activatedAt), isNull(idpSigningKeys.retiredAt));

/** Makes sure there is an active key, a next key and a cookie secret. */
async function completeKeys(tx: IdpDb): Promise<void> {
  const [active] = await tx.select().from(idpSigningKeys).where(isActive).limit(1);
  if (!active) {
    const [next] = await tx.select().from(idpSigningKeys).where(isNext).limit(1);
    if (next) {
      await tx
        .update(idpSigningKeys)
        .set({ activatedAt: sql`now()` })
        .where(sql`${idpSigningKeys.kid} = ${next.kid}`);
    } else {
      await tx
        .insert(idpSigningKeys)
        .values({ ...(await newSigningKey()), activatedAt: sql`now()` });
    }
  }
  const [next] = await tx.select().from(idpSigningKeys).where(isNext).limit(1);
  if (!next) await tx.insert(idpSigningKeys).values(await newSigningKey());
  const [cookie] = await tx.select({ id: idpCookieKeys.id }).from(idpCookieKeys).limit(1);
  if (!cookie) {
    await tx.insert(idpCookieKeys).values({ secret: randomBytes(32).toString('base64url') });
  }
}

/** Creates the keys on first start; concurrent instances create them once. */
export async function ensureKeys(db: IdpDb): Promise<void> {
  await withKeysLock(db, completeKeys);
}

/**
 * Retires the active key; the next key (already published) signs from now on, and a new next
 * key is published. Returns the kid that now signs.
 */
export async function rotateSigningKeyInDb(db: IdpDb): Promise<string> {
  return withKeysLock(db, async (tx) => {
    await tx
      .update(idpSigningKeys)
      .set({ retiredAt: sql`now()` })
      .where(isActive);
    await completeKeys(tx);
    const [active] = await tx.select().from(idpSigningKeys).where(isActive).limit(1);
    if (!active) throw new Error('no active signing key after rotation');
    return active.kid;
  });
}

/**
 * The keys to run with: the active key, the next key, and the retired keys whose tokens may
 * still be presented (retired less than `retentionSeconds` ago).
 */
export async function loadKeys(db: IdpDb, retentionSeconds: number): Promise<KeyMaterial> {
  const rows = await db
    .select()
    .from(idpSigningKeys)
    .where(
      sql`${idpSigningKeys.retiredAt} is null or ${idpSigningKeys.retiredAt} > now() - make_interval(secs => ${retentionSeconds})`,
    )
    .orderBy(
      sql`${idpSigningKeys.retiredAt} is null desc`,
      sql`${idpSigningKeys.activatedAt} is not null desc`,
      desc(idpSigningKeys.createdAt),
    );
  const cookies = await db
    .select({ secret: idpCookieKeys.secret })
    .from(idpCookieKeys)
    .orderBy(desc(idpCookieKeys.createdAt));
  const active = rows[0];
  if (!active || active.activatedAt === null || active.retiredAt !== null || cookies.length === 0) {
    throw new Error('identity provider keys are missing: call ensureKeys first');
  }
  // Only the active key may sign; the others are published for verification only.
  const signing = rows.map((row, index): PrivateJwk => {
    const jwk = PrivateRsaJwk.parse(row.privateJwk);
    return index === 0 ? jwk : { ...jwk, key_ops: ['verify'] };
  });
  const cookie = cookies.map((row) => row.secret);
  return {
    signing,
    cookie,
    fingerprint: `${signing.map((k) => k.kid).join(',')};cookies:${cookie.length}`,
  };
}
