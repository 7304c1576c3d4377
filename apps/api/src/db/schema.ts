/**
 * The database schema, one file per area. drizzle-kit reads this file (drizzle.config.ts) to
 * generate the versioned migrations in ./migrations.
 */
export * from './schema/customers.ts';
export * from './schema/practices.ts';
export * from './schema/locations.ts';
export * from './schema/newsletter.ts';
export * from './schema/reference-data.ts';
export * from './schema/operations.ts';
export * from './schema/crm.ts';
