import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.ts';
import { freePort, startApi, type ApiProcess } from '../process/api-process.ts';
import { isServerRun } from '../support/database.ts';

// Issue 45: the portal as `npm start` runs it opens its management port beside the public one,
// answers there over real HTTP, and closes it when it stops.

describe('MANAGEMENT_PORT', () => {
  it('defaults to 9000 and may not be the public or the provider’s port', () => {
    expect(loadConfig({}).managementPort).toBe(9000);
    expect(loadConfig({ MANAGEMENT_PORT: '9100' }).managementPort).toBe(9100);
    for (const port of ['3000', '3001']) {
      expect(() => loadConfig({ MANAGEMENT_PORT: port })).toThrow(
        'MANAGEMENT_PORT must differ from PORT and IDP_PORT',
      );
    }
  });
});

describe.runIf(!isServerRun())('the management port of a running portal', () => {
  let api: ApiProcess | undefined;
  let folder = '';
  afterAll(async () => {
    await api?.stop();
    if (folder) await rm(folder, { recursive: true, force: true });
  });

  it('answers metrics and health on its own port, and closes with the portal', async () => {
    folder = await mkdtemp(path.join(os.tmpdir(), 'pp-management-'));
    const managementPort = await freePort();
    api = await startApi({
      DATA_DIR: path.join(folder, 'data'),
      MANAGEMENT_PORT: String(managementPort),
    });
    await api.waitUntilAlive();
    const management = (route: string) => fetch(`http://localhost:${managementPort}${route}`);
    const publicPort = (route: string) => fetch(`http://localhost:${api!.port}${route}`);

    for (const route of ['/health/live', '/health/ready', '/health/started']) {
      const answer = await management(route);
      expect(answer.status, route).toBe(200);
      expect(await answer.json(), route).toMatchObject({ status: 'UP' });
    }
    const metrics = await management('/metrics');
    expect(metrics.status).toBe(200);
    expect(metrics.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(await metrics.text()).toContain('practice_portal_http_server_requests_seconds_count');
    for (const route of ['/metrics', '/health/live']) {
      expect((await publicPort(route)).status, route).toBe(404);
    }

    expect(await api.stop()).toBe(0);
    const refused = await management('/health/live').then(
      () => 'answered',
      () => 'refused',
    );
    expect(refused).toBe('refused');
  }, 120_000);
});
