import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import { connect } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { API_BASE } from '@pp/contract';
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

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.runIf(!isServerRun())('the management port of a running portal', () => {
  let api: ApiProcess | undefined;
  const folders: string[] = [];
  afterAll(async () => {
    await api?.stop();
    for (const folder of folders) await rm(folder, { recursive: true, force: true });
  });

  it('answers metrics and health on its own port, and closes with the portal', async () => {
    const folder = await mkdtemp(path.join(os.tmpdir(), 'pp-management-'));
    folders.push(folder);
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

  // Issue 45, outside probe (F5): the management port closed alongside the app, about 3 s into
  // the shutdown, while requests in flight still ran: liveness and the last scrapes were refused
  // although the process was still serving.
  it('answers liveness and metrics until the requests in flight have finished', async () => {
    const folder = await mkdtemp(path.join(os.tmpdir(), 'pp-management-'));
    folders.push(folder);
    const managementPort = await freePort();
    api = await startApi({
      DATA_DIR: path.join(folder, 'data'),
      MANAGEMENT_PORT: String(managementPort),
    });
    await api.waitUntilAlive();

    // A request in flight through the whole shutdown: its last header line comes when we send it.
    const slow = connect(api.port, '127.0.0.1');
    await once(slow, 'connect');
    let answer = '';
    slow.on('data', (chunk: Buffer) => (answer += chunk.toString()));
    slow.write(`GET ${API_BASE}/Lifetime/IsAlive HTTP/1.1\r\nHost: localhost\r\n`);

    api.child.kill('SIGTERM');
    const seen = new Set<string>();
    // Past the drain and the keep-alive grace (3 s), when the app waits for that request alone.
    const until = Date.now() + 5_000;
    while (Date.now() < until) {
      for (const route of ['/health/live', '/metrics']) {
        const status = await fetch(`http://127.0.0.1:${managementPort}${route}`).then(
          (response) => String(response.status),
          () => 'refused',
        );
        seen.add(`${route} ${status}`);
      }
      await sleep(200);
    }
    expect([...seen].sort()).toEqual(['/health/live 200', '/metrics 200']);

    slow.write('\r\n');
    await once(slow, 'close');
    expect(answer).toMatch(/^HTTP\/1\.1 \d{3} /);
    expect(await api.exited).toBe(0);
    const refused = await fetch(`http://127.0.0.1:${managementPort}/health/live`).then(
      () => 'answered',
      () => 'refused',
    );
    expect(refused).toBe('refused');
  }, 120_000);
});
