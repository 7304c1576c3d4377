import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { useApi } from '../support/context.ts';
import { createWebFixture, FIXTURE } from './web-fixture.ts';

const IMMUTABLE = 'public, max-age=31536000, immutable';

describe('the web app’s files on the wire', () => {
  const web = createWebFixture();
  const api = useApi({ web: { root: web.root } });
  afterAll(() => web.remove());

  const get = (url: string, acceptEncoding?: string) =>
    api.app.inject({
      url,
      headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding },
    });

  it('go out as the build’s brotli copy when the browser accepts it, still immutable', async () => {
    const response = await get(FIXTURE.script, 'gzip, deflate, br, zstd');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['content-type']).toMatch(/^(text|application)\/javascript/);
    expect(response.headers['cache-control']).toBe(IMMUTABLE);
    expect(response.headers['vary']).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(response.rawPayload).toString()).toBe(FIXTURE.scriptText);
  });

  it('go out as the gzip copy to a browser without brotli', async () => {
    const response = await get(FIXTURE.script, 'gzip');
    expect(response.headers['content-encoding']).toBe('gzip');
    expect(response.headers['cache-control']).toBe(IMMUTABLE);
    expect(gunzipSync(response.rawPayload).toString()).toBe(FIXTURE.scriptText);
  });

  it.each([undefined, 'identity'])('go out as they are with Accept-Encoding %j', async (accept) => {
    const response = await get(FIXTURE.script, accept);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.headers['cache-control']).toBe(IMMUTABLE);
    expect(response.headers['vary']).toMatch(/accept-encoding/i);
    expect(response.body).toBe(FIXTURE.scriptText);
  });

  it('keep index.html revalidated when its copy is sent', async () => {
    writeFileSync(path.join(web.root, 'index.html.br'), brotliCompressSync(FIXTURE.indexHtml));
    for (const url of ['/', '/index.html', '/my-practice']) {
      const response = await get(url, 'br');
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/^text\/html/);
      expect(response.headers['content-encoding']).toBe('br');
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(brotliDecompressSync(response.rawPayload).toString()).toBe(FIXTURE.indexHtml);
    }
  });

  it('include the copies of a rebuild, without a restart', async () => {
    const rebuilt = '/assets/index-Nw9Bu1LD.js';
    const text = 'document.body.dataset.rebuilt = "yes";';
    writeFileSync(path.join(web.root, rebuilt), text);
    writeFileSync(path.join(web.root, `${rebuilt}.br`), brotliCompressSync(text));
    const response = await get(rebuilt, 'br');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['cache-control']).toBe(IMMUTABLE);
    expect(brotliDecompressSync(response.rawPayload).toString()).toBe(text);
  });
});
