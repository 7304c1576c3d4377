// The bare reference of the benchmark (issue 13): Fastify, pg and jose's verification with the
// same SQL as the portal's calls, and nothing else — no plugins, no validation, no logging.
// Run as its own process: node --import tsx scripts/bench/reference-server.ts
import Fastify from 'fastify';
import { createRemoteJWKSet, jwtVerify } from 'jose';
import pg from 'pg';

const { DATABASE_URL, OIDC_ISSUER, OIDC_AUDIENCE, PORT } = process.env;
const pool = new pg.Pool({ connectionString: DATABASE_URL, max: 10 });
const keys = createRemoteJWKSet(new URL(`${OIDC_ISSUER}/jwks`));
const app = Fastify();

async function customerOf(authorization: string | undefined): Promise<string> {
  const token = authorization?.slice('Bearer '.length) ?? '';
  const { payload } = await jwtVerify(token, keys, {
    issuer: OIDC_ISSUER,
    audience: OIDC_AUDIENCE,
    typ: 'at+jwt',
  });
  const { rows } = await pool.query(
    'select customer_id from identity_links where issuer = $1 and subject = $2',
    [OIDC_ISSUER, payload.sub],
  );
  return rows[0].customer_id;
}

/** What a handler costs with nothing behind it: the yardstick of IsAlive. */
app.get('/bare', async () => ({ status: 'ok' }));

app.get('/api/v1/Lifetime/IsAlive', async () => {
  await pool.query('select 1');
  return { status: 'ok' };
});

app.get('/api/v1/Customer/GetCustomerData', async (request) => {
  const id = await customerOf(request.headers.authorization);
  const [customer, companies] = await Promise.all([
    pool.query('select * from customers where id = $1', [id]),
    pool.query(
      `select c.id, c.customer_number, c.name, c.postal_code, c.city, c.status, m.role, m.status as membership_status
         from memberships m join companies c on c.id = m.company_id
        where m.customer_id = $1 order by c.name`,
      [id],
    ),
  ]);
  return { ...customer.rows[0], associatedCompanies: { companyVms: companies.rows } };
});

app.get('/api/v1/Rights/IsUserAdminOfPractice', async (request) => {
  const id = await customerOf(request.headers.authorization);
  const { practiceId } = request.query as { practiceId: string };
  const { rows } = await pool.query(
    `select role from memberships where customer_id = $1 and company_id = $2 and status = 'enabled'`,
    [id, practiceId],
  );
  return rows[0]?.role === 'admin' || rows[0]?.role === 'superadmin';
});

app.get('/api/v1/Location/GetLocations', async (request) => {
  await customerOf(request.headers.authorization);
  const { parentId } = request.query as { parentId: string };
  const [page, total] = await Promise.all([
    pool.query(
      'select * from locations where company_id = $1 order by lower(name), id limit 25 offset 50',
      [parentId],
    ),
    pool.query('select count(*) from locations where company_id = $1', [parentId]),
  ]);
  return { locationListObjectVms: page.rows, total: Number(total.rows[0].count) };
});

app.get('/api/v1/Employee/GetEmployees', async (request) => {
  await customerOf(request.headers.authorization);
  const { companyId } = request.query as { companyId: string };
  const [page, total] = await Promise.all([
    pool.query(
      `select m.customer_id, m.role, m.status, c.email, c.first_name, c.last_name
         from memberships m join customers c on c.id = m.customer_id
        where m.company_id = $1
        order by lower(coalesce(c.last_name, '') || ' ' || coalesce(c.first_name, '')), c.email
        limit 25 offset 50`,
      [companyId],
    ),
    pool.query('select count(*) from memberships where company_id = $1', [companyId]),
  ]);
  return { employees: page.rows, total: Number(total.rows[0].count) };
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
