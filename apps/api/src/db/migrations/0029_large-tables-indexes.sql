-- Issue 46, a provider's size (docs/performance.md): a practice's activity log newest first,
-- its count and its people read from an index instead of every entry of the practice, the
-- action included so that the filter by action needs no row; and a page of locations sorted by
-- city or by postal code without sorting all of them, by the list's own sort keys.
-- On a server each index marked `-- concurrently` is built with CREATE INDEX CONCURRENTLY before
-- this transaction (packages/database/src/concurrent-indexes.ts, decision 0104): the previous
-- release keeps writing meanwhile, and the statement here then finds the index and does nothing.
-- On a new database, and on PGlite, it is built here, on a table with no or few rows.
-- `audit_log_company_idx` is now redundant; it goes in a later release (expand, then contract).
SET LOCAL lock_timeout = '5s';--> statement-breakpoint
SET LOCAL statement_timeout = '60s';--> statement-breakpoint
-- concurrently
CREATE INDEX IF NOT EXISTS "audit_log_company_at_idx" ON "audit_log" USING btree ("company_id","at","id") INCLUDE ("action");--> statement-breakpoint
-- concurrently
CREATE INDEX IF NOT EXISTS "locations_company_city_idx" ON "locations" USING btree ("company_id",name_sort_key("city") collate "C",name_sort_key("name") collate "C","name" collate "C","id");--> statement-breakpoint
-- concurrently
CREATE INDEX IF NOT EXISTS "locations_company_postal_code_idx" ON "locations" USING btree ("company_id","postal_code","id");
