import { mkdtemp, rm } from 'node:fs/promises';
import { connect } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from '@pp/testing';
import { startApi, type ApiProcess } from '../process/api-process.ts';
import { isServerRun } from '../support/database.ts';

/** Sends `head` on a raw connection, then nothing; resolves with what the server answered. */
function stall(port: number, head: string): Promise<{ answer: string; closedAfterMs: number }> {
  const started = Date.now();
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.write(head));
    let answer = '';
    socket.on('data', (chunk) => (answer += String(chunk)));
    socket.on('close', () => resolve({ answer, closedAfterMs: Date.now() - started }));
    socket.on('error', reject);
    setTimeout(() => {
      socket.destroy();
      reject(new Error('the provider kept the stalled connection open'));
    }, 15_000).unref();
  });
}

// Finding 5 of the security review: `main.ts` started the provider with Node's timeouts
// (300 s per request) while the api had REQUEST_TIMEOUT_SECONDS (decision 0022). The embedded
// database only: the server run would start the same process again.
describe.runIf(!isServerRun())('the provider started by the api process', () => {
  let api: ApiProcess | undefined;
  let dataDir = '';
  afterAll(async () => {
    await api?.stop();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it('cuts a stalled body after REQUEST_TIMEOUT_SECONDS with 408', async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'pp-idp-timeouts-'));
    const idpPort = await freePort();
    api = await startApi({
      DATA_DIR: dataDir,
      IDP_PORT: String(idpPort),
      REQUEST_TIMEOUT_SECONDS: '2',
    });
    await api.waitUntilAlive(60_000);
    const { answer, closedAfterMs } = await stall(
      idpPort,
      `POST /forgot-password HTTP/1.1\r\nHost: localhost:${idpPort}\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: 100\r\n\r\nemail=`,
    );
    expect(answer).toMatch(/^HTTP\/1\.1 408 /);
    expect(closedAfterMs).toBeLessThan(6_000);
  }, 120_000);
});
