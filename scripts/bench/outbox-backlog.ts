// The backlogs of `npm run bench:outbox` (outbox.ts): waiting mails and waiting CRM writes put
// into the outboxes with set-based statements, their removal, and the workers' picking
// statements, taken as the app builds them, with EXPLAIN (ANALYZE, BUFFERS).
import pg from 'pg';
import { claimDue } from '../../apps/api/src/crm-sync/outbox/claim.ts';
import type { Database, Db, Executor } from '../../apps/api/src/db/client.ts';
import { claimDueMails } from '../../apps/api/src/mail/queue.ts';
import { appMigrations, databaseUrl, LARGE_DATABASE } from './prepare-large.ts';
import { BENCH_ADMIN } from './prepare.ts';
import { benchDatabases, SCALE } from './scale.ts';

/**
 * The run's database and the person whose reads it measures: the small data set made for it
 * and its bench admin, or the large one, when its migrations are the app's, and a member of a
 * practice of its population. Not scale.ts's check of the large one's mark: the mark names the
 * migrations it was prepared with, and a data set migrated since keeps it. The bench's own
 * people are left alone there: `npm run bench -- --scale large` points their links at its own
 * issuer, and a run beside it would take them away; this person gets a second link, to the run's
 * issuer, removed after.
 */
export async function outboxDatabase(
  issuer: string,
): Promise<{ serverUrl: string; reader: string; close(): Promise<void> }> {
  if (SCALE === 'small') {
    return { ...(await benchDatabases(issuer, 1, { serverOnly: true })), reader: BENCH_ADMIN };
  }
  const serverUrl = databaseUrl(LARGE_DATABASE);
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ count: number; last: string | null }>(
      `select count(*)::int as count, max(created_at)::text as last from drizzle.__drizzle_migrations`,
    );
    const app = appMigrations();
    if (rows[0]?.count !== app.count || rows[0]?.last !== String(app.last)) {
      throw new Error(
        `${LARGE_DATABASE} has ${rows[0]?.count} migrations, the app ${app.count}: make it again with npm run bench:prepare -- --scale large.`,
      );
    }
    const { rows: people } = await client.query<{ id: string; email: string }>(
      `select c.id, c.email from memberships m join customers c on c.id = m.customer_id
        where m.status = 'enabled' and c.email not like '%@bench.example.com'
        order by m.company_id, c.id limit 1`,
    );
    const reader = people[0];
    if (!reader) throw new Error(`${LARGE_DATABASE} has no members`);
    // The test issuer's tokens name `sub-<address>` (apps/api/test/support/issuer.ts).
    await client.query(
      `insert into identity_links (issuer, subject, customer_id) values ($1, $2, $3)`,
      [issuer, `sub-${reader.email}`, reader.id],
    );
    return {
      serverUrl,
      reader: reader.email,
      close: async () => {
        const again = new pg.Client({ connectionString: serverUrl });
        await again.connect();
        await again.query(`delete from identity_links where issuer = $1`, [issuer]);
        await again.end();
      },
    };
  } finally {
    await client.end();
  }
}

/** The mails of the run: their Message-IDs start so, and nothing else's does. */
const MAIL_MARK = '<bench-outbox-';
/** The run's holder of the CRM sync lease: the instance never takes it, so it never imports. */
const LEASE_HOLDER = 'bench-outbox';

/**
 * `count` pending mails, due now, shaped as the app's invitation mails are (queue.ts reads them):
 * a subject, a text and an HTML body of an invitation's length, a Message-ID and the recipient's
 * mailbox; recipients of a domain of the run's own.
 */
/** The domain of the backlog's recipients. */
export const BACKLOG_DOMAIN = '@outbox.bench.example.com';

export async function insertMails(client: pg.Client, count: number): Promise<void> {
  const text =
    'Guten Tag,\n\nSie wurden eingeladen, dem Praxisportal Ihrer Praxis beizutreten. ' +
    'Über den folgenden Link nehmen Sie die Einladung an.\n\n'.repeat(4) +
    'https://portal.praxisportal.example/link/';
  await client.query(
    `insert into mail_outbox (message_id, recipient, recipient_mailbox, language, template,
       subject, text_body, html_body, links, status, attempts, next_attempt_at)
     select $1 || n || '-' || md5(random()::text) || '@portal.praxisportal.example>',
            'person-' || n || '${BACKLOG_DOMAIN}', 'person-' || n || '${BACKLOG_DOMAIN}',
            'de', 'invitation', 'Einladung in das Praxisportal', $2 || md5(n::text),
            '<!doctype html><html lang="de"><body><p>' || replace($2, E'\n', '<br>') || md5(n::text) ||
              '</p></body></html>',
            array['https://portal.praxisportal.example/link/' || md5(n::text)], 'pending', 0, now()
       from generate_series(1, $3::int) n`,
    [MAIL_MARK, text, count],
  );
}

export async function removeMails(client: pg.Client): Promise<number> {
  const { rowCount } = await client.query(
    `delete from mail_outbox where recipient like '%${BACKLOG_DOMAIN}'
       and message_id like '${MAIL_MARK}%'`,
  );
  return rowCount ?? 0;
}

/** The CRM tables this run writes: it refuses a database where any of them holds rows. */
const CRM_TABLES = ['crm_connection', 'crm_outbox', 'crm_links', 'crm_reports', 'crm_notices'];

