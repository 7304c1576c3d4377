import { spawnSync } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The checkout this file is in (read when asked: a test names its own). */
const repoRoot = () => fileURLToPath(new URL('../../../', import.meta.url));

/** What the web build reads: a change to any of these makes `apps/web/dist` stale. */
export const WEB_SOURCES = [
  'apps/web/src',
  'apps/web/public',
  'apps/web/index.html',
  'apps/web/silent-callback.html',
  'apps/web/vite.config.ts',
  'apps/web/build',
  'apps/web/package.json',
  'packages/contract/src',
  'packages/demo-data/src',
  'package-lock.json',
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

/** Whether `apps/web/dist` is missing or older than one of its sources. */
export function webBuildIsStale(root = repoRoot()): boolean {
  const built = statSync(path.join(root, BUILT), { throwIfNoEntry: false })?.mtimeMs ?? 0;
  const sources = Math.max(...WEB_SOURCES.map((source) => newestChange(path.join(root, source))));
  return built <= sources;
}

/**
 * Builds the web app the api serves when it is missing or older than its sources, so that a
 * second `npm start` (and every end-to-end run) with nothing changed starts at once.
 */
export function buildWebIfStale(root = repoRoot()): 'built' | 'up to date' {
  if (!webBuildIsStale(root)) return 'up to date';
  const result = spawnSync('npm', ['run', 'build', '--workspace', 'apps/web'], {
    cwd: root,
    encoding: 'utf8',
  });
  if (result.status !== 0) {
    throw new Error(`building the web app failed:\n${result.stdout}\n${result.stderr}`);
  }
  return 'built';
}
