import Fastify from 'fastify';
import { readFileSync } from 'node:fs';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { staticAssets } from '../src/app/static-assets.ts';
import { SIGN_OUT_SCRIPT_PATH, STYLESHEET_PATH } from '../src/pages/assets.ts';

const IMMUTABLE = 'public, max-age=31536000, immutable';
const stylesheet = readFileSync(new URL('../src/pages/styles.css', import.meta.url), 'utf8');
const signOutScript = readFileSync(new URL('../src/pages/sign-out.js', import.meta.url), 'utf8');

describe('the files of the provider’s pages on the wire', () => {
  const app = Fastify();
  beforeAll(async () => {
    await app.register(staticAssets);
    await app.ready();
  });
  afterAll(() => app.close());

  const get = (url: string, acceptEncoding?: string, method: 'GET' | 'HEAD' = 'GET') =>
    app.inject({
      method,
      url,
      headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding },
    });

  it('go out brotli-compressed when the browser accepts it, cached for a year', async () => {
    const response = await get(STYLESHEET_PATH, 'gzip, deflate, br, zstd');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['content-type']).toBe('text/css; charset=utf-8');
    expect(response.headers['cache-control']).toBe(IMMUTABLE);
    expect(response.headers['vary']).toBe('accept-encoding');
    expect(response.rawPayload.length).toBeLessThan(stylesheet.length / 2);
    expect(brotliDecompressSync(response.rawPayload).toString()).toBe(stylesheet);
  });

  it.each(['gzip', 'br;q=0, gzip', 'gzip;q=0.5, br;q=0'])(
    'go out gzip-compressed for Accept-Encoding %j',
    async (accept) => {
      const response = await get(STYLESHEET_PATH, accept);
      expect(response.headers['content-encoding']).toBe('gzip');
      expect(gunzipSync(response.rawPayload).toString()).toBe(stylesheet);
    },
  );

  it.each([undefined, 'identity', 'br;q=0, gzip;q=0', 'zstd'])(
    'go out as they are for Accept-Encoding %j',
    async (accept) => {
      const response = await get(STYLESHEET_PATH, accept);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-encoding']).toBeUndefined();
      expect(response.headers['cache-control']).toBe(IMMUTABLE);
      expect(response.headers['vary']).toBe('accept-encoding');
      expect(response.body).toBe(stylesheet);
    },
  );

  it('answer HEAD with the headers of GET and no body', async () => {
    const response = await get(STYLESHEET_PATH, 'br', 'HEAD');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['cache-control']).toBe(IMMUTABLE);
    expect(response.body).toBe('');
  });

  it('send the sign-out script as JavaScript, whatever its encoding', async () => {
    for (const accept of [undefined, 'br', 'gzip']) {
      const response = await get(SIGN_OUT_SCRIPT_PATH, accept);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('text/javascript; charset=utf-8');
      const encoding = response.headers['content-encoding'];
      const body =
        encoding === 'br'
          ? brotliDecompressSync(response.rawPayload)
          : encoding === 'gzip'
            ? gunzipSync(response.rawPayload)
            : response.rawPayload;
      expect(body.toString()).toBe(signOutScript);
    }
  });
});
