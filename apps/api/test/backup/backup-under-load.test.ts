import { spawn } from 'node:child_process';
import { statSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runRestore } from '../../src/cli/db-restore.ts';
import { openDatabase, type Database, type Db } from '../../src/db/client.ts';
import { migrateDatabase } from '../../src/db/migrate.ts';
import { companies, customers, memberships } from '../../src/db/schema.ts';
import { createEmptyDatabase, isServerRun, type TestDatabase } from '../support/database.ts';
import { createPractice } from '../support/factories.ts';

// Done when of issue 45: a backup taken under write load restores into a fresh data folder and
// into the PostgreSQL server with every acknowledged write. The writers are the process that has
// the folder open (as the portal is); `npm run db:backup` is a process of its own, as an operator
// runs it, and reaches them through the folder's backup socket.

const REPO_ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
const BACKUP_CLI = fileURLToPath(new URL('../../src/cli/db-backup.ts', import.meta.url));
const WRITERS = 4;

/** A practice written in one transaction: the practice, its superadmin and the membership. */
interface Ack {
  companyId: string;
  customerId: string;
}

/** Runs `npm run db:backup` as its own process; resolves with what it printed. */
function backupCommand(dataDir: string, output: string): Promise<string> {
  const child = spawn(process.execPath, ['--import', 'tsx', BACKUP_CLI, '--output', output], {
    cwd: REPO_ROOT,
    env: { PATH: process.env['PATH'], HOME: process.env['HOME'], DATA_DIR: dataDir },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let printed = '';
  child.stdout.on('data', (chunk: Buffer) => (printed += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (printed += chunk.toString()));
  return new Promise((resolve, reject) =>
    child.once('exit', (code) =>
      code === 0
        ? resolve(printed)
        : reject(new Error(`db:backup ended with ${code}:\n${printed}`)),
    ),
  );
}

/** Every acknowledged practice is there whole, and no row refers to one that is not. */
async function expectRestored(db: Db, acked: readonly Ack[]) {
  const companyIds = new Set(
    (await db.select({ id: companies.id }).from(companies)).map((r) => r.id),
  );
  const customerIds = new Set(
    (await db.select({ id: customers.id }).from(customers)).map((r) => r.id),
  );
  const links = await db
    .select({ companyId: memberships.companyId, customerId: memberships.customerId })
    .from(memberships);
  const linked = new Set(links.map((link) => `${link.companyId}:${link.customerId}`));
  const missing = acked.filter(
    (ack) =>
      !companyIds.has(ack.companyId) ||
      !customerIds.has(ack.customerId) ||
      !linked.has(`${ack.companyId}:${ack.customerId}`),
  );
  expect(missing).toEqual([]);
  // A practice is there with its superadmin's membership, or not at all.
  const withMembers = new Set(links.map((link) => link.companyId));
  expect([...companyIds].filter((id) => !withMembers.has(id))).toEqual([]);
  expect(
    links.filter((link) => !companyIds.has(link.companyId) || !customerIds.has(link.customerId)),
  ).toEqual([]);
  return companyIds.size;
}

describe('a backup of the embedded database taken under write load', () => {
  const folders: string[] = [];
  let source: Database;
  let backupFile = '';
  const acks: Ack[] = [];
  let ackedBefore: Ack[] = [];
  let acksAfterBackup = 0;
  let failures: unknown[] = [];

  const folder = async (prefix: string) => {
    const made = await mkdtemp(path.join(os.tmpdir(), prefix));
    folders.push(made);
    return made;
  };

  beforeAll(async () => {
    const dataDir = path.join(await folder('pp-backup-source-'), 'data');
    source = await openDatabase({ kind: 'embedded', dataDir });
    await migrateDatabase(source);
    backupFile = path.join(await folder('pp-backup-file-'), 'backup.sql');

    let writing = true;
    const writer = async () => {
      while (writing) {
        // Each write its own turn of the event loop, as requests arriving on the portal's port:
        // a loop of transactions alone would run in promise callbacks and starve the timers.
        await new Promise((resolve) => setImmediate(resolve));
        try {
          const practice = await createPractice(source.db);
          acks.push({ companyId: practice.id, customerId: practice.superadminId });
        } catch (error) {
          failures.push(error);
          return;
        }
      }
    };
    const writers = Array.from({ length: WRITERS }, writer);
    while (acks.length < 40 && failures.length === 0) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    ackedBefore = [...acks];
    const printed = await backupCommand(dataDir, backupFile);
    expect(printed).toMatch(/taken by the running portal/);
    const atBackupEnd = acks.length;
    while (acks.length < atBackupEnd + 20 && failures.length === 0) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    writing = false;
    await Promise.all(writers);
    acksAfterBackup = acks.length - atBackupEnd;
    failures = [...failures];
  }, 120_000);

  afterAll(async () => {
    await source?.close();
    await Promise.all(folders.map((made) => rm(made, { recursive: true, force: true })));
  });

  it('did not stop the writes: none failed, and they went on after it', () => {
    expect(failures).toEqual([]);
    expect(acksAfterBackup).toBeGreaterThanOrEqual(20);
  });

  it('leaves the folder itself, emptied, when a restore fails, and reports the restore error', async () => {
    // The folder may be a volume's mount point, not ours to remove (outside probe of issue 45).
    const target = path.join(await folder('pp-backup-failed-'), 'data');
    await mkdir(target);
    const broken = path.join(path.dirname(target), 'broken.sql');
    await writeFile(broken, 'create table kept (id int);\nthis is not sql;\n');
    const before = statSync(target).ino;
    await expect(runRestore([broken], { DATA_DIR: target }, () => undefined)).rejects.toThrow(
      /syntax error/,
    );
    expect(statSync(target).ino).toBe(before);
    expect(await readdir(target)).toEqual([]);
  });

  it('restores into a fresh data folder with every write acknowledged before it', async () => {
    const restored = path.join(await folder('pp-backup-restored-'), 'data');
    const printed: string[] = [];
    const code = await runRestore([backupFile], { DATA_DIR: restored }, (line) =>
      printed.push(line),
    );
    expect(code, printed.join('\n')).toBe(0);
    const database = await openDatabase({ kind: 'embedded', dataDir: restored });
    try {
      // Migrated as the source was: the portal starts on it without a migration.
      await migrateDatabase(database);
      const count = await expectRestored(database.db, ackedBefore);
      expect(count).toBeGreaterThanOrEqual(ackedBefore.length);
      expect(count).toBeLessThan(acks.length);
    } finally {
      await database.close();
    }
  }, 60_000);

  describe.runIf(isServerRun())('into a new database on the PostgreSQL server', () => {
    const databases: TestDatabase[] = [];
    afterAll(() => Promise.all(databases.map((made) => made.drop())));

    it('with npm run db:restore', async () => {
      const target = await createEmptyDatabase();
      databases.push(target);
      const printed: string[] = [];
      const code = await runRestore([backupFile], { DATABASE_URL: target.url }, (line) =>
        printed.push(line),
      );
      expect(code, printed.join('\n')).toBe(0);
      await migrateDatabase(target.database);
      expect(await expectRestored(target.database.db, ackedBefore)).toBeGreaterThanOrEqual(
        ackedBefore.length,
      );
    });

    it('with psql, in one transaction that stops at the first error', async () => {
      const target = await createEmptyDatabase();
      databases.push(target);
      const psql = spawn(
        'psql',
        ['-X', '-q', '-v', 'ON_ERROR_STOP=1', '--single-transaction', '-d', target.url!],
        { stdio: ['pipe', 'ignore', 'pipe'] },
      );
      // Errors and warnings (a setting the server does not know, say) go to stderr.
      let warned = '';
      psql.stderr.on('data', (chunk: Buffer) => (warned += chunk.toString()));
      psql.stdin.end(await readFile(backupFile));
      const code = await new Promise((resolve) => psql.once('exit', resolve));
      expect({ code, warned }).toEqual({ code: 0, warned: '' });
      await migrateDatabase(target.database);
      expect(await expectRestored(target.database.db, ackedBefore)).toBeGreaterThanOrEqual(
        ackedBefore.length,
      );
    });
  });
});
