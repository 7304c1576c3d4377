#!/usr/bin/env node
// Runs the api and migration tests on the embedded PGlite, then — when TEST_DATABASE_URL names a
// PostgreSQL server (CI sets it) — the same suite again on the server, each run in its own databases.
import { spawnSync } from 'node:child_process';

const extra = process.argv.slice(2);
const { TEST_DATABASE_URL, ...withoutServer } = process.env;

function run(label, env) {
  console.log(`\n▶ api tests on ${label}\n`);
  const result = spawnSync('npx', ['vitest', 'run', '--project', 'api', ...extra], {
    stdio: 'inherit',
    env,
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

run('PGlite (embedded PostgreSQL)', withoutServer);
if (TEST_DATABASE_URL) {
  run('the PostgreSQL server', { ...process.env, TEST_DATABASE_URL });
} else {
  console.log('\nTEST_DATABASE_URL is not set: the PostgreSQL server run is left out.\n');
}
