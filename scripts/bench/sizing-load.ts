// The load of the sizing guide (sizing.ts): closed loops of workers against the embedded
// provider, each making the web app's password sign-in (apps/api/test/identity/support's raw-HTTP
// flow: authorize with PKCE, the sign-in page, its form, the code at the token endpoint) or its
// token renewal (the refresh-token grant, rotating: each answer's refresh token is the next
// one's), with the instance's CPU and memory read from /proc and its management port.
import { readFileSync } from 'node:fs';
import { verify } from '@node-rs/argon2';
import { TestBrowser } from '@pp/testing';
import type pg from 'pg';
import type { EmbeddedProvider } from '../../apps/api/test/identity/support/provider.ts';
import { refresh, signIn } from '../../apps/api/test/identity/support/sign-in.ts';
import { databaseSeconds, databaseUsage, percentile, processUsage } from './monday-load.ts';

/** What the sign-in helpers read of a provider: its issuer and the api's configuration. */
export type ProviderClient = Pick<EmbeddedProvider, 'config' | 'issuer'>;
// The helpers take a whole test provider; they read only these two fields of it.
const asProvider = (client: ProviderClient) => client as EmbeddedProvider;

export const PASSWORD = 'Sizing-Bench-2026!';
export const personEmail = (n: number) => `sizing-${n}@bench.example.com`;

export interface Instance {
  pid: number;
  /** The management port's origin: its /metrics has the V8 heap. */
  management: string;
  /** The instance's sessions on the database server (a local one), for their CPU. */
  database?: pg.Client;
}

export interface Memory {
  rssMiB: number;
  heapUsedMiB: number;
  heapTotalMiB: number;
}

/** RSS from /proc, the V8 heap from prom-client's default metrics. */
export async function memoryOf(instance: Instance): Promise<Memory> {
  const text = await (await fetch(`${instance.management}/metrics`)).text();
  const gauge = (name: string) =>
    Number(new RegExp(`^${name} (\\S+)$`, 'm').exec(text)?.[1] ?? Number.NaN) / 2 ** 20;
  return {
    rssMiB: processUsage(instance.pid)?.rssMiB ?? gauge('process_resident_memory_bytes'),
    heapUsedMiB: gauge('nodejs_heap_size_used_bytes'),
    heapTotalMiB: gauge('nodejs_heap_size_total_bytes'),
  };
}

/** Core 0's busy and total clock ticks so far (/proc/stat), to show what else ran there. */
function coreZero(): { busy: number; total: number } | undefined {
  try {
    const line = readFileSync('/proc/stat', 'utf8')
      .split('\n')
      .find((l) => l.startsWith('cpu0 '));
    const numbers = line!.trim().split(/\s+/).slice(1).map(Number);
    const total = numbers.reduce((sum, n) => sum + n, 0);
    // idle and iowait are the fourth and fifth.
    return { busy: total - numbers[3]! - numbers[4]!, total };
  } catch {
    return undefined;
  }
}

export interface Step {
  concurrency: number;
  /** Operations finished without error, and their times in ms, sorted. */
  times: number[];
  seconds: number;
  errors: Map<string, number>;
  /** Cores the instance used over the step (CPU seconds / wall seconds). */
  cpu: number;
  databaseCpu: number | undefined;
  /** Share of core 0 busy over the step, with the instance and anything else there. */
  coreZeroBusy: number | undefined;
  /** Memory halfway through the step: under load. */
  memory: Memory | undefined;
}

export const perSecond = (step: Step) => step.times.length / step.seconds;

/**
 * `concurrency` workers each repeating `work` for `seconds`, or while `more()` says so; an
 * operation begun before the end is let finish and counted. Measures the instance's CPU over the
 * same wall-clock time, and its memory halfway through.
 */
