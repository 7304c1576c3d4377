import { request as httpRequest } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { useIdp } from './support/provider.ts';

const idp = useIdp();

/** A GET as a browser sends it, with the bytes as they came over the wire. */
function getRaw(path: string, acceptEncoding?: string) {
  const { hostname, port } = new URL(idp.running.issuer);
  const headers: Record<string, string> = acceptEncoding
    ? { 'accept-encoding': acceptEncoding }
    : {};
  return new Promise<{ status: number; encoding: string | undefined; vary: string; body: Buffer }>(
    (resolve, reject) => {
      const request = httpRequest({ hostname, port, path, headers }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            encoding: response.headers['content-encoding'],
            vary: String(response.headers['vary'] ?? ''),
            body: Buffer.concat(chunks),
          }),
        );
      });
      request.on('error', reject);
      request.end();
    },
  );
}

// Issue 13: the provider's pages are compressed on the wire like the portal's.
describe("the provider's pages on the wire", () => {
  const pages = [
    '/register?lang=de',
    '/forgot-password?lang=en',
    '/reset-password?token=x&lang=de',
  ];

  it.each(pages)('%s goes out brotli-compressed to a browser that accepts it', async (path) => {
    const plain = await getRaw(path);
    const compressed = await getRaw(path, 'gzip, deflate, br, zstd');
    expect(compressed.status).toBe(plain.status);
    expect(compressed.encoding).toBe('br');
    expect(compressed.vary.toLowerCase()).toContain('accept-encoding');
    expect(compressed.body.length).toBeLessThan(plain.body.length / 2);
    const page = brotliDecompressSync(compressed.body).toString();
    expect(page).toMatch(/^<!doctype html>/i);
    // The same page but for its per-visitor form token.
    const withoutToken = (html: string) => html.replace(/name="csrf" value="[^"]*"/g, '');
    expect(withoutToken(page)).toBe(withoutToken(plain.body.toString()));
  });

  it('goes out gzip-compressed when brotli is not accepted, and as it is without either', async () => {
    const gzip = await getRaw('/register?lang=de', 'gzip');
    expect(gzip.encoding).toBe('gzip');
    expect(gunzipSync(gzip.body).toString()).toMatch(/^<!doctype html>/i);
    for (const accept of [undefined, 'identity']) {
      const plain = await getRaw('/register?lang=de', accept);
      expect(plain.encoding).toBeUndefined();
      expect(plain.body.toString()).toMatch(/^<!doctype html>/i);
    }
  });

  // BREACH needs a secret that stays the same while an attacker's page repeats requests with
  // guesses reflected beside it. A cross-site request carries no SameSite=Strict cookie, so each
  // one gets a form token of a new nonce (decision 0043).
  it('gives every request without the form cookie a form token of its own', async () => {
    const tokens = new Set<string>();
    for (let i = 0; i < 3; i += 1) {
      const page = brotliDecompressSync((await getRaw('/register?lang=de&guess=abc', 'br')).body);
      tokens.add(/name="csrf" value="([^"]*)"/.exec(page.toString())?.[1] ?? '');
    }
    expect(tokens.size).toBe(3);
  });
});
