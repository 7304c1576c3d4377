import { copyFile, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '@pp/testing';
import { endAtExit, giveToPostgres, runAsPostgres, runAsPostgresNow } from './processes.ts';

const BIN = process.env['PG_BIN'] ?? '/usr/lib/postgresql/15/bin';

export interface PostgresServer {
  url: string;
  /** `pg_ctl restart`; resolves with the milliseconds until it accepted connections again. */
  restart(mode: 'fast' | 'immediate'): Promise<number>;
  stop(): Promise<void>;
}

/**
 * A PostgreSQL server of the suite's own in a temporary folder (trust authentication, loopback
 * only, a free port), so restarting it disturbs nobody else's database. Its log is copied to
 * `logFolder` when it stops.
 */
export async function startPostgres(logFolder: string): Promise<PostgresServer> {
  // Its own folder straight under the temporary one: the postgres user must reach it.
  const folder = await mkdtemp(path.join(os.tmpdir(), 'pp-faults-pg-'));
  await giveToPostgres(folder);
  const data = path.join(folder, 'data');
  const port = await freePort();
  await runAsPostgres(`${BIN}/initdb`, [
    ...['-D', data, '-A', 'trust', '-U', 'postgres', '-E', 'UTF8', '--locale=C', '--no-sync'],
  ]);
  const options = `-p ${port} -k ${folder} -c listen_addresses=127.0.0.1 -c max_connections=60`;
  const pgCtl = (args: string[]) =>
    runAsPostgres(`${BIN}/pg_ctl`, ['-D', data, '-l', path.join(folder, 'server.log'), ...args]);
  await pgCtl(['start', '-w', '-o', options]);
  const forget = endAtExit(() =>
    runAsPostgresNow(`${BIN}/pg_ctl`, ['-D', data, 'stop', '-m', 'immediate']),
  );
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    async restart(mode) {
      const started = Date.now();
      await pgCtl(['restart', '-w', '-m', mode, '-o', options]);
      return Date.now() - started;
    },
    async stop() {
      forget();
      await pgCtl(['stop', '-m', 'fast', '-w']).catch(() => undefined);
      await copyFile(path.join(folder, 'server.log'), path.join(logFolder, 'postgres.log'));
      await rm(folder, { recursive: true, force: true });
    },
  };
}
