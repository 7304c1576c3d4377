import { mkdirSync, mkdtempSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { webBuildIsStale } from './stale-build.ts';

/** A checkout with a web source and, when `builtAt` is given, a build made at that time. */
function checkout(sourceAt: Date, builtAt?: Date): string {
  const root = mkdtempSync(path.join(tmpdir(), 'pp-stale-build-'));
  mkdirSync(path.join(root, 'apps/web/src'), { recursive: true });
  const source = path.join(root, 'apps/web/src/main.tsx');
  writeFileSync(source, 'export {};');
  utimesSync(source, sourceAt, sourceAt);
  utimesSync(path.join(root, 'apps/web/src'), sourceAt, sourceAt);
  if (builtAt) {
    mkdirSync(path.join(root, 'apps/web/dist'), { recursive: true });
    const built = path.join(root, 'apps/web/dist/index.html');
    writeFileSync(built, '<!doctype html>');
    utimesSync(built, builtAt, builtAt);
  }
  return root;
}

const earlier = new Date('2026-11-01T10:00:00Z');
const later = new Date('2026-11-01T11:00:00Z');

describe('npm start builds the web app only when it must', () => {
  it('builds on a fresh clone, where there is no build yet', () => {
    expect(webBuildIsStale(checkout(earlier))).toBe(true);
  });

  it('starts without a build when nothing changed since the last one', () => {
    expect(webBuildIsStale(checkout(earlier, later))).toBe(false);
  });

  it('builds again after a source changed', () => {
    expect(webBuildIsStale(checkout(later, earlier))).toBe(true);
  });
});
