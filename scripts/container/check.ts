// CI's check of the portal's image (issue 45; docs/operations.md, "Container image"): builds it
// with buildah (no container engine needed), starts it, and checks from outside what an operator
// relies on — `Lifetime/IsAlive` answers on the portal's port, `/health/ready` and `/metrics`
// on the management port, a demo person signs in through the embedded provider's real page in
// Chromium, the process runs as the user `node`, and nothing is written outside the data volume
// and /tmp (so the root filesystem may be read-only). Prints the image's size.
//
//   npm run container:check   (BASE_IMAGE: the Node image to build on; unset, a stand-in is
//                              built from Debian's packages by scripts/container/base.sh, as
//                              these machines cannot pull public images)
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, lstatSync } from 'node:fs';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { DEMO_PASSWORD, DEMO_USERS } from '@pp/demo-data';
import { CHROMIUM, CHROMIUM_FLAGS } from '../../e2e/support/chromium.ts';
import { freePort } from '../../e2e/support/free-port.ts';
import { REPO_ROOT } from '../../e2e/support/paths.ts';

const IMAGE = 'localhost/practice-portal:ci';
const CA_BUNDLE = '/etc/ssl/certs/ca-certificates.crt';

const run = (command: string, args: string[]) =>
  execFileSync(command, args, {
    cwd: REPO_ROOT,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
  }).trim();

function step(text: string) {
  console.log(`\n== ${text} (${Math.round(process.uptime())} s)`);
}

