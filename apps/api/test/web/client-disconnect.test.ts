import { writeFileSync } from 'node:fs';
import { get } from 'node:http';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { capturedLogs } from '../support/app.ts';
import { useApi } from '../support/context.ts';
import { createWebFixture } from './web-fixture.ts';

// Issue 22, point 15: a browser that goes away while a file is on its way (a closed tab, a
// navigation) is normal, not an error of the server; it was logged at level 50.

const BIG_FILE = '/assets/big-Zz9Yy8Xx.js';

/** Asks for the file (compressed on the fly: no `.gz` copy), takes its first bytes and hangs up. */
function hangUpDuring(port: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const request = get(
      { host: '127.0.0.1', port, path: BIG_FILE, headers: { 'accept-encoding': 'gzip' } },
      (response) => {
        response.once('data', () => {
          request.destroy();
          resolve();
        });
      },
    );
    request.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code !== 'ECONNRESET') reject(error);
    });
  });
}

describe('a browser that hangs up during a download', () => {
  const web = createWebFixture();
  writeFileSync(path.join(web.root, BIG_FILE), 'x'.repeat(32 * 1024 * 1024));
  const api = useApi({ web: { root: web.root }, env: { LOG_LEVEL: 'debug' } });
  afterAll(() => web.remove());

  it('is logged below warning level, never as an error', async () => {
    await api.app.listen({ port: 0, host: '127.0.0.1' });
    const address = api.app.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    const before = capturedLogs.length;

    await hangUpDuring(port);
    await new Promise((resolve) => setTimeout(resolve, 500));

    const lines = capturedLogs
      .slice(before)
      .map(
        (line) => JSON.parse(line) as { level: number; msg: string; err?: { message?: string } },
      );
    expect(lines.filter((line) => line.level >= 40)).toEqual([]);
    // It happened and is still written down, for whoever looks at debug level.
    expect(lines.filter((line) => line.err?.message === 'premature close')).toEqual([
      expect.objectContaining({ level: 20, msg: 'premature close' }),
    ]);
  });
});
