// The fault suite (issue 16): a bounded loopback load against the portal while PostgreSQL
// restarts, an instance is killed, the SMTP server goes away and an instance is told to stop;
// then every acknowledged write and mail is looked for. docs/operations.md describes it.
//
//   npm run test:faults     (needs PostgreSQL 15's binaries and Debian's nginx; run as root or postgres)
import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { formatReport, missedTargets, type ScenarioReport } from './report.ts';
import { runEmbeddedScenario } from './embedded-scenario.ts';
import { runServerScenario } from './server-scenario.ts';

process.on('unhandledRejection', (error) => {
  console.error('The fault suite failed:', error);
  process.exit(1); // ends what it started (processes.ts)
});

const folder = await mkdtemp(path.join(os.tmpdir(), 'pp-faults-'));
const started = Date.now();
const reports: ScenarioReport[] = [];
let failed = false;
try {
  reports.push(await runServerScenario(path.join(folder, 'server')));
  reports.push(await runEmbeddedScenario(path.join(folder, 'embedded')));
} catch (error) {
  console.error('The fault suite could not run:', error);
  failed = true;
}

for (const report of reports) {
  console.log(`\n${formatReport(report)}`);
  for (const missed of missedTargets(report)) {
    console.log(`MISSED: ${missed}`);
    failed = true;
  }
}
console.log(`\nLogs of this run: ${folder} (${((Date.now() - started) / 1000).toFixed(0)} s)`);
if (failed) {
  console.log('The fault suite missed a target.');
  process.exit(1);
}
console.log('The fault suite met every target.');
process.exit(0);
