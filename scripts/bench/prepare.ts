import { sql } from 'drizzle-orm';
import { buildApp } from '../../apps/api/src/app.ts';
import { loadConfig } from '../../apps/api/src/config.ts';
import type { Database } from '../../apps/api/src/db/client.ts';
import { migrateDatabase } from '../../apps/api/src/db/migrate.ts';
import { identityLinks } from '../../apps/api/src/db/schema.ts';
import { createTokenVerifier } from '../../apps/api/src/lib/tokens/token-verifier.ts';
import { createCustomer, createPractice } from '../../apps/api/test/support/factories.ts';
import type { TestIssuer } from '../../apps/api/test/support/issuer.ts';

export const BENCH_ADMIN = 'admin@bench.example.com';
/** The client the test issuer names in its tokens: the api refuses tokens of another client. */
export const BENCH_CLIENT_ID = 'practice-portal-web';
export const BENCH_SIZE = 10_000;
/** How many of the practice's people are admins who sign in: the realistic line asks as each in turn. */
export const BENCH_SIGNED_IN = 200;
/** The address of the n-th person of the practice (1 ≤ n < BENCH_SIZE). */
export const benchPerson = (n: number) => `person${n}@bench.example.com`;
/**
 * The address of the superadmin of the n-th small practice that invites (1 ≤ n ≤ inviters):
 * the mail limits allow an account 30 invitations an hour and a practice 50 (`mail/quota.ts`,
 * not configurable), so the invitation line asks as another of these every request.
 */
export const benchInviter = (n: number) => `inviter${n}@bench.example.com`;
/**
 * What the profile form sends besides the phone number (its four choices set; the portal checks
 * each against its picklist): a save as a person makes it.
 */
export const PROFILE_FORM = {
  salutation: 'DIVERS',
  position: 'RECEPTION',
  profession: 'DENTAL_ASSISTANT',
  otherIndustry: 'DENTAL_LAB',
} as const;

/**
 * A migrated database with one practice of 10,000 employees and 10,000 locations, and
 * `inviters` small practices of one superadmin each (signed in) for the invitation line.
 */
export async function prepareBenchDatabase(database: Database, issuer: string, inviters = 0) {
  await migrateDatabase(database);
  const db = database.db;
  const admin = await createCustomer(db, {
    email: BENCH_ADMIN,
    firstName: 'Bea',
    lastName: 'Bench',
    primaryCompanyId: null,
  });
  await db
    .insert(identityLinks)
    .values({ issuer, subject: `sub-${BENCH_ADMIN}`, customerId: admin.id });
  const practice = await createPractice(db, { name: 'Praxis Benchmark', superadminId: admin.id });
  await db.execute(sql`
    with people as (
      insert into customers (email, first_name, last_name)
      select 'person' || n || '@bench.example.com', 'Vorname ' || n, 'Nachname ' || lpad(n::text, 5, '0')
        from generate_series(1, ${BENCH_SIZE - 1}) n
      returning id)
    insert into memberships (customer_id, company_id, role, status)
    select id, ${practice.id}, 'member', 'enabled' from people`);
  // The first people are admins with an identity link, so that requests can come from many people.
  await db.execute(sql`
    update memberships set role = 'admin'
      where customer_id in (select id from customers
                             where email in (select 'person' || n || '@bench.example.com'
                                               from generate_series(1, ${BENCH_SIGNED_IN}) n))`);
  await db.execute(sql`
    insert into identity_links (issuer, subject, customer_id)
    select ${issuer}, 'sub-' || email, id from customers
     where email in (select 'person' || n || '@bench.example.com'
                       from generate_series(1, ${BENCH_SIGNED_IN}) n)`);
  await db.execute(sql`
    insert into locations (company_id, name, street, postal_code, city)
    select ${practice.id}, 'Standort ' || lpad(n::text, 5, '0'), 'Straße ' || n,
           lpad((10000 + n % 89999)::text, 5, '0'), 'Stadt ' || (n % 50)
      from generate_series(1, ${BENCH_SIZE}) n`);
  // The activity log of issue 27: a role change of each person by the admin, a minute apart.
  await db.execute(sql`
    insert into audit_log (at, actor_customer_id, action, entity, entity_id, company_id, data)
    select now() - n * interval '1 minute', ${admin.id}, 'employee.role_changed', 'membership',
           customers.id::text, ${practice.id}, '{"from": "member", "to": "admin"}'::jsonb
      from generate_series(1, ${BENCH_SIZE - 1}) n
      join customers on customers.email = 'person' || n || '@bench.example.com'`);
  const inviting: string[] = [];
  if (inviters > 0) {
    await db.execute(sql`
      with inviters as (
        insert into customers (email, first_name, last_name)
        select 'inviter' || n || '@bench.example.com', 'Inhaberin', 'Nummer ' || n
          from generate_series(1, ${inviters}) n
        returning id, email)
      insert into identity_links (issuer, subject, customer_id)
      select ${issuer}, 'sub-' || email, id from inviters`);
    const rows = await db.execute<{ id: string; email: string }>(sql`
      select id, email from customers where email like 'inviter%@bench.example.com'`);
    const ids = new Map(
      (rows as unknown as { rows: { id: string; email: string }[] }).rows.map((row) => [
        row.email,
        row.id,
      ]),
    );
    for (let n = 1; n <= inviters; n += 1) {
      const superadminId = ids.get(benchInviter(n));
      if (!superadminId) throw new Error(`${benchInviter(n)} was not created`);
      inviting.push((await createPractice(db, { name: `Praxis Einladung ${n}`, superadminId })).id);
    }
  }
  await db.execute(sql`analyze`);
  const locationRows = await db.execute<{ id: string }>(
    sql`select id from locations where company_id = ${practice.id} order by id`,
  );
  return {
    practiceId: practice.id,
    adminId: admin.id,
    /** The practice's 10,000 locations, for the line that changes another one every request. */
    locationIds: (locationRows as unknown as { rows: { id: string }[] }).rows.map((row) => row.id),
    /** The practice of `benchInviter(n)` at index n − 1. */
    invitingPracticeIds: inviting,
  };
}

/** The portal in this process on `database`, taking the tokens of `issuer`, for `app.inject`. */
export async function inProcessApp(database: Database, issuer: TestIssuer) {
  const config = loadConfig({
    NODE_ENV: 'test',
    OIDC_ISSUER: issuer.issuer,
    OIDC_CLIENT_ID: BENCH_CLIENT_ID,
    OIDC_AUDIENCE: issuer.audience,
    LOG_LEVEL: 'silent',
    DEMO_DATA: 'false',
  });
  return buildApp({
    config,
    database,
    verifier: createTokenVerifier({ issuer: issuer.issuer, audience: issuer.audience }),
  });
}
