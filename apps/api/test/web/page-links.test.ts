import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { appFiles, discoveryUrl, isSignInCallback } from '../../src/plugins/web-preload.ts';
import { useApi } from '../support/context.ts';
import { createWebFixture } from './web-fixture.ts';

/** Vite's manifest of apps/web in miniature: the entry, the app it imports, their shared chunk. */
const MANIFEST = {
  'index.html': {
    file: 'assets/index-AbCd1234.js',
    isEntry: true,
    imports: ['_oidc-client-ts-Aa111111.js'],
    dynamicImports: ['src/main.tsx'],
    css: ['assets/index-Ef_h-678.css'],
  },
  '_oidc-client-ts-Aa111111.js': { file: 'assets/oidc-client-ts-Aa111111.js' },
  'src/main.tsx': {
    file: 'assets/main-Bb222222.js',
    isDynamicEntry: true,
    imports: ['_react-Cc333333.js', 'index.html'],
    dynamicImports: ['src/features/dashboard.tsx'],
    css: ['assets/main-Dd444444.css'],
  },
  '_react-Cc333333.js': {
    file: 'assets/react-Cc333333.js',
    imports: ['_oidc-client-ts-Aa111111.js'],
  },
  'src/features/dashboard.tsx': { file: 'assets/dashboard-Ee555555.js', isDynamicEntry: true },
};

describe("the app's page names what its scripts ask for first (decision 0087)", () => {
  const web = createWebFixture();
  mkdirSync(path.join(web.root, '.vite'), { recursive: true });
  writeFileSync(path.join(web.root, '.vite', 'manifest.json'), JSON.stringify(MANIFEST));
  const api = useApi({ web: { root: web.root } });
  afterAll(() => web.remove());

  const links = async (url: string) =>
    String((await api.app.inject({ method: 'GET', url })).headers['link'] ?? '')
      .split(', ')
      .filter(Boolean);

  it("every page that settles a session fetches the provider's discovery document at once", async () => {
    const discovery = `<${discoveryUrl(api.app.config.oidc.issuer)}>; rel=preload; as=fetch; crossorigin`;
    for (const url of ['/', '/dashboard', '/my-practice/employees-overview?page=2']) {
      const found = await links(url);
      expect(found).toContain(discovery);
      expect(found.some((link) => link.includes('modulepreload'))).toBe(false);
    }
  });

  it("the provider's answer to a sign-in also loads the app, without the entry's own chunks", async () => {
    for (const url of ['/?code=abc&state=xyz', '/?error=access_denied&state=xyz']) {
      const found = await links(url);
      expect(found).toContain('</assets/main-Bb222222.js>; rel=modulepreload');
      expect(found).toContain('</assets/react-Cc333333.js>; rel=modulepreload');
      // With `crossorigin`, as the app loads it: else Chromium fetches the stylesheet twice.
      expect(found).toContain('</assets/main-Dd444444.css>; rel=preload; as=style; crossorigin');
      expect(found.join()).not.toMatch(/oidc-client-ts|index-AbCd1234|dashboard-Ee555555/);
    }
  });

  it('the public accessibility statement asks for nothing of the provider', async () => {
    expect(await links('/accessibility')).toEqual([]);
  });

  it('recognises the sign-in callback as the web app does', () => {
    expect(isSignInCallback('/?code=a&state=b')).toBe(true);
    expect(isSignInCallback('/?error=a&state=b')).toBe(true);
    expect(isSignInCallback('/?state=b')).toBe(false);
    expect(isSignInCallback('/dashboard?code=a&state=b')).toBe(false);
  });

  it('a build without the app module preloads nothing', () => {
    expect(appFiles({})).toEqual({ scripts: [], styles: [] });
  });

  it('names the discovery document as oidc-client-ts does', () => {
    expect(discoveryUrl('http://localhost:3001')).toBe(
      'http://localhost:3001/.well-known/openid-configuration',
    );
    expect(discoveryUrl('https://login.example.com/tenant/v2.0/')).toBe(
      'https://login.example.com/tenant/v2.0/.well-known/openid-configuration',
    );
  });
});
