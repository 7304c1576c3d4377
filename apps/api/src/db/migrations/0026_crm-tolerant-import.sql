-- Issue 44: a practice the operator's CRM holds without an account number or a known country is
-- taken as it is (no customer number until the CRM gives one, no country), and a CRM record the
-- portal cannot take is kept in "crm_reports" with its reason, reported again only when it changes.
CREATE TABLE "crm_reports" (
	"entity" text NOT NULL,
	"crm_id" uuid NOT NULL,
	"version" text NOT NULL,
	"reason" text NOT NULL,
	"reported_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "crm_reports_entity_crm_id_pk" PRIMARY KEY("entity","crm_id"),
	CONSTRAINT "crm_reports_entity_check" CHECK (entity in ('customer', 'practice', 'location', 'membership', 'locationAssignment'))
);
--> statement-breakpoint
ALTER TABLE "companies" ALTER COLUMN "customer_number" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "companies" ALTER COLUMN "country" DROP NOT NULL;--> statement-breakpoint
CREATE INDEX "crm_reports_reported_idx" ON "crm_reports" USING btree ("reported_at");--> statement-breakpoint
-- A practice made in the CRM arrives before any membership of it, and the CRM knows no rule of one
-- superadmin: the sync's own writes (pp.crm_sync, migration 0014) may leave a practice without one
-- until the CRM names one. More than one stays impossible (the unique index), and every write of
-- the portal itself still needs exactly one.
CREATE OR REPLACE FUNCTION "practice_superadmin_check"() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  practices uuid[];
  practice uuid;
  superadmins integer;
BEGIN
  -- Separate statements: a branch may name a field the other table's row does not have.
  IF TG_TABLE_NAME = 'companies' THEN
    practices := ARRAY[NEW.id];
  ELSIF TG_OP = 'INSERT' THEN
    practices := ARRAY[NEW.company_id];
  ELSIF TG_OP = 'DELETE' THEN
    practices := ARRAY[OLD.company_id];
  ELSE
    practices := ARRAY[OLD.company_id, NEW.company_id];
  END IF;
  FOREACH practice IN ARRAY practices LOOP
    -- A practice deleted in the same transaction needs no superadmin.
    CONTINUE WHEN NOT EXISTS (SELECT 1 FROM "companies" WHERE "id" = practice);
    SELECT count(*) INTO superadmins FROM "memberships"
      WHERE "company_id" = practice AND "role" = 'superadmin';
    CONTINUE WHEN superadmins = 0 AND current_setting('pp.crm_sync', true) = 'on';
    IF superadmins <> 1 THEN
      RAISE EXCEPTION 'practice % must have exactly one superadmin, has %', practice, superadmins
        USING ERRCODE = 'check_violation', CONSTRAINT = 'practice_superadmin_required';
    END IF;
  END LOOP;
  RETURN NULL;
END
$$;
