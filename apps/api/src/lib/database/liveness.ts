import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';

const DB_TIMEOUT_MS = 2000;
/** Probes share one check of the database per second, however many arrive (issue 13). */
const CHECK_EVERY_MS = 1000;

interface Check {
  at: number;
  answered: Promise<boolean>;
}
const checks = new WeakMap<Db, Check>();

/** Whether the database answered within 2 seconds, checked at most once a second. */
export function databaseAnswers(db: Db): Promise<boolean> {
  const last = checks.get(db);
  if (last && Date.now() - last.at < CHECK_EVERY_MS) return last.answered;
  const answered = Promise.race([
    db.execute(sql`select 1`).then(() => true),
    new Promise<boolean>((resolve) => setTimeout(() => resolve(false), DB_TIMEOUT_MS).unref()),
  ]).catch(() => false);
  checks.set(db, { at: Date.now(), answered });
  return answered;
}
