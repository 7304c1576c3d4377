-- The embedded database keeps the answers of frequent reads in the api's memory (decision 0042):
-- every committed change of a table those reads come from notifies channel "pp_change" with the
-- table's name, and the api drops what it kept from that table. Statement triggers: one notice
-- per statement, merged per transaction by PostgreSQL, none for a transaction rolled back.
CREATE FUNCTION "pp_notify_change"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('pp_change', TG_TABLE_NAME);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "customers_pp_change" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "customers"
  FOR EACH STATEMENT EXECUTE FUNCTION "pp_notify_change"();
--> statement-breakpoint
CREATE TRIGGER "identity_links_pp_change" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "identity_links"
  FOR EACH STATEMENT EXECUTE FUNCTION "pp_notify_change"();
--> statement-breakpoint
CREATE TRIGGER "companies_pp_change" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "companies"
  FOR EACH STATEMENT EXECUTE FUNCTION "pp_notify_change"();
--> statement-breakpoint
CREATE TRIGGER "memberships_pp_change" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "memberships"
  FOR EACH STATEMENT EXECUTE FUNCTION "pp_notify_change"();
--> statement-breakpoint
CREATE TRIGGER "invitations_pp_change" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "invitations"
  FOR EACH STATEMENT EXECUTE FUNCTION "pp_notify_change"();
--> statement-breakpoint
CREATE TRIGGER "locations_pp_change" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "locations"
  FOR EACH STATEMENT EXECUTE FUNCTION "pp_notify_change"();
--> statement-breakpoint
CREATE TRIGGER "location_assignments_pp_change" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "location_assignments"
  FOR EACH STATEMENT EXECUTE FUNCTION "pp_notify_change"();
