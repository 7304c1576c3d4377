#!/usr/bin/env node
// `npm test`: every test, in the order that fails fastest, with the time of each step. The static
// checks run side by side (lint, formatting and type checks are each one process on one core; on
// CI's two cores they take the time of the longest instead of the sum), the test suites one after
// another (each uses every core). Ends with the scan of every log the tests wrote (issue 14) and
// a table of where the time went: the wall-clock time and, on Linux, the CPU time of each step,
// which a loaded machine changes far less than the wall-clock time.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';

/**
 * The CPU seconds of this process's children that ended so far (Linux: /proc/self/stat's cutime
 * and cstime, in clock ticks of 1/100 s); undefined elsewhere.
 */
function childrenCpuSeconds() {
  try {
    const stat = readFileSync('/proc/self/stat', 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[13]) + Number(fields[14])) / 100;
  } catch {
    return undefined;
  }
}

/**
 * One command, named `script` in the table; with `quiet` its output is kept and printed when it
 * ends, so that lanes running side by side do not mix their lines.
 */
function run(script, command, args, { quiet = false } = {}) {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: quiet ? ['ignore', 'pipe', 'pipe'] : 'inherit' });
    const output = [];
    child.stdout?.on('data', (chunk) => output.push(chunk));
    child.stderr?.on('data', (chunk) => output.push(chunk));
    child.on('close', (code) => {
      if (quiet) process.stdout.write(Buffer.concat(output));
      resolve({ script, code: code ?? 1, seconds: (Date.now() - started) / 1000 });
    });
  });
}

/** An npm script of package.json, as `npm run` runs it. */
const npmRun = (script, options) => run(script, 'npm', ['run', script], options);

const results = [];
const start = Date.now();
const clock = () => {
  const seconds = Math.round((Date.now() - start) / 1000);
  return `${Math.floor(seconds / 60)} min ${String(seconds % 60).padStart(2, '0')} s`;
};

/** CPU seconds of each step (the static checks as one), for the table. */
const cpu = new Map();
async function measured(label, work) {
  const before = childrenCpuSeconds();
  const result = await work();
  const after = childrenCpuSeconds();
  if (before !== undefined && after !== undefined) cpu.set(label, after - before);
  return result;
}

function summary() {
  console.log(`\n== npm test: where the time went (${clock()} in all)`);
  for (const { script, code, seconds } of results) {
    const status = code === 0 ? 'passed' : `failed (${code})`;
    console.log(`  ${script.padEnd(14)} ${seconds.toFixed(0).padStart(5)} s  ${status}`);
  }
  if (cpu.size === 0) return;
  console.log('  CPU time (both cores together):');
  for (const [label, seconds] of cpu) {
    console.log(`  ${label.padEnd(14)} ${seconds.toFixed(0).padStart(5)} s`);
  }
}

function stopOnFailure() {
  if (results.every((result) => result.code === 0)) return;
  summary();
  process.exit(1);
}

// Only this run's logs count.
results.push(await run('clear logs', 'node', ['scripts/scan-test-logs.mjs', '--clear']));
stopOnFailure();

console.log(`\n== static checks, side by side: lint | format:check, typecheck (${clock()})`);
const lanes = await measured('static checks', () =>
  Promise.all([
    npmRun('lint', { quiet: true }),
    (async () => {
      const format = await npmRun('format:check', { quiet: true });
      return [format, await npmRun('typecheck', { quiet: true })];
    })(),
  ]),
);
results.push(...lanes.flat());
stopOnFailure();

for (const script of ['test:unit', 'test:size', 'test:api', 'test:e2e', 'test:logs']) {
  console.log(`\n== ${script} (${clock()})`);
  results.push(await measured(script, () => npmRun(script)));
  stopOnFailure();
}
summary();
