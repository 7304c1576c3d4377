// The load of the Monday-morning benchmark (monday.ts): an open model, people arriving at a
// rate (a Poisson process: each arrival independent of how the instance answers, as on a real
// Monday, not closed loops that wait for the instance), each making their visit
// (monday-visit.ts); steps of rising rates, and the search for the largest rate the instance
// carries with p99 ≤ 500 ms over all calls and no failed call.
import { readFileSync } from 'node:fs';
import type pg from 'pg';
import type { MondayPerson } from './monday-people.ts';
import { visit, type CallRecord, type VisitContext } from './monday-visit.ts';

export const P99_LIMIT_MS = 500;

export interface Mode {
  name: 'quick' | 'full';
  /** People arrive this long before the measured window: the visits reach their steady mix. */
  rampSeconds: number;
  /** The measured window of each step. */
  stepSeconds: number;
  /** How long the visits may go on after the last arrival; one still going then has failed. */
  drainSeconds: number;
  think: readonly [number, number];
  /** The first rate tried, people a second. */
  startRate: number;
  maxSteps: number;
  /** The search stops once the failing rate is within this share above the passing one. */
  tolerance: number;
}

/** /proc counts CPU time in USER_HZ, 100 a second on Linux whatever the kernel's own tick. */
const CLOCK_TICKS = 100;
/** A process's CPU seconds (user + system) and resident memory, from /proc; undefined off Linux. */
export function processUsage(pid: number): { cpuSeconds: number; rssMiB: number } | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The fields after the command's name in parentheses, from the state (the third) on.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const rssKiB = Number(/^VmRSS:\s+(\d+)/m.exec(status)?.[1] ?? Number.NaN);
    return {
      cpuSeconds: (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS,
      rssMiB: rssKiB / 1024,
    };
  } catch {
    return undefined;
  }
}

/**
 * The host's CPU time so far, busy and in all, in clock ticks of all cores, and its number of
 * cores (/proc/stat; not availableParallelism(), which counts only the cores this process may use).
 */
export function hostUsage(): { busy: number; total: number; cores: number } | undefined {
  try {
    const lines = readFileSync('/proc/stat', 'utf8').split('\n');
    const numbers = lines[0]!.trim().split(/\s+/).slice(1).map(Number);
    const total = numbers.reduce((sum, n) => sum + n, 0);
    const cores = lines.filter((line) => /^cpu\d/.test(line)).length;
    // idle and iowait are the fourth and fifth.
    return { busy: total - numbers[3]! - numbers[4]!, total, cores };
  } catch {
    return undefined;
  }
}

/** CPU seconds of each of the instance's sessions on the server, by backend pid. */
export type DatabaseUsage = Map<number, number>;

/**
 * CPU seconds of the instance's sessions on the PostgreSQL server, when it runs on this machine
 * (their processes are in /proc): each of the database's `practice-portal` backends.
 */
export async function databaseUsage(client: pg.Client): Promise<DatabaseUsage | undefined> {
  const { rows } = await client.query<{ pid: number }>(
    `select pid from pg_stat_activity
      where datname = current_database() and application_name = 'practice-portal'`,
  );
  const usage: DatabaseUsage = new Map();
  for (const { pid } of rows) {
    const backend = processUsage(pid);
    if (backend === undefined) return undefined;
    usage.set(pid, backend.cpuSeconds);
  }
  return usage;
}

/**
 * The sessions' CPU seconds between two readings, summed per backend: a session the pool closed
 * meanwhile is left out (its last moments are lost, an underestimate), where the difference of
 * two sums would count its whole life as negative.
 */
export function databaseSeconds(
  before: DatabaseUsage | undefined,
  after: DatabaseUsage | undefined,
): number | undefined {
  if (before === undefined || after === undefined) return undefined;
  let seconds = 0;
  for (const [pid, cpuSeconds] of after) seconds += cpuSeconds - (before.get(pid) ?? 0);
  return seconds;
}

/** The seeded sequence of a run (mulberry32): the same arrivals and choices every run. */
export function seeded(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export const percentile = (sorted: readonly number[], q: number) =>
  sorted.length === 0 ? Number.NaN : sorted[Math.max(0, Math.ceil(q * sorted.length) - 1)]!;

export interface StepResult {
  rate: number;
  visits: number;
  /** Visits still going when the drain ended. */
  unfinished: number;
  /** The latencies of the calls sent in the measured window, by call, sorted. */
  calls: Map<string, number[]>;
  all: number[];
  /** Calls without a 2xx answer, anywhere in the step, as `label: status` → count. */
  failures: Map<string, number>;
  /** Of the measured window: the instance's, its database sessions' and this process's CPU in cores. */
  instanceCpu?: number;
  /** The whole host's busy cores in the window: other work on a shared host shows here. */
  hostCpu?: number;
  databaseCpu?: number;
  generatorCpu: number;
  rssMiB?: number;
  pass: boolean;
}

export interface Load {
  mode: Mode;
  people: readonly MondayPerson[];
  /** The visit's context without what a step sets (record, stopped). */
  context: Omit<VisitContext, 'record' | 'stopped'>;
  instancePid: number;
  /** A session on the instance's database, when its server runs on this machine. */
  database?: pg.Client;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));
