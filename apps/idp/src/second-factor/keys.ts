import {
  createCipheriv,
  createDecipheriv,
  createHash,
  createHmac,
  hkdfSync,
  randomBytes,
} from 'node:crypto';

/**
 * The key material of the second factor, from the configured `TOTP_ENCRYPTION_KEY` (32 bytes,
 * decision 0066): one key encrypts the TOTP secrets (AES-256-GCM), another, derived from it,
 * keys the HMAC of the recovery codes (decision 0065).
 */
export interface SecondFactorKeys {
  encryption: Buffer;
  recovery: Buffer;
}

/** Development and tests only: the api's configuration refuses to start without a key in production. */
export const DEVELOPMENT_TOTP_KEY = createHash('sha256')
  .update('practice-portal development TOTP encryption key (never for production)')
  .digest();

export function secondFactorKeys(key: Buffer = DEVELOPMENT_TOTP_KEY): SecondFactorKeys {
  if (key.length !== 32) throw new Error('the TOTP encryption key must be 32 bytes');
  const derive = (label: string) =>
    Buffer.from(hkdfSync('sha256', key, Buffer.alloc(0), `practice-portal ${label}`, 32));
  return { encryption: derive('totp-secret-v1'), recovery: derive('recovery-code-v1') };
}

const VERSION = 'v1';

/** `v1.<iv>.<ciphertext>.<tag>`: AES-256-GCM with a random 96-bit IV, the account id as AAD. */
export function encryptSecret(keys: SecondFactorKeys, accountId: string, secret: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keys.encryption, iv);
  cipher.setAAD(Buffer.from(accountId));
  const ciphertext = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
  const parts = [iv, ciphertext, cipher.getAuthTag()].map((part) => part.toString('base64url'));
  return [VERSION, ...parts].join('.');
}

/** The secret; throws when the value was not encrypted for this account under this key. */
export function decryptSecret(keys: SecondFactorKeys, accountId: string, stored: string): string {
  const [version, iv = '', ciphertext = '', tag = ''] = stored.split('.');
  if (version !== VERSION) throw new Error('unknown TOTP secret format');
  const decipher = createDecipheriv('aes-256-gcm', keys.encryption, Buffer.from(iv, 'base64url'));
  decipher.setAAD(Buffer.from(accountId));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([
    decipher.update(Buffer.from(ciphertext, 'base64url')),
    decipher.final(),
  ]).toString('utf8');
}

const BASE32 = 'abcdefghijklmnopqrstuvwxyz234567';
export const RECOVERY_CODE_COUNT = 10;

/** `xxxxx-xxxxx`: ten characters of lowercase base32 (50 bits), a dash in the middle. */
export function newRecoveryCode(): string {
  const chars = [...randomBytes(10)].map((byte) => BASE32[byte & 31] ?? 'a').join('');
  return `${chars.slice(0, 5)}-${chars.slice(5)}`;
}

/**
 * A typed recovery code in its stored form, or undefined when it cannot be one: case, spaces and
 * dashes do not matter, and the digits people read for look-alike letters (0, 1, 8) count as them.
 */
export function normalRecoveryCode(typed: string): string | undefined {
  const chars = typed
    .toLowerCase()
    .replace(/[\s-]/g, '')
    .replace(/0/g, 'o')
    .replace(/1/g, 'l')
    .replace(/8/g, 'b');
  if (!/^[a-z2-7]{10}$/.test(chars)) return undefined;
  return `${chars.slice(0, 5)}-${chars.slice(5)}`;
}

/** HMAC-SHA-256 of the normal code and the account, under the recovery key. */
export function recoveryCodeHash(keys: SecondFactorKeys, accountId: string, code: string): string {
  return createHmac('sha256', keys.recovery).update(`${accountId}:${code}`).digest('base64url');
}
