// The bare reference of the benchmark (issue 13): Fastify, pg and jose's verification with the
// same SQL as the portal's calls, and nothing else — no plugins, no validation, no logging.
// When a call's queries change in the api, capture them again (log_statement = 'all' on a bench
// database) and update them here or in reference-reads.ts, or the ratio compares different work.
// With REFERENCE_DATA_DIR instead of DATABASE_URL it runs the same statements on PGlite in that
// folder (a copy of the embedded portal's): the floor of the embedded database's reads and writes.
// There it answers only what needs no transaction (the reads and the profile saves).
// Run as its own process: node --import tsx scripts/bench/reference-server.ts
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { PGlite } from '@electric-sql/pglite';
import Fastify from 'fastify';
import { createRemoteJWKSet, jwtVerify } from 'jose';
import pg from 'pg';
import { mailboxOf } from '@pp/contract';
import { activityRoutes } from './reference-activity.ts';
import { INVITATION_INSERT, MAIL_LIMITS, MAIL_QUOTA, mailQuotaValues } from './reference-mail.ts';
import {
  COMPANY_VMS,
  EMPLOYEES_COUNT,
  employeesAssigned,
  employeesPage,
  ENABLED_MEMBERSHIP,
  LINKED_CUSTOMER,
  LOCATION_COLUMNS,
  LOCATIONS_ASSOCIATED,
  LOCATIONS_COUNT,
  locationsPage,
  secondFactors,
} from './reference-reads.ts';

const { DATABASE_URL, REFERENCE_DATA_DIR, OIDC_ISSUER, OIDC_AUDIENCE, PORT } = process.env;

/** A statement as pg takes it: its text, or its text with values, name and row mode. */
type Statement = string | { text: string; values?: unknown[]; name?: string; rowMode?: 'array' };

/** What the reference asks of its database: pg's pool, or PGlite through {@link embeddedPool}. */
interface Pool {
  // The rows are the statement's, typed where they are read, as with pg.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  query(statement: Statement, values?: unknown[]): Promise<{ rows: any[] }>;
  connect(): Promise<pg.PoolClient>;
  end(): Promise<void>;
}

/** PGlite's one connection as the pool: each statement as it comes, with nothing around it. */
async function embeddedPool(dataDir: string): Promise<Pool> {
  const db = await PGlite.create(dataDir);
  return {
    query: (statement, values) =>
      typeof statement === 'string'
        ? db.query(statement, values)
        : db.query(
            statement.text,
            statement.values ?? values,
            statement.rowMode && { rowMode: statement.rowMode },
          ),
    connect: () => Promise.reject(new Error('the embedded reference runs no transactions')),
    end: () => db.close(),
  };
}

const pool: Pool = REFERENCE_DATA_DIR
  ? await embeddedPool(REFERENCE_DATA_DIR)
  : new pg.Pool({ connectionString: DATABASE_URL, max: 10 });
const keys = createRemoteJWKSet(new URL(`${OIDC_ISSUER}/jwks`));
const app = Fastify();

// The statements are the portal's own, as PostgreSQL's statement log shows them for these calls
// (2026-11-23; the writes' of 2026-11-27, issue 28; the lists' and the customer data's of
// 2026-11-29, issue 46, in reference-reads.ts), in the same order and, for the writes, in the same
// transaction: the ratio then measures what the portal adds around them.
/** The portal's count of an account's writes (`plugins/write-limit.ts`): one upsert per write. */
const COUNT_WRITE = `insert into rate_limits (key, count, reset_at)
              values ($1, 1, now() + $2 * interval '1 millisecond')
              on conflict (key) do update set
                count = case when rate_limits.reset_at <= now() then 1 else rate_limits.count + 1 end,
                reset_at = case when rate_limits.reset_at <= now() then excluded.reset_at else rate_limits.reset_at end
              returning count, greatest(0, extract(epoch from (reset_at - now())) * 1000)::int as ttl`;
