import type { PGlite, Transaction } from '@electric-sql/pglite';

/**
 * What pg_dump 18 writes that PostgreSQL 15 and 16 refuse (`transaction_timeout` came with 17):
 * without it a backup loads into every server the portal supports, psql's ON_ERROR_STOP included.
 */
const NEWER_THAN_15 = /^SET transaction_timeout = 0;\n/m;

/**
 * A plain-SQL dump of the embedded database (`pg_dump --inserts --no-owner --no-privileges`, the
 * WASM build of `@electric-sql/pglite-tools`), taken by the process that has it open: what
 * `pg.exec`, psql and `npm run db:restore` load alike.
 *
 * pg_dump speaks the wire protocol on PGlite's one connection, past PGlite's locks, so it runs
 * holding the transaction lock with none of ours open: its snapshot then holds every committed
 * write, and no statement of ours lands inside its transaction. pg_dump's own transaction (read
 * only) and its session settings (an empty `search_path` among them) outlive it, as PGlite keeps
 * the one session: both are undone here, or every later write would fail as read-only and every
 * statement would miss its tables. The dump runs synchronously: the process waits for it.
 */
export async function dumpEmbedded(client: PGlite): Promise<string> {
  const { pgDump } = await import('@electric-sql/pglite-tools/pg_dump');
  return client.transaction(async (tx) => {
    // The transaction lock is ours now; the BEGIN that came with it is not needed.
    await tx.exec('COMMIT');
    const before = await sessionSettings(tx);
    try {
      // pgDump reads and restores the search path with `query` and `exec`, which would wait for
      // the lock held here: those go through the transaction's own.
      const holdingTheLock = new Proxy(client, {
        get(target, key) {
          if (key === 'query') return tx.query;
          if (key === 'exec') return tx.exec;
          const value: unknown = Reflect.get(target, key);
          return typeof value === 'function' ? value.bind(target) : value;
        },
      });
      const file = await pgDump({
        pg: holdingTheLock,
        args: ['--no-owner', '--no-privileges'],
      });
      return (await file.text()).replace(NEWER_THAN_15, '');
    } finally {
      // Ends pg_dump's transaction, puts the session's settings back, and opens a transaction
      // for PGlite's closing COMMIT.
      await tx.exec('ROLLBACK');
      const after = await sessionSettings(tx);
      for (const [name, setting] of before) {
        if (after.get(name) !== setting) {
          await tx.query('select set_config($1, $2, false)', [name, setting]);
        }
      }
      await tx.exec('BEGIN');
    }
  });
}

/** The settings a session may change, by name. */
async function sessionSettings(tx: Transaction): Promise<Map<string, string>> {
  const { rows } = await tx.query<{ name: string; setting: string }>(
    `select name, setting from pg_settings where context in ('user', 'superuser')`,
  );
  return new Map(rows.map((row) => [row.name, row.setting]));
}
