/**
 * Tokens verified recently, so a client that sends the same access token with every request
 * (the web app does, for up to 10 minutes) costs one signature check, not one per request
 * (issue 13). Keyed by the whole token: only the very same string hits. An entry lives until
 * the token expires (with the leeway); the oldest go first when the cache is full.
 */
export function createVerifiedTokenCache<T>(options: {
  maxEntries: number;
  leewaySeconds: number;
}) {
  const entries = new Map<string, { value: T; expiresAt: number }>();
  return {
    get(token: string): T | undefined {
      const entry = entries.get(token);
      if (!entry) return undefined;
      if (Date.now() / 1000 > entry.expiresAt + options.leewaySeconds) {
        entries.delete(token);
        return undefined;
      }
      return entry.value;
    },
    set(token: string, value: T, expiresAt: number): void {
      if (entries.size >= options.maxEntries) {
        const oldest = entries.keys().next().value;
        if (oldest !== undefined) entries.delete(oldest);
      }
      entries.set(token, { value, expiresAt });
    },
  };
}
