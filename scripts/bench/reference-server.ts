// The bare reference of the benchmark (issue 13): Fastify, pg and jose's verification with the
// same SQL as the portal's calls, and nothing else — no plugins, no validation, no logging.
// When a call's queries change in the api, capture them again (log_statement = 'all' on a bench
// database) and update them here, or the ratio compares different work.
// Run as its own process: node --import tsx scripts/bench/reference-server.ts
import Fastify from 'fastify';
import { createRemoteJWKSet, jwtVerify } from 'jose';
import pg from 'pg';

const { DATABASE_URL, OIDC_ISSUER, OIDC_AUDIENCE, PORT } = process.env;
const pool = new pg.Pool({ connectionString: DATABASE_URL, max: 10 });
const keys = createRemoteJWKSet(new URL(`${OIDC_ISSUER}/jwks`));
const app = Fastify();

// The statements are the portal's own, as PostgreSQL's statement log shows them for these calls
// (2026-11-23; the employees page's of 2026-11-25, migration 0009), in the same order: the ratio
// then measures what the portal adds around them.
const LINKED_CUSTOMER = {
  name: 'pp_linked_customer',
  text: `select "customers"."id", "customers"."email", "customers"."salutation", "customers"."title", "customers"."first_name", "customers"."last_name", "customers"."phone", "customers"."position", "customers"."profession", "customers"."other_industry", "customers"."date_of_birth", "customers"."preferred_language", "customers"."primary_company_id", "customers"."invitation_only", "customers"."created_at", "customers"."updated_at" from "identity_links" inner join "customers" on "customers"."id" = "identity_links"."customer_id" where ("identity_links"."issuer" = $1 and "identity_links"."subject" = $2)`,
};
const ENABLED_MEMBERSHIP = {
  name: 'pp_enabled_membership',
  text: `select "memberships"."role", "companies"."status" from "memberships" inner join "companies" on "companies"."id" = "memberships"."company_id" where ("memberships"."customer_id" = $1 and "memberships"."company_id" = $2 and "memberships"."status" = $3)`,
};
const PEOPLE = `from "memberships" inner join "customers" on "customers"."id" = "memberships"."customer_id" left join "invitations" on ("invitations"."company_id" = "memberships"."company_id" and "invitations"."customer_id" = "memberships"."customer_id" and "invitations"."accepted_at" is null and "invitations"."declined_at" is null and "invitations"."revoked_at" is null) where "memberships"."company_id" = $1`;
const LOCATION_COLUMNS = `"locations"."id", "locations"."company_id", "locations"."name", "locations"."street", "locations"."postal_code", "locations"."city", "locations"."country", "locations"."phone_number", "locations"."invoice_mail", "locations"."status", "locations"."created_at", "locations"."updated_at"`;

interface Customer {
  id: string;
}

