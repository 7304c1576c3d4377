import { afterAll, describe, expect, it } from 'vitest';
import { useApi } from '../support/context.ts';
import { expectProblem } from '../support/expect-problem.ts';
import { createWebFixture, FIXTURE } from './web-fixture.ts';

const IMMUTABLE = 'public, max-age=31536000, immutable';

describe('the api serves the built web app', () => {
  const web = createWebFixture();
  const api = useApi({ web: { root: web.root } });
  afterAll(() => web.remove());

  const get = (url: string, method: 'GET' | 'HEAD' | 'POST' = 'GET') =>
    api.app.inject({ method, url });

  it.each(['/', '/index.html'])('%s answers index.html, revalidated on every use', async (url) => {
    const response = await get(url);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.body).toBe(FIXTURE.indexHtml);
  });

  it.each([
    [FIXTURE.script, /^(text|application)\/javascript/],
    [FIXTURE.stylesheet, /^text\/css/],
  ])('hashed asset %s is cached for a year, immutably', async (url, type) => {
    const response = await get(url);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(type);
    expect(response.headers['cache-control']).toBe(IMMUTABLE);
  });

  it.each(['de', 'en'] as const)(
    'translations /assets/i18n/%s.json are JSON, revalidated',
    async (lang) => {
      const response = await get(`/assets/i18n/${lang}.json`);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/^application\/json/);
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.json()).toEqual(FIXTURE.translations[lang]);
    },
  );

  it.each(['/silent-callback.html', '/silent-callback.js', '/favicon.svg'])(
    'unhashed file %s is revalidated',
    async (url) => {
      const response = await get(url);
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBe('no-cache');
    },
  );

  it('answers a revalidation of an unchanged file with 304', async () => {
    const first = await get('/');
    const etag = first.headers['etag'];
    expect(etag).toBeTruthy();
    const again = await api.app.inject({
      method: 'GET',
      url: '/index.html',
      headers: { 'if-none-match': String(etag) },
    });
    expect(again.statusCode).toBe(304);
  });

  it.each([
    '/my-practice',
    '/my-practice/locations/5f0c2a4e-9d0b-4a53-8f7e-2b1f0d6c9a11',
    '/unauthorized?returnTo=%2Fmy-practice',
    '/apiary',
  ])('route %s of the single-page app answers index.html', async (url) => {
    const response = await get(url);
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.body).toBe(FIXTURE.indexHtml);
  });

  it('answers HEAD of an app route like GET, without a body', async () => {
    const response = await get('/my-practice', 'HEAD');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.body).toBe('');
  });

  it.each([
    '/api',
    '/api/',
    '/api/v1',
    '/api/v1/Customer/NoSuchCall',
    '/api/v2/Lifetime/IsAlive',
    '/assets/index-Zz9Zz9Zz.js',
    '/assets/i18n/fr.json',
    '/assets/unknown',
    '/missing.png',
    '/index.php',
  ])('unknown %s answers the 404 problem, not the page', async (url) => {
    const response = await get(url);
    expectProblem(response, 404, 'not_found');
    expect(response.body).not.toContain('<html');
  });

  it('answers a POST to an app route with the 404 problem', async () => {
    expectProblem(await get('/my-practice', 'POST'), 404, 'not_found');
  });

  it.each([
    '/../secret.txt',
    '/..%2fsecret.txt',
    '/assets/..%2f..%2fsecret.txt',
    '/%2e%2e/secret.txt',
  ])('never reaches a file outside the web folder (%s)', async (url) => {
    const response = await get(url);
    expect(response.statusCode).toBe(404);
    expect(response.body).not.toContain('not for the web');
  });
});
