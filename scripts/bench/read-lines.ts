// The lines of the benchmark (run.ts): each portal beside the bare reference on its own database
// (the server's, or PGlite alone's, issue 46: the embedded database held to its own floor), the
// pages a list is read with, and the line of a measurement with its ratios to its reference.
import { PAGE_SIZES } from '@pp/contract';
import type { Measurement } from './measure.ts';
import { record, type BenchIds } from './scale.ts';

/** [name, port, ids of its database] */
export type Target = [string, number, BenchIds];

/** A portal and the reference running the same statements on the same database. */
export interface Pair {
  portal: Target;
  reference: Target;
}

/** The portal on the server beside its reference, and the embedded one beside PGlite alone. */
export function pairsOf(
  ports: { server: number; reference: number; embedded: number; embeddedReference: number },
  onServer: BenchIds,
  onEmbedded: BenchIds | undefined,
): Pair[] {
  const pairs: Pair[] = [
    {
      portal: ['PostgreSQL', ports.server, onServer],
      reference: ['reference', ports.reference, onServer],
    },
  ];
  if (onEmbedded) {
    pairs.push({
      portal: ['embedded', ports.embedded, onEmbedded],
      reference: ['embedded reference', ports.embeddedReference, onEmbedded],
    });
  }
  return pairs;
}

/** A table line: the figures; against `reference`, the share of its rps and multiple of its p99. */
export function line(label: string, m: Measurement, reference?: Measurement) {
  record(label, m);
  return `| ${label} | ${Math.round(m.rps)} | ${m.p50} | ${m.p99} | ${m.non2xx}${m.failures ? ` (${m.failures})` : ''} | ${reference ? `${((100 * m.rps) / reference.rps).toFixed(0)} %` : '–'} | ${reference ? `${(m.p99 / Math.max(1, reference.p99)).toFixed(1)}×` : '–'} |`;
}

/** Sizes, pages, directions and orders in turn: no request repeats within a run. */
export function everyPage(pathOf: (page: number) => string, sorts: readonly string[]) {
  let n = 0;
  return () => {
    n += 1;
    const size = PAGE_SIZES[n % PAGE_SIZES.length];
    const page = 1 + (Math.floor(n / PAGE_SIZES.length) % 100);
    const direction = Math.floor(n / 400) % 2 ? 'desc' : 'asc';
    const sort = sorts[Math.floor(n / 800) % sorts.length];
    const path = pathOf(page).replace('pageSize=25', `pageSize=${size}`);
    return `/api/v1${path}&sort=${sort}&direction=${direction}`;
  };
}