async function customerOf(authorization: string | undefined): Promise<Customer> {
  const token = authorization?.slice('Bearer '.length) ?? '';
  const { payload } = await jwtVerify(token, keys, {
    issuer: OIDC_ISSUER,
    audience: OIDC_AUDIENCE,
    typ: 'at+jwt',
  });
  const { rows } = await pool.query({ ...LINKED_CUSTOMER, values: [OIDC_ISSUER, payload.sub] });
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

/** What a handler costs with nothing behind it: the yardstick of IsAlive. */
app.get('/bare', async () => ({ status: 'ok' }));

app.get('/api/v1/Lifetime/IsAlive', async () => {
  await pool.query('select 1');
  return { status: 'ok' };
});

app.get('/api/v1/Customer/GetCustomerData', async (request) => {
  const customer = await customerOf(request.headers.authorization);
  const companies = await pool.query(
    `select "companies"."id", "companies"."customer_number", "companies"."name", "companies"."postal_code", "companies"."city", "companies"."status", "memberships"."role", "memberships"."status" from "memberships" inner join "companies" on "companies"."id" = "memberships"."company_id" where "memberships"."customer_id" = $1 order by "companies"."name" asc`,
    [customer.id],
  );
  return { ...customer, associatedCompanies: { companyVms: companies.rows } };
});

app.get('/api/v1/Rights/IsUserAdminOfPractice', async (request) => {
  const { practiceId } = request.query as { practiceId: string };
  const { role } = await memberOf(request.headers.authorization, practiceId);
  return role === 'admin' || role === 'superadmin';
});

app.get('/api/v1/Location/GetLocations', async (request) => {
  const { parentId, contactId } = request.query as { parentId: string; contactId: string };
  await memberOf(request.headers.authorization, parentId);
  const page = await pool.query(
    `select "id", "company_id", "name", "street", "postal_code", "city", "country", "phone_number", "invoice_mail", "status", "created_at", "updated_at" from "locations" where "locations"."company_id" = $1 order by name_sort_key("locations"."name") collate "C" asc, "locations"."name" collate "C" asc, "locations"."id" asc limit $2 offset $3`,
    [parentId, 25, 50],
  );
  const total = await pool.query(
    `select count(*) from "locations" where "locations"."company_id" = $1`,
    [parentId],
  );
  const associated = await pool.query(
    `select ${LOCATION_COLUMNS} from "location_assignments" inner join "locations" on "locations"."id" = "location_assignments"."location_id" where ("location_assignments"."customer_id" = $1 and "location_assignments"."company_id" = $2) order by name_sort_key("locations"."name") collate "C" asc, "locations"."name" collate "C" asc, "locations"."id" asc`,
    [contactId, parentId],
  );
  return {
    locationListObjectVms: page.rows,
    associatedLocationListObjectVms: associated.rows,
    total: Number(total.rows[0].count),
  };
});

app.get('/api/v1/Employee/GetEmployees', async (request) => {
  const { companyId } = request.query as { companyId: string };
  await memberOf(request.headers.authorization, companyId);
  const page = await pool.query(
    `select "memberships"."customer_id", "memberships"."role", "memberships"."status", "customers"."id", "customers"."email", "customers"."salutation", "customers"."title", "customers"."first_name", "customers"."last_name", "customers"."phone", "customers"."position", "customers"."profession", "customers"."other_industry", "customers"."date_of_birth", "customers"."preferred_language", "customers"."primary_company_id", "customers"."invitation_only", "customers"."created_at", "customers"."updated_at", "invitations"."email", "invitations"."typed", "invitations"."created_at", "invitations"."expires_at" ${PEOPLE} order by "memberships"."shown_name" collate "C" asc, "memberships"."shown_email" asc, "memberships"."customer_id" asc limit $2 offset $3`,
    [companyId, 25, 50],
  );
  const total = await pool.query(
    `select count(*) from "memberships" where "memberships"."company_id" = $1`,
    [companyId],
  );
  const ids: string[] = page.rows.map((row: { customer_id: string }) => row.customer_id);
  const list = ids.map((_id, index) => `$${index + 2}`).join(', ');
  const assigned = ids.length
    ? await pool.query(
        `select "location_assignments"."customer_id", "locations"."id", "locations"."name" from "location_assignments" inner join "locations" on "locations"."id" = "location_assignments"."location_id" where ("location_assignments"."company_id" = $1 and "location_assignments"."customer_id" in (${list})) order by "locations"."name" asc`,
        [companyId, ...ids],
      )
    : { rows: [] };
  return { employees: page.rows, assigned: assigned.rows, total: Number(total.rows[0].count) };
});

app.get('/api/v1/Company/GetActivityLog', async (request) => {
  const { companyId } = request.query as { companyId: string };
  await memberOf(request.headers.authorization, companyId);
  const page = await pool.query(
    `select * from "audit_log" where "audit_log"."company_id" = $1 and "audit_log"."action" = any($2) order by "audit_log"."at" desc, "audit_log"."id" desc limit $3 offset $4`,
    [companyId, ['employee.role_changed'], 25, 50],
  );
  const total = await pool.query(
    `select count(*) from "audit_log" where "audit_log"."company_id" = $1 and "audit_log"."action" = any($2)`,
    [companyId, ['employee.role_changed']],
  );
  const ids = [
    ...new Set(
      page.rows.flatMap((row: { actor_customer_id: string; entity_id: string }) => [
        row.actor_customer_id,
        row.entity_id,
      ]),
    ),
  ];
  const names = await pool.query(
    `select "id", "first_name", "last_name", "email" from "customers" where "id" = any($1::uuid[])`,
    [ids],
  );
  const practice = await pool.query(`select "name" from "companies" where "id" = $1`, [companyId]);
  // The person filter's list: everyone the practice's log names, by name.
  const named = await pool.query(
    `select distinct "actor_customer_id", "entity", "entity_id" from "audit_log" where "company_id" = $1 and "action" = any($2)`,
    [companyId, ['employee.role_changed']],
  );
  const everyone = [
    ...new Set(
      named.rows.flatMap((row: { actor_customer_id: string; entity_id: string }) => [
        row.actor_customer_id,
        row.entity_id,
      ]),
    ),
  ];
  const people = await pool.query(
    `select "id", "first_name", "last_name", "email" from "customers" where "id" = any($1::uuid[])`,
    [everyone],
  );
  return {
    entries: page.rows,
    names: names.rows,
    practice: practice.rows[0],
    people: people.rows,
    total: Number(total.rows[0].count),
  };
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
