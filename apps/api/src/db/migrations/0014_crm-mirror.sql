CREATE TABLE "crm_connection" (
	"singleton" boolean PRIMARY KEY DEFAULT true NOT NULL,
	"provider" text NOT NULL,
	"connected_at" timestamp with time zone DEFAULT now() NOT NULL,
	"imported_at" timestamp with time zone,
	"sync_holder" text,
	"sync_lease_until" timestamp with time zone,
	CONSTRAINT "crm_connection_singleton_check" CHECK ("crm_connection"."singleton")
);
--> statement-breakpoint
CREATE TABLE "crm_links" (
	"entity" text NOT NULL,
	"portal_key" text NOT NULL,
	"crm_id" uuid NOT NULL,
	"etag" text,
	"synced_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "crm_links_entity_portal_key_pk" PRIMARY KEY("entity","portal_key"),
	CONSTRAINT "crm_links_entity_check" CHECK (entity in ('customer', 'practice', 'location', 'membership', 'locationAssignment'))
);
--> statement-breakpoint
CREATE TABLE "crm_notices" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"customer_id" uuid NOT NULL,
	"entity" text NOT NULL,
	"portal_key" text NOT NULL,
	"fields" text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"seen_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "crm_outbox" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"operation_id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"entity" text NOT NULL,
	"portal_key" text NOT NULL,
	"table_name" text NOT NULL,
	"operation" text NOT NULL,
	"changes" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"status" text DEFAULT 'waiting' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_until" timestamp with time zone,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"done_at" timestamp with time zone,
	CONSTRAINT "crm_outbox_entity_check" CHECK (entity in ('customer', 'practice', 'location', 'membership', 'locationAssignment')),
	CONSTRAINT "crm_outbox_status_check" CHECK ("crm_outbox"."status" in ('waiting', 'done', 'parked')),
	CONSTRAINT "crm_outbox_operation_check" CHECK ("crm_outbox"."operation" in ('INSERT', 'UPDATE', 'DELETE'))
);
--> statement-breakpoint
CREATE TABLE "crm_sync_state" (
	"entity" text PRIMARY KEY NOT NULL,
	"token" text,
	"last_success_at" timestamp with time zone,
	"last_error" text,
	"last_error_at" timestamp with time zone,
	CONSTRAINT "crm_sync_state_entity_check" CHECK (entity in ('customer', 'practice', 'location', 'membership', 'locationAssignment'))
);
--> statement-breakpoint
ALTER TABLE "crm_notices" ADD CONSTRAINT "crm_notices_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "crm_links_crm_key" ON "crm_links" USING btree ("entity","crm_id");--> statement-breakpoint
CREATE INDEX "crm_notices_customer_idx" ON "crm_notices" USING btree ("customer_id","seen_at");--> statement-breakpoint
CREATE INDEX "crm_outbox_waiting_idx" ON "crm_outbox" USING btree ("entity","portal_key","id") WHERE "crm_outbox"."status" = 'waiting';--> statement-breakpoint
CREATE INDEX "crm_outbox_due_idx" ON "crm_outbox" USING btree ("next_attempt_at","id") WHERE "crm_outbox"."status" = 'waiting';--> statement-breakpoint
-- Every change of a mirrored row enters the CRM's outbox in the transaction that makes it
-- (decision 0061), while a CRM is connected (a row in crm_connection). Changes the sync itself
-- writes from the CRM set `pp.crm_sync` for their transaction and are not sent back.
CREATE FUNCTION crm_capture() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  entity text := TG_ARGV[0];
  before_row jsonb := CASE WHEN TG_OP <> 'INSERT' THEN to_jsonb(OLD) END;
  after_row jsonb := CASE WHEN TG_OP <> 'DELETE' THEN to_jsonb(NEW) END;
  some_row jsonb := coalesce(after_row, before_row);
  changed jsonb := '{}'::jsonb;
  key text;
  column_name text;
BEGIN
  IF coalesce(current_setting('pp.crm_sync', true), '') = 'on' THEN RETURN NULL; END IF;
  IF NOT EXISTS (SELECT 1 FROM crm_connection) THEN RETURN NULL; END IF;
  key := CASE TG_TABLE_NAME
    WHEN 'memberships' THEN (some_row->>'customer_id') || ':' || (some_row->>'company_id')
    WHEN 'location_assignments' THEN (some_row->>'location_id') || ':' || (some_row->>'customer_id')
    WHEN 'newsletter_preferences' THEN some_row->>'customer_id'
    ELSE some_row->>'id'
  END;
  FOR column_name IN SELECT jsonb_object_keys(some_row) LOOP
    -- Times of the row and the employees list's sort keys (memberships.shown_*) are the
    -- portal's own: their changes alone are nothing to send.
    IF column_name IN ('created_at', 'updated_at') OR column_name LIKE 'shown\_%' THEN
      CONTINUE;
    END IF;
    IF before_row IS NULL OR after_row IS NULL
       OR (before_row->column_name) IS DISTINCT FROM (after_row->column_name) THEN
      changed := changed || jsonb_build_object(column_name, jsonb_build_object(
        'from', before_row->column_name, 'to', after_row->column_name));
    END IF;
  END LOOP;
  IF TG_OP = 'UPDATE' AND changed = '{}'::jsonb THEN RETURN NULL; END IF;
  INSERT INTO crm_outbox (entity, portal_key, table_name, operation, changes)
    VALUES (entity, key, TG_TABLE_NAME, TG_OP, changed);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER customers_crm_capture AFTER INSERT OR UPDATE OR DELETE ON customers
  FOR EACH ROW EXECUTE FUNCTION crm_capture('customer');
--> statement-breakpoint
CREATE TRIGGER newsletter_preferences_crm_capture AFTER INSERT OR UPDATE ON newsletter_preferences
  FOR EACH ROW EXECUTE FUNCTION crm_capture('customer');
--> statement-breakpoint
CREATE TRIGGER companies_crm_capture AFTER INSERT OR UPDATE OR DELETE ON companies
  FOR EACH ROW EXECUTE FUNCTION crm_capture('practice');
--> statement-breakpoint
CREATE TRIGGER locations_crm_capture AFTER INSERT OR UPDATE OR DELETE ON locations
  FOR EACH ROW EXECUTE FUNCTION crm_capture('location');
--> statement-breakpoint
CREATE TRIGGER memberships_crm_capture AFTER INSERT OR UPDATE OR DELETE ON memberships
  FOR EACH ROW EXECUTE FUNCTION crm_capture('membership');
--> statement-breakpoint
CREATE TRIGGER location_assignments_crm_capture AFTER INSERT OR DELETE ON location_assignments
  FOR EACH ROW EXECUTE FUNCTION crm_capture('locationAssignment');