const CUSTOMER_COLUMNS = `"id", "email", "salutation", "title", "first_name", "last_name", "phone", "position", "profession", "other_industry", "date_of_birth", "preferred_language", "primary_company_id", "invitation_only", "created_at", "updated_at"`;
const AUDIT = `insert into "audit_log" ("id", "at", "actor_customer_id", "action", "entity", "entity_id", "company_id", "data") values (default, default, $1, $2, $3, $4, $5, $6)`;
/** The portal's audit entry as a CTE beside the change it logs (`audit-log.ts`, `auditOf`): $3–$8. */
const AUDIT_OF = (changed: string) =>
  `"audit_entry" as (insert into "audit_log" ("actor_customer_id", "action", "entity", "entity_id", "company_id", "data") select $3::uuid, $4::text, $5::text, $6::text, $7::uuid, $8::jsonb from "${changed}")`;
interface Customer {
  id: string;
  first_name: string | null;
  last_name: string | null;
}

/** The token's subject after jose's verification. */
async function subjectOf(authorization: string | undefined): Promise<string> {
  const token = authorization?.slice('Bearer '.length) ?? '';
  const { payload } = await jwtVerify(token, keys, {
    issuer: OIDC_ISSUER,
    audience: OIDC_AUDIENCE,
    typ: 'at+jwt',
  });
  return payload.sub ?? '';
}

/** A write: the account's count, then the caller, as the portal takes them. */
async function writerOf(authorization: string | undefined, path: string): Promise<Customer> {
  const subject = await subjectOf(authorization);
  await pool.query(COUNT_WRITE, [`account:/api/v1${path}:${OIDC_ISSUER} ${subject}`, 3_600_000]);
  const { rows } = await pool.query({ ...LINKED_CUSTOMER, values: [OIDC_ISSUER, subject] });
  return rows[0];
}

/** Runs `work` in a transaction on one connection of the pool. */
async function inTransaction<T>(work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query('begin');
    const result = await work(client);
    await client.query('commit');
    return result;
  } catch (error) {
    await client.query('rollback');
    throw error;
  } finally {
    client.release();
  }
}

/** The mail limits' four counts in one statement, refusing past one of them as the portal does. */
async function assertMailQuota(client: pg.PoolClient, values: [string, string, string]) {
  const { rows } = await client.query({ text: MAIL_QUOTA, values: mailQuotaValues(...values) });
  const row = rows[0] as Record<string, string>;
  for (const limit of MAIL_LIMITS) {
    const over = (window: 'hour' | 'day', most: number | undefined) =>
      most !== undefined && Number(row[`${limit.name}_${window}`]) >= most;
    if (over('hour', limit.hour) || over('day', limit.day)) throw new Error('rate limited');
  }
}

async function customerOf(authorization: string | undefined): Promise<Customer> {
  const subject = await subjectOf(authorization);
  const { rows } = await pool.query({ ...LINKED_CUSTOMER, values: [OIDC_ISSUER, subject] });
  return rows[0];
}

/** The caller and their enabled membership of the practice, as the portal checks it. */
async function memberOf(authorization: string | undefined, companyId: string) {
  const customer = await customerOf(authorization);
  const { rows } = await pool.query({
    ...ENABLED_MEMBERSHIP,
    values: [customer.id, companyId, 'enabled'],
  });
  return { customer, role: rows[0]?.role as string | undefined };
}

/** A list's page as the query string asks for it: the bench varies all four (read-lines.ts). */
interface Shown {
  page?: string;
  pageSize?: string;
  sort?: string;
  direction?: string;
}
const pageOf = ({ page = '1', pageSize = '25', sort, direction }: Shown) => ({
  sort,
  direction,
  limit: Number(pageSize),
  offset: (Number(page) - 1) * Number(pageSize),
});

/** What a handler costs with nothing behind it: the yardstick of IsAlive. */
app.get('/bare', async () => ({ status: 'ok' }));

app.get('/api/v1/Lifetime/IsAlive', async () => {
  await pool.query('select 1');
  return { status: 'ok' };
});

app.get('/api/v1/Customer/GetCustomerData', async (request) => {
  const customer = await customerOf(request.headers.authorization);
  const companies = await pool.query(COMPANY_VMS, [customer.id, customer.id, 'requested']);
  return { ...customer, associatedCompanies: { companyVms: companies.rows } };
});

app.get('/api/v1/Rights/IsUserAdminOfPractice', async (request) => {
  const { practiceId } = request.query as { practiceId: string };
  const { role } = await memberOf(request.headers.authorization, practiceId);
  return role === 'admin' || role === 'superadmin';
});

