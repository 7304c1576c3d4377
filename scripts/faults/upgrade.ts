// The upgrade test (issue 45): the previous version and the new one on one PostgreSQL server
// behind nginx, replaced one instance at a time under load (upgrade-scenario.ts;
// docs/operations.md, "Upgrades without downtime").
//
//   npm run test:upgrade   (UPGRADE_FROM=<ref>, default HEAD~1; needs PostgreSQL 15's binaries
//                           and Debian's nginx, as the fault suite)
import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { formatReport, missedTargets } from './report.ts';
import { runUpgradeScenario } from './upgrade-scenario.ts';

const folder = await mkdtemp(path.join(os.tmpdir(), 'pp-upgrade-'));
const started = Date.now();
let failed = false;
try {
  const report = await runUpgradeScenario(folder);
  console.log(`\n${formatReport(report)}`);
  for (const missed of missedTargets(report)) {
    console.log(`MISSED: ${missed}`);
    failed = true;
  }
} catch (error) {
  console.error('The upgrade test could not run:', error);
  failed = true;
}
console.log(`\nLogs of this run: ${folder} (${((Date.now() - started) / 1000).toFixed(0)} s)`);
console.log(failed ? 'The upgrade test missed a target.' : 'The upgrade test met every target.');
process.exit(failed ? 1 : 0);
