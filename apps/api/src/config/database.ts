import path from 'node:path';
import { z } from 'zod';
import type { Env } from './environment.ts';
import type { SettingsArea } from './setting.ts';

export const databaseSettings = {
  DATA_DIR: {
    schema: z.string().default('./data'),
    default: '`./data`',
    description:
      'Folder of the embedded database (PGlite), used while `DATABASE_URL` is unset; two instances need two folders.',
  },
  DATABASE_URL: {
    schema: z
      .url({ protocol: /^postgres(ql)?$/, error: 'must be a postgres:// or postgresql:// URL' })
      .optional(),
    description:
      'A PostgreSQL server (15 or newer) instead of the embedded database. Migrations run at start under an advisory lock, so several instances may share it.',
  },
};

export const databaseArea: SettingsArea = {
  title: 'Database',
  about: 'Where the portal keeps its data: the embedded database, or a PostgreSQL server.',
  settings: databaseSettings,
};

export interface DatabaseConfig {
  database: { kind: 'embedded'; dataDir: string } | { kind: 'server'; url: string };
}

export function databaseOf(env: Pick<Env, 'DATA_DIR' | 'DATABASE_URL'>): DatabaseConfig {
  return {
    database: env.DATABASE_URL
      ? { kind: 'server', url: env.DATABASE_URL }
      : { kind: 'embedded', dataDir: path.resolve(env.DATA_DIR) },
  };
}