export async function crmTablesEmpty(client: pg.Client): Promise<string[]> {
  const used: string[] = [];
  for (const table of CRM_TABLES) {
    const { rows } = await client.query(`select 1 from ${table} limit 1`);
    if (rows.length > 0) used.push(table);
  }
  return used;
}

/**
 * Connects the database to a CRM as `connect()` does, with the sync lease held by the run for a
 * day: the instance pushes the outbox but never runs a sync round (whose first import would
 * queue every record of the data set).
 */
export async function connectCrm(client: pg.Client): Promise<void> {
  await client.query(
    `insert into crm_connection (provider, sync_holder, sync_lease_until)
     values ('dataverse', $1, now() + interval '1 day')`,
    [LEASE_HOLDER],
  );
}

/**
 * `count` waiting writes. The data set has no CRM links, so they are the writes a portal's own
 * records have when it is first connected: the creation of a person's contact (an INSERT entry
 * of the customers' trigger), one per person; where the data set has fewer people than that,
 * the rest are later changes of their phone (UPDATE entries, pushed after the creation).
 */
export async function insertCrmWrites(client: pg.Client, count: number): Promise<number> {
  const { rows } = await client.query<{ people: number }>(
    `select count(*)::int as people from (select 1 from customers limit $1::int) c`,
    [count],
  );
  const people = rows[0]?.people ?? 0;
  await client.query(
    `with people as (
       select id::text as key, row_number() over (order by id) as n
         from customers order by id limit $2::int)
     insert into crm_outbox (entity, portal_key, table_name, operation, changes)
     select 'customer', p.key, 'customers', case when s <= $2 then 'INSERT' else 'UPDATE' end,
            case when s <= $2 then '{}'::jsonb
                 else jsonb_build_object('phone',
                        jsonb_build_object('from', null, 'to', '+49 30 ' || (5000000 + s))) end
       from generate_series(1, $1::int) s join people p on p.n = (s - 1) % $2 + 1
      order by s`,
    [count, people],
  );
  return people;
}

/** Everything the CRM part wrote: the tables were empty before it (`crmTablesEmpty`). */
export async function removeCrm(client: pg.Client): Promise<void> {
  for (const table of [...CRM_TABLES, 'crm_sync_state']) await client.query(`delete from ${table}`);
  await client.query(`delete from rate_limits where key like 'crm-sync:%'`);
}

/** The text and values of the first statement `run` sends that `pick` matches. */
async function captured(
  database: Database,
  pick: RegExp,
  run: (tx: Db) => Promise<unknown>,
): Promise<{ text: string; values: unknown[] }> {
  const original = pg.Client.prototype.query;
  let found: { text: string; values: unknown[] } | undefined;
  pg.Client.prototype.query = function (this: unknown, ...args: unknown[]) {
    const [first, second] = args;
    const text = typeof first === 'string' ? first : ((first as { text?: string })?.text ?? '');
    const values =
      (Array.isArray(second) ? second : (first as { values?: unknown[] })?.values) ?? [];
    if (!found && pick.test(text)) found = { text, values };
    return (original as (...a: unknown[]) => unknown).apply(this, args);
  } as typeof original;
  try {
    // The claim runs in a transaction rolled back: it takes nothing from the instance's workers.
    await database.db
      .transaction(async (tx) => {
        await run(tx as unknown as Db);
        throw new RolledBack();
      })
      .catch((error: unknown) => {
        if (!(error instanceof RolledBack)) throw error;
      });
  } finally {
    pg.Client.prototype.query = original;
  }
  if (!found) throw new Error(`no statement matched ${pick}`);
  return found;
}
class RolledBack extends Error {}

/** The mail worker's and the CRM outbox's picking statements, as main.ts's workers send them. */
export function mailPick(database: Database) {
  return captured(database, /skip locked/i, (tx) =>
    claimDueMails(tx, { limit: 10, lockMs: 30_000, maxAttempts: 8 }),
  );
}
export function crmPick(database: Database) {
  return captured(database, /with waiting as/i, (tx) => claimDue(tx as Executor, 16));
}

/** EXPLAIN (ANALYZE, BUFFERS) in a transaction rolled back; and whether the plan reads an index. */
export async function explain(client: pg.Client, statement: { text: string; values: unknown[] }) {
  await client.query('begin');
  try {
    const { rows } = await client.query<{ 'QUERY PLAN': string }>(
      `explain (analyze, buffers) ${statement.text}`,
      statement.values,
    );
    const plan = rows.map((row) => row['QUERY PLAN']);
    // Each scan with the rows it returned, and whether a sort spilled to disk.
    const scans = plan
      .map((line) => ({
        scan: /(Index Only Scan|Index Scan|Bitmap Index Scan|Seq Scan)(?: Backward)?(?: using (\w+))? on (\w+)/.exec(
          line,
        ),
        rows: /actual time=\S+ rows=(\d+) loops=(\d+)/.exec(line),
      }))
      .filter(({ scan }) => scan !== null)
      .map(({ scan, rows }) => {
        const read = Number(rows?.[1] ?? 0) * Number(rows?.[2] ?? 1);
        return `${scan![1]} on ${scan![2] ?? scan![3]} (${read.toLocaleString('en')} rows)`;
      });
    if (plan.some((line) => line.includes('external merge'))) scans.push('a sort spilled to disk');
    return { plan, scans: [...new Set(scans)] };
  } finally {
    await client.query('rollback');
  }
}
