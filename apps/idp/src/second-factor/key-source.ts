import { createHash } from 'node:crypto';
import type { IdpDb } from '../db/database.ts';
import { generatedKey } from '../provider/generated-keys.ts';
import { secondFactorKeys, type SecondFactorKeys } from './keys.ts';

/**
 * The fixed key that encrypted the secrets outside production before issue 41: public, so it
 * only reads what was stored then, never writes, and only where the caller allows it.
 */
const OLD_DEVELOPMENT_KEY = createHash('sha256')
  .update('practice-portal development TOTP encryption key (never for production)')
  .digest();

export interface SecondFactorKeyOptions {
  /**
   * The 32-byte key that encrypts the TOTP secrets and keys the recovery codes' HMAC
   * (`TOTP_ENCRYPTION_KEY`, decision 0066). Absent: a random key generated once per database
   * (decision 0098) — the api's configuration requires one in production.
   */
  totpEncryptionKey?: Buffer | undefined;
  /**
   * Whether secrets and recovery codes stored under the old fixed development key still work
   * (existing development databases, decision 0098). The api allows it outside production only.
   */
  readsOldDevelopmentKey?: boolean | undefined;
}

export async function secondFactorKeysOf(
  db: IdpDb,
  options: SecondFactorKeyOptions,
): Promise<SecondFactorKeys> {
  const key = options.totpEncryptionKey ?? (await generatedKey(db, 'totp-encryption'));
  return secondFactorKeys(key, options.readsOldDevelopmentKey ? [OLD_DEVELOPMENT_KEY] : []);
}
