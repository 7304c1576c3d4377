import { afterEach, describe, expect, it, vi } from 'vitest';
import { createVerifiedTokenCache } from '../../../src/lib/tokens/verified-tokens.ts';

afterEach(() => vi.useRealTimers());

describe('the cache of verified tokens', () => {
  it('answers the very same token until it expires, plus the leeway, and never after', () => {
    vi.useFakeTimers({ now: 1_000_000_000 });
    const cache = createVerifiedTokenCache<string>({ maxEntries: 10, leewaySeconds: 60 });
    const expiresAt = 1_000_000 + 600;
    cache.set('a.b.c', 'verified', expiresAt);
    expect(cache.get('a.b.c')).toBe('verified');
    expect(cache.get('a.b.C')).toBeUndefined();
    vi.setSystemTime((expiresAt + 59) * 1000);
    expect(cache.get('a.b.c')).toBe('verified');
    vi.setSystemTime((expiresAt + 61) * 1000);
    expect(cache.get('a.b.c')).toBeUndefined();
  });

  it('keeps at most its size, dropping the oldest first', () => {
    const cache = createVerifiedTokenCache<number>({ maxEntries: 2, leewaySeconds: 60 });
    const later = Date.now() / 1000 + 600;
    cache.set('one', 1, later);
    cache.set('two', 2, later);
    cache.set('three', 3, later);
    expect([cache.get('one'), cache.get('two'), cache.get('three')]).toEqual([undefined, 2, 3]);
  });
});