app.get('/api/v1/Location/GetLocations', async (request) => {
  const { parentId, contactId, ...shown } = request.query as {
    parentId: string;
    contactId: string;
  } & Shown;
  await memberOf(request.headers.authorization, parentId);
  const { sort, direction, limit, offset } = pageOf(shown);
  const page = await pool.query(locationsPage(sort, direction), [parentId, limit, offset]);
  const associated = await pool.query(LOCATIONS_ASSOCIATED, [contactId, parentId]);
  const total = await pool.query(LOCATIONS_COUNT, [parentId]);
  return {
    locationListObjectVms: page.rows,
    associatedLocationListObjectVms: associated.rows,
    total: Number(total.rows[0].count),
  };
});

app.get('/api/v1/Employee/GetEmployees', async (request) => {
  const { companyId, ...shown } = request.query as { companyId: string } & Shown;
  await memberOf(request.headers.authorization, companyId);
  const { sort, direction, limit, offset } = pageOf(shown);
  // As arrays: the customer's and the invitation's "email" share a name.
  const page = await pool.query({
    text: employeesPage(sort, direction),
    values: [companyId, companyId, limit, offset],
    rowMode: 'array',
  });
  const rows = page.rows as string[][];
  const ids = rows.map((row) => row[0]);
  const assigned = ids.length
    ? await pool.query(employeesAssigned(ids.length), [companyId, ...ids])
    : { rows: [] };
  // The second factors of the page's people who are not invitees, by their addresses.
  const emails = rows.filter((row) => row[2] !== 'invited').map((row) => row[3]);
  const factors = emails.length
    ? await pool.query(secondFactors(emails.length), emails)
    : undefined;
  const total = await pool.query(EMPLOYEES_COUNT, [companyId]);
  return {
    employees: rows,
    assigned: assigned.rows,
    secondFactors: factors?.rows ?? [],
    total: Number(total.rows[0].count),
  };
});

activityRoutes(app, pool, memberOf);

/** The picklists a profile save may name, by the body's field. */
const PROFILE_CHOICES = {
  salutation: 'salutation',
  position: 'position',
  profession: 'professions',
  otherIndustry: 'otherIndustries',
} as const;

app.patch('/api/v1/Customer/UpdateCustomerData', async (request) => {
  const body = request.body as { phone: string } & Partial<Record<string, string>>;
  const { phone } = body;
  const customer = await writerOf(request.headers.authorization, '/Customer/UpdateCustomerData');
  // The whole profile form: its choices are checked in one statement, as the portal does.
  const choices = Object.entries(PROFILE_CHOICES).filter(([field]) => body[field] !== undefined);
  if (choices.length > 0) {
    const known = await pool.query(
      `select "list", "code" from "picklist_values" where ("picklist_values"."list" = any($1) and "picklist_values"."active" = $2 and "picklist_values"."code" = any($3))`,
      [choices.map(([, list]) => list), true, choices.map(([field]) => body[field])],
    );
    const pairs = new Set(
      known.rows.map((row: { list: string; code: string }) => `${row.list}/${row.code}`),
    );
    if (!choices.every(([field, list]) => pairs.has(`${list}/${body[field]}`))) {
      throw new Error('an unknown choice');
    }
  }
  // The change and its audit entry in one statement, as the portal makes them (`auditOf`).
  const updated = await pool.query(
    `with "updated" as (update "customers" set "phone" = $1, "updated_at" = now() where "customers"."id" = $2 returning ${CUSTOMER_COLUMNS}), ${AUDIT_OF('updated')} select ${CUSTOMER_COLUMNS} from "updated"`,
    [
      phone,
      customer.id,
      customer.id,
      'customer.updated',
      'customer',
      customer.id,
      null,
      JSON.stringify({ fields: ['phone'] }),
    ],
  );
  const companies = await pool.query(COMPANY_VMS, [customer.id, customer.id, 'requested']);
  return { ...updated.rows[0], companies: companies.rows };
});