let nextPerson = 0;

/** People arriving at `rate` a second for the ramp and the window, then the drain. */
export async function runStep(load: Load, rate: number): Promise<StepResult> {
  const { mode, people, context } = load;
  const records: CallRecord[] = [];
  let stopped = false;
  const visitContext: VisitContext = {
    ...context,
    record: (call) => records.push(call),
    stopped: () => stopped,
  };
  const start = performance.now();
  const windowStart = start + mode.rampSeconds * 1000;
  const windowEnd = windowStart + mode.stepSeconds * 1000;
  const usage = async () => ({
    instance: processUsage(load.instancePid),
    database: load.database && (await databaseUsage(load.database)),
    generator: process.cpuUsage(),
    host: hostUsage(),
  });
  const atStart = sleep(windowStart - start).then(usage);
  const atEnd = sleep(windowEnd - start).then(usage);
  let running = 0;
  let visits = 0;
  const settled: Promise<void>[] = [];
  for (let at = start; ;) {
    at += (-Math.log(1 - context.random()) / rate) * 1000;
    if (at > windowEnd) break;
    await sleep(at - performance.now());
    const person = people[nextPerson++ % people.length]!;
    running += 1;
    visits += 1;
    settled.push(
      visit(person, visitContext)
        .catch(() => void records.push({ label: 'visit', at: performance.now(), ms: 0, status: 0 }))
        .finally(() => void (running -= 1)),
    );
  }
  const [before, after] = await Promise.all([atStart, atEnd]);
  await Promise.race([
    Promise.all(settled),
    sleep(windowEnd + mode.drainSeconds * 1000 - performance.now()),
  ]);
  const unfinished = running;
  stopped = true;
  await Promise.all(settled);

  const seconds = mode.stepSeconds;
  const measured = records.filter(({ at }) => at >= windowStart && at <= windowEnd);
  const calls = new Map<string, number[]>();
  for (const { label, ms } of measured) calls.set(label, [...(calls.get(label) ?? []), ms]);
  for (const times of calls.values()) times.sort((a, b) => a - b);
  const all = measured.map(({ ms }) => ms).sort((a, b) => a - b);
  const failures = new Map<string, number>();
  for (const { label, status } of records.filter(({ status }) => status < 200 || status > 299)) {
    const key = `${label}: ${status || 'no answer'}`;
    failures.set(key, (failures.get(key) ?? 0) + 1);
  }
  const cores = (from: number | undefined, to: number | undefined) =>
    from === undefined || to === undefined ? undefined : (to - from) / seconds;
  const generator = process.cpuUsage(before.generator);
  const host =
    before.host && after.host
      ? ((after.host.busy - before.host.busy) / (after.host.total - before.host.total)) *
        after.host.cores
      : undefined;
  return {
    rate,
    visits,
    unfinished,
    calls,
    all,
    failures,
    instanceCpu: cores(before.instance?.cpuSeconds, after.instance?.cpuSeconds),
    databaseCpu: cores(0, databaseSeconds(before.database, after.database)),
    hostCpu: host,
    generatorCpu: (generator.user + generator.system) / 1e6 / seconds,
    rssMiB: after.instance?.rssMiB,
    pass: failures.size === 0 && unfinished === 0 && percentile(all, 0.99) <= P99_LIMIT_MS,
  };
}

/**
 * Doubles the rate from the mode's start until a step fails, then halves the gap between the
 * highest passing and the lowest failing rate, within the mode's steps and tolerance.
 */
export async function searchRate(
  load: Load,
  onStep: (step: StepResult) => void,
): Promise<{ steps: StepResult[]; found?: StepResult }> {
  const { mode } = load;
  const steps: StepResult[] = [];
  let passed: StepResult | undefined;
  let failed: StepResult | undefined;
  let rate = mode.startRate;
  while (steps.length < mode.maxSteps) {
    const step = await runStep(load, rate);
    steps.push(step);
    onStep(step);
    if (step.pass) passed = step;
    else failed = step;
    if (passed && failed && failed.rate <= passed.rate * (1 + mode.tolerance)) break;
    rate = failed ? ((passed?.rate ?? 0) + failed.rate) / 2 : rate * 2;
    rate = Math.round(rate * 10) / 10;
    // The instance finishes what the step left (a failed step's queue) before the next one.
    await sleep(1000);
  }
  return { steps, ...(passed ? { found: passed } : {}) };
}
