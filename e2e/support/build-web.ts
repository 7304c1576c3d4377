import { spawnSync } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { REPO_ROOT } from './paths.ts';

/** What the web build reads: a change to any of these makes `apps/web/dist` stale. */
const SOURCES = [
  'apps/web/src',
  'apps/web/public',
  'apps/web/index.html',
  'apps/web/silent-callback.html',
  'apps/web/vite.config.ts',
  'apps/web/build',
  'apps/web/package.json',
  'packages/contract/src',
];
const BUILT = 'apps/web/dist/index.html';

function newestChange(file: string): number {
  const stats = statSync(file, { throwIfNoEntry: false });
  if (!stats) return 0;
  if (!stats.isDirectory()) return stats.mtimeMs;
  return Math.max(
    stats.mtimeMs,
    ...readdirSync(file).map((entry) => newestChange(path.join(file, entry))),
  );
}

/** Builds the web app the api serves when it is missing or older than its sources. */
export function buildWebIfStale(): void {
  const built = statSync(path.join(REPO_ROOT, BUILT), { throwIfNoEntry: false })?.mtimeMs ?? 0;
  const sources = Math.max(...SOURCES.map((source) => newestChange(path.join(REPO_ROOT, source))));
  if (built > sources) return;
  const result = spawnSync('npm', ['run', 'build', '--workspace', 'apps/web'], {
    cwd: REPO_ROOT,
    encoding: 'utf8',
  });
  if (result.status !== 0) {
    throw new Error(`building the web app failed:\n${result.stdout}\n${result.stderr}`);
  }
}
