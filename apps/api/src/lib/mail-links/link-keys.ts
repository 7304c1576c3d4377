import { createHash } from 'node:crypto';

/** A key that signs links, named in them by its id. */
export interface LinkKey {
  id: string;
  secret: string;
}

/**
 * The keys of a kind of signed link (decision 0098): the current one signs, and each link names
 * its key, so that links signed before a rotation still verify with the previous keys.
 */
export interface LinkKeys {
  signing: LinkKey;
  /** The secrets a link may name, by id: the current key and the previous ones. */
  byId: ReadonlyMap<string, string>;
  /** The configured keys, one of which signed a link from before key ids (it names none). */
  withoutId: readonly string[];
}

/** The first 8 characters of the key's SHA-256 in base64url: it names the key, not reveals it. */
export function linkKeyId(secret: string): string {
  return createHash('sha256').update(secret).digest('base64url').slice(0, 8);
}

export function linkKeysOf(
  current: string,
  previous: readonly string[],
  withoutId: readonly string[],
): LinkKeys {
  const byId = new Map([current, ...previous].map((secret) => [linkKeyId(secret), secret]));
  return { signing: { id: linkKeyId(current), secret: current }, byId, withoutId };
}
