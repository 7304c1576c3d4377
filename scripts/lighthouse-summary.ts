import { loadavg } from 'node:os';
import type { Result } from 'lighthouse';

/** Issue 28's targets on every page: performance ≥ 99, accessibility and best practices 100. */
const TARGETS: Record<string, number> = {
  performance: 99,
  accessibility: 100,
  'best-practices': 100,
};

export interface PageSummary {
  name: string;
  finalUrl: string;
  /** Median scores, 0–100, by category id. */
  scores: Record<string, number>;
  lcpMs: number;
  tbtMs: number;
  cls: number;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? (sorted[middle] ?? NaN)
    : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

const audit = (lhr: Result, id: string) => lhr.audits[id]?.numericValue ?? NaN;

/** The median of each score and metric over the runs. */
export function summarize(name: string, runs: Result[]): PageSummary {
  const first = runs[0];
  if (!first) throw new Error('no Lighthouse run');
  const scores: Record<string, number> = {};
  for (const id of Object.keys(first.categories)) {
    scores[id] = median(runs.map((lhr) => Math.round((lhr.categories[id]?.score ?? 0) * 100)));
  }
  return {
    name,
    finalUrl: first.finalDisplayedUrl,
    scores,
    lcpMs: median(runs.map((lhr) => audit(lhr, 'largest-contentful-paint'))),
    tbtMs: median(runs.map((lhr) => audit(lhr, 'total-blocking-time'))),
    cls: median(runs.map((lhr) => audit(lhr, 'cumulative-layout-shift'))),
  };
}

export function printSummary(pages: PageSummary[], runs: number): void {
  // TBT depends on the machine's load (the score less so: the throttling is simulated).
  const load = loadavg()
    .map((value) => value.toFixed(2))
    .join(', ');
  console.log(`\nLighthouse, mobile preset, median of ${runs} runs (load average ${load})`);
  const header = ['page', 'perf', 'a11y', 'best pr.', 'SEO', 'LCP', 'TBT', 'CLS'];
  const rows = pages.map((page) => [
    page.name,
    String(page.scores['performance']),
    String(page.scores['accessibility']),
    String(page.scores['best-practices']),
    String(page.scores['seo']),
    `${(page.lcpMs / 1000).toFixed(2)} s`,
    `${Math.round(page.tbtMs)} ms`,
    page.cls.toFixed(3),
  ]);
  const widths = header.map((title, column) =>
    Math.max(title.length, ...rows.map((row) => row[column]?.length ?? 0)),
  );
  for (const row of [header, ...rows]) {
    console.log(row.map((cell, column) => cell.padEnd(widths[column] ?? 0)).join('  '));
  }
  for (const page of pages) console.log(`${page.name} ends on ${page.finalUrl}`);
  const missed = pages.flatMap((page) =>
    Object.entries(TARGETS)
      .filter(([id, target]) => (page.scores[id] ?? 0) < target)
      .map(([id, target]) => `${page.name}: ${id} ${page.scores[id]} < ${target}`),
  );
  console.log(missed.length ? `\nTargets missed:\n  ${missed.join('\n  ')}` : '\nAll targets met.');
}
