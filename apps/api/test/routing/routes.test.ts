import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { API_BASE, calls, type CallDefinition } from '@pp/contract';
import { API_ROUTES, loadRoutes, TEST_ENDPOINT_ROUTES } from '../../src/routing/load-routes.ts';
import { useApi } from '../support/context.ts';

const contractCalls: CallDefinition[] = Object.values(calls);
const name = (call: CallDefinition) => `${call.method} ${call.path}`;
const kebab = (word: string) =>
  word
    .replace(/([a-z0-9])([A-Z])/g, '$1-$2')
    .replace(/([A-Z])([A-Z][a-z])/g, '$1-$2')
    .toLowerCase();

describe('the route folders', () => {
  it('hold exactly one route for every call of the contract, and no route without a call', async () => {
    const api = await loadRoutes(API_ROUTES);
    const testEndpoints = await loadRoutes(TEST_ENDPOINT_ROUTES);
    const routed = [...api, ...testEndpoints].map((route) => name(route.call));
    expect([...routed].sort()).toEqual(contractCalls.map(name).sort());
    expect(new Set(routed).size).toBe(routed.length);
    expect(testEndpoints.every((route) => route.call.tag === 'ATest')).toBe(true);
    expect(api.some((route) => route.call.tag === 'ATest')).toBe(false);
  });

  it('file each call as routes/<area>/<call>.ts, named after its path', async () => {
    const { readdir } = await import('node:fs/promises');
    const files = (await readdir(API_ROUTES, { recursive: true })).filter((f) => f.endsWith('.ts'));
    const expected = contractCalls
      .filter((call) => call.tag !== 'ATest')
      .map((call) => {
        const [area = '', callName = ''] = call.path.slice(1).split('/');
        return path.join(kebab(area), `${kebab(callName)}.ts`);
      });
    expect(files.sort()).toEqual(expected.sort());
  });
});

describe('the api', () => {
  const api = useApi({ embeddedProvider: true, env: { ENABLE_TEST_ENDPOINTS: 'true' } });

  it.each(contractCalls.map((call) => [name(call), call] as const))('answers %s', (_name, call) => {
    expect(api.app.hasRoute({ method: call.method, url: `${API_BASE}${call.path}` })).toBe(true);
  });
});
