import { mkdir, mkdtemp, readdir, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  serveBackups,
  type BackupServer,
} from '../../../../packages/database/src/backup/socket.ts';
import { runBackup } from '../../src/cli/db-backup.ts';

// Where `npm run db:backup` writes, and what it refuses (outside probe of issue 45): an existing
// file without --force, any path inside DATA_DIR, a folder; no `.partial` is left on a failure;
// relative paths mean the folder `npm start` runs in. The portal here is this process, answering
// on the folder's backup socket as the portal does.

const DUMP = 'create table kept (id int);\n';

describe('npm run db:backup --output', () => {
  let root = '';
  let dataDir = '';
  let out = '';
  let server: BackupServer | undefined;
  /** Runs during each dump, as the portal takes it. */
  let duringDump: () => Promise<void> = async () => undefined;

  beforeAll(async () => {
    root = await mkdtemp(path.join(os.tmpdir(), 'pp-backup-out-'));
    dataDir = path.join(root, 'data');
    await mkdir(dataDir);
    await writeFile(path.join(dataDir, 'postgresql.conf'), '# the database setting\n');
    server = await serveBackups(dataDir, async () => {
      await duringDump();
      return DUMP;
    });
    expect(server).toBeDefined();
  });

  afterEach(async () => {
    duringDump = async () => undefined;
    if (out) await rm(out, { recursive: true, force: true });
  });

  afterAll(async () => {
    await server?.close();
    await rm(root, { recursive: true, force: true });
  });

  async function outFolder() {
    out = await mkdtemp(path.join(root, 'out-'));
    return out;
  }

  async function backup(args: string[], env: NodeJS.ProcessEnv = { DATA_DIR: dataDir }) {
    const printed: string[] = [];
    const code = await runBackup(args, env, (line) => printed.push(line));
    return { code, printed: printed.join('\n') };
  }

  const partials = async (folder: string) =>
    (await readdir(folder)).filter((name) => name.includes('.partial'));

  it('refuses an existing file without --force, and leaves it as it was', async () => {
    const file = path.join(await outFolder(), 'kept.sql');
    await writeFile(file, 'mine\n');
    const { code, printed } = await backup(['--output', file]);
    expect(code).toBe(2);
    expect(printed).toContain(file);
    expect(printed).toMatch(/--force/);
    expect(await readFile(file, 'utf8')).toBe('mine\n');
    expect(await partials(out)).toEqual([]);
  });

  it('replaces an existing file with --force', async () => {
    const file = path.join(await outFolder(), 'kept.sql');
    await writeFile(file, 'mine\n');
    const { code, printed } = await backup(['--output', file, '--force']);
    expect(code, printed).toBe(0);
    expect(await readFile(file, 'utf8')).toContain(DUMP);
    expect(await partials(out)).toEqual([]);
  });

  it('refuses any path inside DATA_DIR, even with --force', async () => {
    const conf = path.join(dataDir, 'postgresql.conf');
    const link = path.join(root, 'link-to-data');
    await symlink(dataDir, link);
    try {
      for (const file of [conf, path.join(dataDir, 'new.sql'), path.join(link, 'new.sql')]) {
        const { code, printed } = await backup(['--output', file, '--force']);
        expect(code, file).toBe(2);
        expect(printed).toMatch(/inside DATA_DIR/);
      }
    } finally {
      await rm(link);
    }
    expect(await readFile(conf, 'utf8')).toBe('# the database setting\n');
    expect((await readdir(dataDir)).sort()).toEqual(['backup.sock', 'postgresql.conf']);
  });

  it('refuses a folder up front, with a plain message, and leaves no .partial', async () => {
    const folder = path.join(await outFolder(), 'backups');
    await mkdir(folder);
    for (const force of [[], ['--force']]) {
      const { code, printed } = await backup(['--output', folder, ...force]);
      expect(code).toBe(2);
      expect(printed).toContain(`${folder} is a folder`);
      expect(printed).not.toMatch(/EISDIR/);
    }
    expect(await partials(out)).toEqual([]);
    expect(await readdir(folder)).toEqual([]);
  });

  it('leaves no .partial when the file cannot be put in place', async () => {
    const file = path.join(await outFolder(), 'late.sql');
    // Appears while the backup is taken: a folder, then a file of someone else's.
    duringDump = async () => {
      await mkdir(path.join(file, 'inner'), { recursive: true });
    };
    const asFolder = await backup(['--output', file, '--force']).catch((error: Error) => ({
      code: 1,
      printed: error.message,
    }));
    expect(asFolder.code).not.toBe(0);
    expect(await partials(out)).toEqual([]);
    await rm(file, { recursive: true });

    duringDump = () => writeFile(file, 'theirs\n');
    const asFile = await backup(['--output', file]);
    expect(asFile.code).toBe(2);
    expect(asFile.printed).toMatch(/--force/);
    expect(await readFile(file, 'utf8')).toBe('theirs\n');
    expect(await partials(out)).toEqual([]);
  });

  it('reads relative paths from the folder `npm start` runs in, and names them absolute', async () => {
    // `npm run` starts the command in the repository's folder (process.cwd(), as for npm start)
    // and names the shell's folder in INIT_CWD: one DATA_DIR is one folder for both.
    const folder = await outFolder();
    const elsewhere = path.join(folder, 'shell', 'folder');
    await mkdir(elsewhere, { recursive: true });
    const relativeData = path.relative(process.cwd(), dataDir);
    const relativeFile = path.relative(process.cwd(), path.join(folder, 'relative.sql'));
    const { code, printed } = await backup(['--output', relativeFile], {
      DATA_DIR: relativeData,
      INIT_CWD: elsewhere,
    });
    expect(code, printed).toBe(0);
    expect(await readFile(path.join(folder, 'relative.sql'), 'utf8')).toContain(DUMP);
    expect(printed).toContain(`Backed up ${dataDir} `);
    expect(printed).toContain(` to ${path.join(folder, 'relative.sql')}:`);
  });
});