async function waitFor(url: string, seconds: number): Promise<Response> {
  const until = Date.now() + seconds * 1000;
  for (;;) {
    try {
      const response = await fetch(url);
      if (response.ok) return response;
    } catch {
      // not listening yet
    }
    if (Date.now() > until) throw new Error(`${url} did not answer 200 within ${seconds} s`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

function expect(condition: unknown, message: string): asserts condition {
  if (!condition) throw new Error(message);
}

/** Files of the container's root changed since `since`, outside the data volume and /tmp. */
function writtenOutside(root: string, since: number): string[] {
  const skip = new Set(['/data', '/tmp', '/proc', '/sys', '/dev', '/run']);
  const found: string[] = [];
  const walk = (dir: string, rel: string) => {
    for (const name of readdirSync(dir)) {
      const inside = `${rel}/${name}`;
      if (skip.has(inside)) continue;
      const stat = lstatSync(path.join(dir, name), { throwIfNoEntry: false });
      if (!stat) continue;
      if (stat.mtimeMs > since || stat.ctimeMs > since) found.push(inside);
      if (stat.isDirectory()) walk(path.join(dir, name), inside);
    }
  };
  walk(root, '');
  return found;
}

/**
 * The container's portal process: buildah run passes no signal on, so the check signals it as a
 * container engine's stop would. Found by its settings (`PORT=<port>` in its environment).
 */
function portalProcesses(port: number): number[] {
  const found: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      // By its command, not its name: Node 24 names its main thread `MainThread`.
      const command = readFileSync(`/proc/${entry}/cmdline`, 'utf8').split('\0')[0] ?? '';
      if (path.basename(command) !== 'node') continue;
      const environ = readFileSync(`/proc/${entry}/environ`, 'utf8').split('\0');
      if (environ.includes(`PORT=${port}`)) found.push(Number(entry));
    } catch {
      // gone meanwhile, or not ours to read
    }
  }
  return found;
}

async function main() {
  step('building the image');
  let base = process.env['BASE_IMAGE'];
  if (!base) {
    base = 'localhost/node-base:24';
    const known = run('buildah', [
      'images',
      '--quiet',
      '--noheading',
      '--filter',
      `reference=${base}`,
    ]);
    if (!known) run('bash', ['scripts/container/base.sh', base]);
  }
  // A proxy that re-signs TLS (as on these machines) needs its authority for the build's npm.
  const proxyCa = existsSync(CA_BUNDLE)
    ? [
        '--volume',
        `${CA_BUNDLE}:/run/build-ca.crt:ro`,
        '--build-arg',
        'NODE_EXTRA_CA_CERTS=/run/build-ca.crt',
      ]
    : [];
  run('buildah', [
    'bud',
    '--quiet',
    '--isolation',
    'chroot',
    '--format',
    'docker',
    '--layers=false',
    '--build-arg',
    `BASE_IMAGE=${base}`,
    ...proxyCa,
    '-t',
    IMAGE,
    '-f',
    'Containerfile',
    '.',
  ]);
  console.log(`image ${IMAGE}: ${run('buildah', ['images', '--format', '{{.Size}}', IMAGE])}`);

  step('starting it');
  const [port, idpPort, managementPort] = [await freePort(), await freePort(), await freePort()];
  const portal = `http://localhost:${port}`;
  const container = run('buildah', ['from', '--quiet', IMAGE]);
  const root = run('buildah', ['mount', container]);
  // A second ago: file times have a second's resolution on some filesystems.
  const started = Date.now() - 1000;
  const child = spawn(
    'buildah',
    [
      'run',
      '--isolation',
      'chroot',
      // Demo data and the development mailbox need development mode at a loopback address.
      '--env',
      'NODE_ENV=development',
      '--env',
      `PUBLIC_URL=${portal}`,
      '--env',
      `PORT=${port}`,
      '--env',
      `IDP_PORT=${idpPort}`,
      '--env',
      `MANAGEMENT_PORT=${managementPort}`,
      container,
      '--',
      'node',
      '--import',
      'tsx',
      'apps/api/src/main.ts',
    ],
    { stdio: ['ignore', 'inherit', 'inherit'] },
  );
  let hung = false;
  try {
    const alive = await waitFor(`${portal}/api/v1/Lifetime/IsAlive`, 90);
    console.log(`IsAlive: ${alive.status} ${await alive.text()}`);

    step('management port');
    const ready = await waitFor(`http://127.0.0.1:${managementPort}/health/ready`, 30);
    console.log(`/health/ready: ${ready.status} ${(await ready.text()).slice(0, 200)}`);
    const metrics = await (await waitFor(`http://127.0.0.1:${managementPort}/metrics`, 10)).text();
    expect(metrics.includes('# TYPE'), '/metrics is not in the Prometheus text format');
    console.log(
      `/metrics: ${metrics.split('\n').filter((line) => line.startsWith('# TYPE')).length} metrics`,
    );
    const hidden = await fetch(`${portal}/metrics`);
    expect(hidden.status === 404, `the public port answers /metrics with ${hidden.status}`);

    step('a demo person signs in through it');
    const user = DEMO_USERS[0]!;
    const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_FLAGS });
    try {
      const page = await browser.newPage();
      await page.goto(`${portal}/dashboard`);
      await page.locator('input[autocomplete="username"]').fill(user.email);
      await page.locator('input[autocomplete="current-password"]').fill(DEMO_PASSWORD);
      await page.getByRole('button', { name: /^(Anmelden|Sign in)$/ }).click();
      await page.waitForURL(`${portal}/dashboard`, { timeout: 60_000 });
      await page
        .getByRole('button', { name: /^(Benutzermenü|User menu)$/ })
        .waitFor({ timeout: 60_000 });
      console.log(`${user.email} signed in and sees the dashboard`);
    } finally {
      await browser.close();
    }

    step('runs as node, writes only to /data and /tmp');
    const who = run('buildah', ['run', '--isolation', 'chroot', container, '--', 'id', '-un']);
    expect(who === 'node', `the image runs as ${who}, not node`);
    const outside = writtenOutside(root, started);
    expect(
      outside.length === 0,
      `written outside /data and /tmp: ${outside.slice(0, 10).join(', ')}`,
    );
    console.log(`user ${who}; nothing written outside /data and /tmp`);
  } finally {
    const exited = new Promise((resolve) => child.once('exit', resolve));
    // The portal's own process, as a container engine's stop signals it: it drains and exits.
    const portals = portalProcesses(port);
    for (const pid of portals) process.kill(pid, 'SIGTERM');
    // The portal's shutdown takes seconds (docs/operations.md, "Stopping an instance").
    const stopped = await Promise.race([
      exited.then(() => true),
      new Promise<false>((resolve) => setTimeout(() => resolve(false), 60_000)),
    ]);
    if (!stopped) {
      child.kill('SIGKILL');
      for (const pid of portals) process.kill(pid, 'SIGKILL');
      hung = true;
    }
    run('buildah', ['umount', container]);
    run('buildah', ['rm', container]);
  }
  if (hung) throw new Error('the container did not stop within 60 s of SIGTERM');
  step('the image passed');
}

await main();
