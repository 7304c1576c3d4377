import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import {
  portalDataverseSettings,
  startDataverseStandIn,
  type DataverseStandIn,
} from '@pp/dataverse-stand-in';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApi, type ApiProcess } from './api-process.ts';

// Issue 44, finding 5: the start runs crm:check's comparison and names the first problem, so
// that an operator learns of a missing table before the first person signs in, not from a 400
// of the outbox hours later.

describe('the start against a Dataverse without the portal solution', () => {
  let standIn: DataverseStandIn;
  let dataDir: string;
  let api: ApiProcess | undefined;
  beforeAll(async () => {
    standIn = await startDataverseStandIn({ demo: false, portalSolution: false });
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'pp-crm-setup-'));
  });
  afterAll(async () => {
    await api?.stop();
    await standIn.stop();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('stops with a non-zero exit, names the first problem and the commands that fix it', async () => {
    api = await startApi({
      DATA_DIR: dataDir,
      ...portalDataverseSettings(standIn.url),
    });
    expect(await api.exited).toBe(1);
    expect(api.output()).toContain('Practice Portal could not start.');
    expect(api.output()).toMatch(/Dataverse lacks what the portal needs: .*is missing/);
    expect(api.output()).toContain('npm run crm:check');
    expect(api.output()).toContain('npm run crm:provision');
  }, 90_000);
});
