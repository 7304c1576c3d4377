import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { freePort } from '@pp/testing';
import { openDatabase } from '../../apps/api/src/db/client.ts';
import { startTestIssuer } from '../../apps/api/test/support/issuer.ts';
import { apiInstance, type ApiInstance } from './api-instance.ts';
import { createLoadFixtures } from './fixtures.ts';
import { Answers } from './http-client.ts';
import { Ledger } from './ledger.ts';
import { startLoad } from './load.ts';
import { startNginx } from './nginx-proxy.ts';
import { startPostgres } from './postgres-server.ts';
import { clusterSettings } from './server-scenario.ts';
import { sleep } from './processes.ts';
import type { ScenarioReport } from './report.ts';
import { stoppableSink } from './smtp-sink.ts';
import { verifyWrites } from './verify-writes.ts';

// The upgrade test (issue 45; docs/operations.md, "Upgrades without downtime"): the previous
// version's api (`UPGRADE_FROM`, default the commit before HEAD) runs as two instances behind
// nginx on a PostgreSQL server under load; the new version (HEAD, with two migrations of the
// kinds a release must be able to make — a column with a default, and the first step of a
// column's rename — in `upgrade-migrations/`) replaces them one by one, as a rolling update
// does: it migrates the database while the previous version serves. Targets: no request fails
// (no answer ≥ 500, none unanswered), no acknowledged write is lost, and the renamed column's
// two names agree on every row the two versions wrote.

const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));
const MIGRATIONS = 'apps/api/src/db/migrations';
const CLIENTS = 6;
const STEADY_MS = 3_000;

const git = (args: string[], cwd = REPO_ROOT) =>
  execFileSync('git', args, { cwd, encoding: 'utf8' }).trim();

/**
 * A checkout of `ref` in `folder` with the repository's installed packages: copied as hard links
 * when both lock files agree (seconds), else installed.
 */
function checkout(ref: string, folder: string): void {
  git(['worktree', 'add', '--force', '--detach', folder, ref]);
  const sameLock =
    readFileSync(path.join(folder, 'package-lock.json'), 'utf8') ===
    readFileSync(path.join(REPO_ROOT, 'package-lock.json'), 'utf8');
  if (!sameLock) {
    execFileSync('npm', ['ci', '--no-audit', '--no-fund', '--ignore-scripts'], {
      cwd: folder,
      stdio: 'inherit',
    });
    return;
  }
  // The workspaces' own node_modules too; their links to each other are relative, so they
  // point into the copy.
  const folders = [
    '.',
    ...['apps', 'packages'].flatMap((d) =>
      readdirSync(path.join(REPO_ROOT, d)).map((name) => `${d}/${name}`),
    ),
  ];
  for (const relative of folders) {
    const modules = path.join(REPO_ROOT, relative, 'node_modules');
    if (existsSync(modules) && existsSync(path.join(folder, relative))) {
      execFileSync('cp', ['-al', modules, path.join(folder, relative, 'node_modules')]);
    }
  }
}

/** Adds the test's migrations to a checkout's, after its last one, as `db:generate` would. */
function addMigrations(folder: string): string[] {
  const journalFile = path.join(folder, MIGRATIONS, 'meta/_journal.json');
  const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as {
    entries: { idx: number; version: string; when: number; tag: string; breakpoints: boolean }[];
  };
  const source = fileURLToPath(new URL('./upgrade-migrations/', import.meta.url));
  const tags: string[] = [];
  for (const file of ['add-column-with-default.sql', 'rename-column-expand.sql']) {
    const last = journal.entries.at(-1)!;
    const idx = last.idx + 1;
    const tag = `${String(idx).padStart(4, '0')}_upgrade-check-${file.replace(/\.sql$/, '')}`;
    cpSync(path.join(source, file), path.join(folder, MIGRATIONS, `${tag}.sql`));
    journal.entries.push({
      idx,
      version: last.version,
      when: last.when + 1,
      tag,
      breakpoints: true,
    });
    tags.push(tag);
  }
  writeFileSync(journalFile, JSON.stringify(journal, null, 2));
  return tags;
}

/** Resolves once `/health/ready` on the instance's management port answers 200 (60 s at most). */
async function untilReady(name: string, managementPort: number): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    const status = await fetch(`http://127.0.0.1:${managementPort}/health/ready`, {
      signal: AbortSignal.timeout(2000),
    }).then(
      (answer) => answer.status,
      () => 0,
    );
    if (status === 200) return;
    await sleep(200);
  }
  throw new Error(`${name}: /health/ready did not answer 200 within 60 s`);
}

