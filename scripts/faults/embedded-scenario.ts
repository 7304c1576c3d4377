import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { freePort } from '@pp/testing';
import { openDatabase } from '../../apps/api/src/db/client.ts';
import { migrateDatabase } from '../../apps/api/src/db/migrate.ts';
import { startTestIssuer } from '../../apps/api/test/support/issuer.ts';
import { apiInstance } from './api-instance.ts';
import { createLoadFixtures } from './fixtures.ts';
import { Answers } from './http-client.ts';
import { Ledger } from './ledger.ts';
import { startLoad } from './load.ts';
import { sleep } from './processes.ts';
import { probeRecovery } from './recovery.ts';
import { RECOVERY_TARGET_MS, type ScenarioReport } from './report.ts';
import { verifyWrites } from './verify-writes.ts';

/**
 * What a kill -9 may add to a clean start of the same instance on the same machine: taking over
 * the dead process's folder lock and PGlite's recovery of its write-ahead log. The recovery's
 * target is 5 s, or the clean start and this where the machine starts the instance more slowly
 * than that (a loaded host: the start is Node compiling the api, which no crash changes).
 */
const CRASH_ALLOWANCE_MS = 1_000;

/**
 * One instance on the embedded database (PGlite in DATA_DIR), killed with kill -9 mid-write and
 * started again on the same folder: the dead process's folder lock is taken over, and every
 * acknowledged write is there. Without a proxy in front, the requests in flight at the kill get
 * no answer; they are counted apart.
 */
export async function runEmbeddedScenario(folder: string): Promise<ScenarioReport> {
  await mkdir(folder, { recursive: true });
  const dataDir = path.join(folder, 'data');
  const issuer = await startTestIssuer();
  try {
    // The fixtures before the api opens the folder: an embedded database has one process.
    const setup = await openDatabase({ kind: 'embedded', dataDir });
    await migrateDatabase(setup);
    const fixtures = await createLoadFixtures(setup.db, issuer, 5);
    await setup.close();
    const [probe] = fixtures.users.splice(4, 1);
    const port = await freePort();
    const baseUrl = `http://127.0.0.1:${port}`;
    const env = {
      DATA_DIR: dataDir,
      OIDC_ISSUER: issuer.issuer,
      OIDC_CLIENT_ID: 'fault-suite',
      OIDC_AUDIENCE: issuer.audience,
      PUBLIC_URL: baseUrl,
      DEMO_DATA: 'false',
      // As in the server scenario: the load is far past the per-account limit (decision 0050).
      ACCOUNT_WRITES_PER_HOUR: '1000000',
    };
    const api = apiInstance('embedded', port, env, path.join(folder, 'api-embedded.log'));
    const answers = new Answers();
    const firstStart = Date.now();
    await api.start();
    const cleanStartMs = await probeRecovery(answers, baseUrl, probe!, firstStart);
    const targetMs = Math.max(RECOVERY_TARGET_MS, (cleanStartMs ?? 0) + CRASH_ALLOWANCE_MS);

    const ledger = new Ledger();
    const options = {
      baseUrl: () => baseUrl,
      fixtures,
      ledger,
      answers,
      pauseMs: 10,
      inviteEveryMs: 0,
      invitations: 0,
    };
    const beforeKill = startLoad(options);
    await sleep(5_000);
    const unansweredBefore = answers.unexpected();
    await api.kill();
    await beforeKill.stop();
    const cut = answers.unexpected() - unansweredBefore;
    const logBefore = api.output().length;
    const restarted = Date.now();
    await api.start();
    const recoveryMs = await probeRecovery(answers, baseUrl, probe!, restarted);
    const afterRestart = startLoad(options);
    await sleep(3_000);
    await afterRestart.stop();
    const exit = await api.terminate();

    const check = await openDatabase({ kind: 'embedded', dataDir });
    const writes = await verifyWrites(check.db, ledger, fixtures);
    await check.close();
    const restartErrors = api
      .output()
      .slice(logBefore)
      .split('\n')
      .filter((line) => /"level":(50|60)/.test(line));
    return {
      title: 'embedded database (PGlite), kill -9 mid-write',
      answers,
      writes,
      faults: [
        {
          name: 'kill -9 and restart (embedded)',
          recoveryMs,
          targetMs,
          notes: [
            'measured from the new start',
            `a clean start to the first write took ${cleanStartMs === undefined ? 'over 30 s' : `${(cleanStartMs / 1000).toFixed(2)} s`}`,
          ],
        },
      ],
      extra: [`${cut} requests in flight at the kill got no answer (no proxy in front)`],
      problems: [
        ...restartErrors.map((line) => `error logged after the restart: ${line.slice(0, 300)}`),
        ...(exit.code === 0
          ? []
          : [`the final SIGTERM ended with ${exit.code} after ${exit.ms} ms`]),
      ],
      allowedUnanswered: cut,
    };
  } finally {
    await issuer.close();
  }
}
