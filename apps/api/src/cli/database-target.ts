import path from 'node:path';
import { z } from 'zod';
import { ConfigError } from '../config.ts';
import { databaseOf, databaseSettings, type DatabaseConfig } from '../config/database.ts';
import { shapeOf } from '../config/setting.ts';

export type DatabaseTarget = DatabaseConfig['database'];

const DatabaseEnvSchema = z.object(shapeOf(databaseSettings));

/**
 * The database the portal would open with these settings (`DATABASE_URL`, else `DATA_DIR`),
 * read without the portal's other settings: the database commands need only these two.
 */
export function databaseTargetOf(source: NodeJS.ProcessEnv): DatabaseTarget {
  const set = Object.fromEntries(
    Object.entries(source).filter((entry): entry is [string, string] => !!entry[1]?.trim()),
  );
  const parsed = DatabaseEnvSchema.safeParse(set);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((issue) => `${issue.path.join('.')} ${issue.message}`),
    );
  }
  return databaseOf(parsed.data).database;
}

/** Where a target is, for messages: never the server URL, which may hold a password. */
export function describeTarget(target: DatabaseTarget): string {
  if (target.kind === 'embedded') return `the embedded database in ${target.dataDir}`;
  const url = new URL(target.url);
  return `the PostgreSQL server ${url.host}${url.pathname}`;
}

/**
 * A file named on the command line, from the folder the command runs in, as DATA_DIR is: under
 * `npm run` the repository's folder, where `npm start` runs too, wherever it was typed (the
 * shell's folder, INIT_CWD, is not used: one relative path is one folder for every command).
 */
export function fileArgument(file: string): string {
  return path.resolve(file);
}

/** Runs a command's `main` as a script: its lines on stdout, a failure's message on stderr. */
export function runAsScript(
  main: (args: string[], env: NodeJS.ProcessEnv, write: (line: string) => void) => Promise<number>,
): void {
  main(process.argv.slice(2), process.env, (line) => process.stdout.write(`${line}\n`)).then(
    (code) => process.exit(code),
    (error: unknown) => {
      process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
      process.exit(error instanceof ConfigError ? 2 : 1);
    },
  );
}