/** The rolling update of the previous version to the new one, under load. */
export async function runUpgradeScenario(folder: string): Promise<ScenarioReport> {
  mkdirSync(folder, { recursive: true });
  const from = process.env['UPGRADE_FROM'] ?? 'HEAD~1';
  const previousTree = path.join(folder, 'previous');
  const newTree = path.join(folder, 'new');
  checkout(from, previousTree);
  checkout('HEAD', newTree);
  const added = addMigrations(newTree);
  const extra = [
    `from ${git(['rev-parse', '--short', from])} to ${git(['rev-parse', '--short', 'HEAD'])} with ${added.join(', ')}`,
  ];

  const postgres = await startPostgres(folder);
  const issuer = await startTestIssuer();
  const sink = stoppableSink(await freePort());
  await sink.start();
  const ports = [await freePort(), await freePort(), await freePort(), await freePort()];
  const proxyPort = await freePort();
  const env = clusterSettings(postgres, issuer, sink, proxyPort);
  // Each instance's management port, known here: a new one counts once `/health/ready` says so.
  const managementPorts = new Map<string, number>();
  const instance = async (name: string, port: number, root: string) => {
    const managementPort = await freePort();
    managementPorts.set(name, managementPort);
    const settings = { ...env, MANAGEMENT_PORT: String(managementPort) };
    return apiInstance(name, port, settings, path.join(folder, `api-${name}.log`), root);
  };
  const old1 = await instance('previous-1', ports[0]!, previousTree);
  const old2 = await instance('previous-2', ports[1]!, previousTree);
  const new1 = await instance('new-1', ports[2]!, newTree);
  const new2 = await instance('new-2', ports[3]!, newTree);
  const database = await openDatabase({ kind: 'server', url: postgres.url, poolSize: 2 });
  const running = new Set<ApiInstance>();
  const stops: (() => Promise<unknown>)[] = [
    () => postgres.stop(),
    () => issuer.close(),
    () => sink.stop(),
    () => database.close(),
  ];
  try {
    await old1.start();
    await old2.start();
    running.add(old1).add(old2);
    // nginx knows all four places (a reload would close the clients' kept-alive connections):
    // one with nothing listening refuses at once and the request goes to the next.
    const nginx = await startNginx(path.join(folder, 'nginx'), proxyPort, ports);
    stops.unshift(() => nginx.stop());

    const fixtures = await createLoadFixtures(database.db, issuer, CLIENTS);
    const ledger = new Ledger();
    const answers = new Answers();
    const proxyUrl = `http://127.0.0.1:${proxyPort}`;
    const load = startLoad({
      baseUrl: () => proxyUrl,
      fixtures,
      ledger,
      answers,
      pauseMs: 20,
      inviteEveryMs: 0,
      invitations: 0,
    });
    const problems: string[] = [];
    const step = async (what: string, work: () => Promise<unknown>) => {
      const started = Date.now();
      await work();
      extra.push(`${what}: ${((Date.now() - started) / 1000).toFixed(1)} s`);
      await sleep(STEADY_MS);
    };
    await sleep(STEADY_MS);
    // The rolling update: a new instance up (it migrates while the previous ones serve) and
    // ready on its management port, as a readiness probe sees it, then a previous one stopped,
    // twice (docs/operations.md, "Upgrades without downtime").
    const start = async (server: ApiInstance) => {
      await server.start();
      await untilReady(server.name, managementPorts.get(server.name)!);
      running.add(server);
    };
    // SIGTERM: the instance drains (docs/operations.md, "Stopping an instance").
    const stop = async (old: ApiInstance) => {
      running.delete(old);
      const { code } = await old.terminate();
      if (code !== 0) problems.push(`${old.name} ended with ${code} on SIGTERM`);
    };
    await step('new-1 started and migrated', () => start(new1));
    await step('previous-1 stopped', () => stop(old1));
    await step('new-2 started', () => start(new2));
    await step('previous-2 stopped', () => stop(old2));
    await load.stop();

    const writes = await verifyWrites(database.db, ledger, fixtures);
    const result = await database.db.execute(sql`
      select count(*)::int as rows,
             count(*) filter (where phone is distinct from telephone)::int as differ,
             count(*) filter (where upgrade_check_note <> 'none')::int as noted
      from customers`);
    const [row] = (result as unknown as { rows: { rows: number; differ: number; noted: number }[] })
      .rows;
    extra.push(`customers: ${row!.rows}, phone and telephone differ on ${row!.differ}`);
    if (row!.differ > 0) problems.push(`phone and telephone differ on ${row!.differ} customers`);
    if (row!.noted > 0) problems.push(`the new column lost its default on ${row!.noted} rows`);
    for (const server of [new1, new2]) {
      if (!server.running()) problems.push(`${server.name} is not running at the end`);
    }
    // Any answer ≥ 500 fails a rolling update, a 503 too: one instance was always ready.
    const failed = answers.failures.length;
    if (failed > 0) {
      problems.push(
        `${failed} requests failed during the upgrade, e.g. ${JSON.stringify(answers.failures.slice(0, 5))}`,
      );
    }
    return {
      title: 'Rolling upgrade: the previous version and the new one on one PostgreSQL server',
      answers,
      writes,
      faults: [],
      extra,
      problems,
    };
  } finally {
    for (const server of [old1, old2, new1, new2]) {
      if (server.running()) await server.terminate().catch(() => undefined);
    }
    for (const stop of stops) await stop().catch(() => undefined);
    for (const tree of [previousTree, newTree]) {
      try {
        git(['worktree', 'remove', '--force', tree]);
      } catch {
        // already gone
      }
    }
  }
}
