import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { server } from '../../testing/portal-server.ts';
import { retryScreen } from './load-screen.ts';
import { NewVersionError } from './new-version-error.ts';

// Chromium's words for a module it could not fetch (a 503, or offline).
const unreachable = () =>
  new TypeError('Failed to fetch dynamically imported module: http://localhost/assets/x.js');

/** A screen's code that fails `failures` more times, then loads. */
function screenCode(failures: number) {
  const state = { tries: 0 };
  const load = () => {
    state.tries += 1;
    return state.tries <= failures ? Promise.reject(unreachable()) : Promise.resolve('screen');
  };
  return { state, load };
}

const serving = (buildId: string) =>
  server.use(http.get('/version.json', () => HttpResponse.json({ buildId })));

describe('a screen whose code could not be fetched', () => {
  beforeEach(() => {
    const meta = document.createElement('meta');
    meta.name = 'pp-build';
    meta.content = 'this-build';
    document.head.append(meta);
  });
  afterEach(() => document.head.querySelector('meta[name="pp-build"]')?.remove());

  it('is tried again while the server runs the same build, and loads', async () => {
    serving('this-build');
    const code = screenCode(1);
    await expect(retryScreen(code.load, unreachable())).resolves.toBe('screen');
    expect(code.state.tries).toBe(2);
  });

  it('is tried again when the build cannot be read (a 503), and loads', async () => {
    server.use(http.get('/version.json', () => new HttpResponse(null, { status: 503 })));
    const code = screenCode(0);
    await expect(retryScreen(code.load, unreachable())).resolves.toBe('screen');
  });

  it('is a new version only when the server names another build', async () => {
    serving('a-newer-build');
    const code = screenCode(0);
    await expect(retryScreen(code.load, unreachable())).rejects.toBeInstanceOf(NewVersionError);
    expect(code.state.tries).toBe(0);
  });

  it('is not tried again when the failure is no failed fetch (a bug while loading)', async () => {
    const code = screenCode(0);
    const bug = new Error('screen module threw');
    await expect(retryScreen(code.load, bug)).rejects.toBe(bug);
    expect(code.state.tries).toBe(0);
  });
});