export async function closedLoop(
  instance: Instance,
  concurrency: number,
  seconds: number,
  work: (worker: number) => Promise<void>,
  more: () => boolean = () => true,
): Promise<Step> {
  const times: number[] = [];
  const errors = new Map<string, number>();
  const cpuBefore = processUsage(instance.pid)?.cpuSeconds ?? Number.NaN;
  const databaseBefore = instance.database ? await databaseUsage(instance.database) : undefined;
  const zeroBefore = coreZero();
  const started = performance.now();
  const end = started + seconds * 1000;
  let sampling: Promise<Memory | undefined> | undefined;
  const halfway = setTimeout(() => {
    sampling = memoryOf(instance).catch(() => undefined);
  }, seconds * 500);
  const worker = async (n: number) => {
    while (performance.now() < end && more()) {
      const at = performance.now();
      try {
        await work(n);
        times.push(performance.now() - at);
      } catch (error) {
        const key = error instanceof Error ? error.message.slice(0, 80) : String(error);
        errors.set(key, (errors.get(key) ?? 0) + 1);
      }
    }
  };
  await Promise.all([...Array(concurrency).keys()].map(worker));
  clearTimeout(halfway);
  const wall = (performance.now() - started) / 1000;
  const cpuAfter = processUsage(instance.pid)?.cpuSeconds ?? Number.NaN;
  const databaseAfter = instance.database ? await databaseUsage(instance.database) : undefined;
  const zeroAfter = coreZero();
  const divided = (seconds: number | undefined, by: number) =>
    seconds === undefined ? undefined : seconds / by;
  return {
    concurrency,
    times: times.sort((a, b) => a - b),
    seconds: wall,
    errors,
    cpu: (cpuAfter - cpuBefore) / wall,
    databaseCpu: divided(databaseSeconds(databaseBefore, databaseAfter), wall),
    coreZeroBusy:
      zeroBefore && zeroAfter
        ? (zeroAfter.busy - zeroBefore.busy) / (zeroAfter.total - zeroBefore.total)
        : undefined,
    memory: await sampling,
  };
}

/** Hands out the seeded people in turn: each sign-in is a new browser, so a new session. */
export function people(count: number) {
  let next = 0;
  return () => personEmail(next++ % count);
}

/** One password sign-in in a fresh browser, to the tokens; its refresh token. */
export async function signInOnce(client: ProviderClient, email: string): Promise<string> {
  const tokens = await signIn(asProvider(client), email, PASSWORD, new TestBrowser('de'));
  return tokens.refresh_token;
}

/** The web app's renewal: the refresh-token grant, keeping the rotated token it answers with. */
export async function renewOnce(client: ProviderClient, refreshToken: string): Promise<string> {
  const response = await refresh(asProvider(client), refreshToken);
  const body = (await response.json()) as { refresh_token?: unknown; error?: unknown };
  if (!response.ok || typeof body.refresh_token !== 'string') {
    throw new Error(`refresh ${response.status} ${String(body.error ?? '')}`);
  }
  return body.refresh_token;
}

/** How long one Argon2id verify of `hash` takes here, alone: the median of `runs`, in ms. */
export async function verifyMilliseconds(hash: string, runs: number): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < runs; i += 1) {
    const at = performance.now();
    if (!(await verify(hash, PASSWORD))) throw new Error('the seeded hash does not verify');
    times.push(performance.now() - at);
  }
  return percentile(
    times.sort((a, b) => a - b),
    0.5,
  );
}

const fixed = (n: number | undefined, digits = 0) =>
  n === undefined || Number.isNaN(n) ? '–' : n.toFixed(digits);
export { fixed };

export function stepLine(step: Step): string {
  const errors = [...step.errors].map(([key, n]) => `${key} ×${n}`).join('; ') || '0';
  const rate = perSecond(step);
  return `| ${step.concurrency} | ${fixed(rate, 1)} | ${fixed(percentile(step.times, 0.5))} | ${fixed(percentile(step.times, 0.99))} | ${errors} | ${fixed(step.cpu, 2)} | ${fixed(rate / step.cpu, 1)} | ${fixed(step.databaseCpu, 2)} | ${fixed(step.coreZeroBusy, 2)} | ${fixed(step.memory?.rssMiB)} |`;
}
export const STEP_HEADER =
  '| concurrency | per second | p50 ms | p99 ms | errors | instance CPU (cores) | per fully used vCPU | its database sessions (cores) | core 0 busy (all processes) | RSS MiB mid-step |\n|---|---|---|---|---|---|---|---|---|---|';

/** The best step without errors: the most per second. */
export function sustained(steps: Step[]): Step | undefined {
  return steps
    .filter((step) => step.errors.size === 0 && step.times.length > 0)
    .sort((a, b) => perSecond(b) - perSecond(a))[0];
}
