import { and, eq, sql } from 'drizzle-orm';
import { idpEndedSessions } from '@pp/idp/schema';
import type { Db } from '../../db/client.ts';
import { companies, customers, identityLinks, memberships } from '../../db/schema.ts';

/**
 * The lookups every authenticated request makes, built once per database and prepared on each
 * connection (issue 13: building a query cost more than running it).
 */
function prepare(db: Db) {
  return {
    linkedCustomer: db
      .select({ customer: customers })
      .from(identityLinks)
      .innerJoin(customers, eq(customers.id, identityLinks.customerId))
      .where(
        and(
          eq(identityLinks.issuer, sql.placeholder('issuer')),
          eq(identityLinks.subject, sql.placeholder('subject')),
        ),
      )
      .prepare('pp_linked_customer'),
    enabledMembership: db
      .select({
        role: memberships.role,
        companyStatus: companies.status,
        companyName: companies.name,
        requiresSecondFactor: companies.requiresSecondFactor,
      })
      .from(memberships)
      .innerJoin(companies, eq(companies.id, memberships.companyId))
      .where(
        and(
          eq(memberships.customerId, sql.placeholder('customerId')),
          eq(memberships.companyId, sql.placeholder('companyId')),
          eq(memberships.status, 'enabled'),
        ),
      )
      .prepare('pp_enabled_membership'),
    endedSession: db
      .select({ sessionUid: idpEndedSessions.sessionUid })
      .from(idpEndedSessions)
      .where(eq(idpEndedSessions.sessionUid, sql.placeholder('sessionUid')))
      .prepare('pp_ended_session'),
  };
}

const cache = new WeakMap<Db, ReturnType<typeof prepare>>();

export function hotQueries(db: Db): ReturnType<typeof prepare> {
  let queries = cache.get(db);
  if (!queries) {
    queries = prepare(db);
    cache.set(db, queries);
  }
  return queries;
}
