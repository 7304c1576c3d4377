import { spawnSync } from 'node:child_process';
import { REPO_ROOT } from './paths.ts';

/** Builds the web app the api serves (a few seconds), so no test runs against a stale build. */
export function buildWeb(): void {
  const result = spawnSync('npm', ['run', 'build', '--workspace', 'apps/web'], {
    cwd: REPO_ROOT,
    encoding: 'utf8',
  });
  if (result.status !== 0) {
    throw new Error(`building the web app failed:\n${result.stdout}\n${result.stderr}`);
  }
}
