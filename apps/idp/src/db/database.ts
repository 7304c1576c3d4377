import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';

/**
 * Any drizzle PostgreSQL database (PGlite or node-postgres) whose migrations created the idp
 * tables. The provider only uses the core query builder, so the relational schema the caller
 * opened it with does not matter.
 */
export type IdpDb = PgDatabase<PgQueryResultHKT, Record<string, unknown>>;
