import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes } from 'node:crypto';

/**
 * The key material of the second factor, from a 32-byte key (`TOTP_ENCRYPTION_KEY` or the
 * database's generated one, decisions 0066, 0098): one key encrypts the TOTP secrets
 * (AES-256-GCM), another, derived from it, keys the HMAC of the recovery codes (decision 0065).
 */
export interface KeyPair {
  encryption: Buffer;
  recovery: Buffer;
}

export interface SecondFactorKeys extends KeyPair {
  /** Older keys that still read secrets and recovery codes stored under them, never write. */
  readOnly: KeyPair[];
}

function keyPairOf(key: Buffer): KeyPair {
  if (key.length !== 32) throw new Error('the TOTP encryption key must be 32 bytes');
  const derive = (label: string) =>
    Buffer.from(hkdfSync('sha256', key, Buffer.alloc(0), `practice-portal ${label}`, 32));
  return { encryption: derive('totp-secret-v1'), recovery: derive('recovery-code-v1') };
}

export function secondFactorKeys(key: Buffer, readOnly: Buffer[] = []): SecondFactorKeys {
  return { ...keyPairOf(key), readOnly: readOnly.map(keyPairOf) };
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

function decryptWith(key: Buffer, accountId: string, stored: string): string {
  const [version, iv = '', ciphertext = '', tag = ''] = stored.split('.');
  if (version !== VERSION) throw new Error('unknown TOTP secret format');
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
  decipher.setAAD(Buffer.from(accountId));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([
    decipher.update(Buffer.from(ciphertext, 'base64url')),
    decipher.final(),
  ]).toString('utf8');
}

/**
 * The secret, under the current key or a read-only older one; throws when the value was not
 * encrypted for this account under any of them.
 */
export function decryptSecret(keys: SecondFactorKeys, accountId: string, stored: string): string {
  let failure: unknown;
  for (const { encryption } of [keys, ...keys.readOnly]) {
    try {
      return decryptWith(encryption, accountId, stored);
    } catch (error) {
      // GCM's tag check failed: perhaps an older key's.
      failure = error;
    }
  }
  throw failure;
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
export function recoveryCodeHash(keys: KeyPair, accountId: string, code: string): string {
  return createHmac('sha256', keys.recovery).update(`${accountId}:${code}`).digest('base64url');
}

/** The code's hashes under the current key and the read-only older ones: one of them is stored. */
export function recoveryCodeHashes(
  keys: SecondFactorKeys,
  accountId: string,
  code: string,
): string[] {
  return [keys, ...keys.readOnly].map((pair) => recoveryCodeHash(pair, accountId, code));
}
