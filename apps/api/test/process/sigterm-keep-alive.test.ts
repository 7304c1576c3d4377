import { Agent, request } from 'node:http';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { API_BASE } from '@pp/contract';
import { isServerRun } from '../support/database.ts';
import { startApi, type ApiProcess } from './api-process.ts';

const CLIENTS = 8;

/** One GET on the client's own kept-alive connection: the status, or the error's code. */
function get(agent: Agent, port: number): Promise<string> {
  return new Promise((resolve) => {
    const req = request(
      { agent, host: '127.0.0.1', port, path: `${API_BASE}/Lifetime/IsAlive` },
      (response) => {
        response.resume();
        response.on('end', () => resolve(String(response.statusCode)));
        response.on('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? 'error'));
      },
    );
    req.on('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? 'error'));
    req.end();
  });
}

/**
 * A client reading one request after the other on a kept-alive connection (a new one when the
 * server closed it), until the server refuses connections. Counts what each request ended with.
 */
async function readUntilRefused(port: number, counts: Map<string, number>) {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  try {
    for (;;) {
      const outcome = await get(agent, port);
      counts.set(outcome, (counts.get(outcome) ?? 0) + 1);
      if (outcome === 'ECONNREFUSED') return;
    }
  } finally {
    agent.destroy();
  }
}

// The shutdown sequence is the same on either database; the embedded run covers it.
describe.runIf(!isServerRun())('a SIGTERM under load (issue 23, finding 12)', () => {
  const started: ApiProcess[] = [];
  const folders: string[] = [];
  afterAll(async () => {
    await Promise.all(started.map((api) => api.stop()));
    await Promise.all(folders.map((f) => rm(f, { recursive: true, force: true })));
  });

  it('resets no kept-alive connection: every request is answered or its connection refused', async () => {
    const folder = await mkdtemp(path.join(os.tmpdir(), 'pp-sigterm-'));
    folders.push(folder);
    const api = await startApi({ DATA_DIR: folder });
    started.push(api);
    await api.waitUntilAlive(60_000);

    const counts = new Map<string, number>();
    const clients = Array.from({ length: CLIENTS }, () => readUntilRefused(api.port, counts));
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    api.child.kill('SIGTERM');
    expect(await api.exited).toBe(0);
    await Promise.all(clients);

    const outcomes = Object.fromEntries(counts);
    // Answers before the drain (200), during it (503, `Connection: close`), then refused.
    expect(Object.keys(outcomes).sort(), JSON.stringify(outcomes)).toEqual(
      ['200', '503', 'ECONNREFUSED'].filter((outcome) => outcome in outcomes),
    );
    expect(outcomes['ECONNREFUSED']).toBe(CLIENTS);
  }, 120_000);
});