app.patch('/api/v1/Location/UpdateLocation', async (request) => {
  const { locationId, phoneNumber } = request.body as { locationId: string; phoneNumber: string };
  const customer = await writerOf(request.headers.authorization, '/Location/UpdateLocation');
  const location = await pool.query(
    `select "id", "company_id", "name", "street", "postal_code", "city", "country", "phone_number", "invoice_mail", "status", "created_at", "updated_at" from "locations" where "locations"."id" = $1`,
    [locationId],
  );
  const companyId = location.rows[0].company_id as string;
  await pool.query({ ...ENABLED_MEMBERSHIP, values: [customer.id, companyId, 'enabled'] });
  return inTransaction(async (client) => {
    await client.query(`select "status" from "companies" where "companies"."id" = $1 for share`, [
      companyId,
    ]);
    const stored = await client.query(
      `select ${LOCATION_COLUMNS.replaceAll('"locations".', '')} from "locations" where "locations"."id" = $1 for update`,
      [locationId],
    );
    const updated = await client.query(
      `update "locations" set "phone_number" = $1, "updated_at" = now() where "locations"."id" = $2 returning ${LOCATION_COLUMNS.replaceAll('"locations".', '')}`,
      [phoneNumber, locationId],
    );
    await client.query(AUDIT, [
      customer.id,
      'location.updated',
      'location',
      locationId,
      companyId,
      JSON.stringify({
        fields: ['phoneNumber'],
        changes: { phoneNumber: { from: stored.rows[0].phone_number, to: phoneNumber } },
      }),
    ]);
    return updated.rows[0];
  });
});

app.post('/api/v1/Employee/InviteEmployee', async (request, reply) => {
  const { companyId, email } = request.body as { companyId: string; email: string };
  const inviter = await writerOf(request.headers.authorization, '/Employee/InviteEmployee');
  // The practice's name comes with the caller's membership; the prohibited aliases, which change
  // only with a migration, the portal reads once a minute.
  const membership = await pool.query({
    ...ENABLED_MEMBERSHIP,
    values: [inviter.id, companyId, 'enabled'],
  });
  const practiceName = membership.rows[0].name as string;
  await inTransaction(async (client) => {
    await client.query('select pg_advisory_xact_lock(hashtext($1))', [`practice:${companyId}`]);
    await client.query(
      `select "role", "status" from "memberships" where ("memberships"."customer_id" = $1 and "memberships"."company_id" = $2)`,
      [inviter.id, companyId],
    );
    await assertMailQuota(client, [email, inviter.id, companyId]);
    const existing = await client.query(
      `select ${CUSTOMER_COLUMNS} from "customers" where "customers"."email" = $1 for share`,
      [email],
    );
    if (existing.rows.length > 0) throw new Error('the bench invites fresh addresses only');
    const inviteeId = randomUUID();
    const secret = randomBytes(32).toString('base64url');
    // A mail of the size of the portal's invitation (text and HTML), without its templates.
    const link = `http://localhost:3000/my-practice?invitation=${secret}`;
    const inviterName = `${inviter.first_name ?? ''} ${inviter.last_name ?? ''}`.trim();
    const text = `Guten Tag,\n\n${inviterName} lädt Sie ein, im Praxisportal der Praxis „${practiceName}“ mitzuarbeiten.\n\n${'Melden Sie sich mit dieser E-Mail-Adresse an. '.repeat(8)}\n\nEinladung ansehen:\n${link}\n`;
    const html = `<!doctype html>\n<html lang="de"><body><p>${text.replaceAll('\n\n', '</p><p>')}</p><p><a href="${link}">Einladung ansehen</a></p></body></html>`;
    await client.query(INVITATION_INSERT, [
      ...[inviteeId, email, 'de', true],
      ...[inviteeId, companyId, 'member', 'invited'],
      ...[companyId, inviteeId, inviter.id, email, 'member'],
      ...[
        JSON.stringify({ locationIds: [] }),
        createHash('sha256').update(secret).digest('base64url'),
        7,
      ],
      ...[`<${randomUUID()}@localhost>`, email, mailboxOf(email), 'de', 'invitation', inviter.id],
      ...[companyId, 'Einladung ins Praxisportal', text, html, `{"${link}"}`, '{}'],
      ...[inviter.id, 'employee.invited', 'membership', inviteeId, companyId],
      JSON.stringify({ role: 'member' }),
    ]);
  });
  return reply.code(202).send({ status: 'accepted' });
});

await app.listen({ port: Number(PORT), host: '127.0.0.1' });
process.on(
  'SIGTERM',
  () =>
    void app
      .close()
      .then(() => pool.end())
      .then(() => process.exit(0)),
);
