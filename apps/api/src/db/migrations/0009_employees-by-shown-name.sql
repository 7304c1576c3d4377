ALTER TABLE "memberships" ADD COLUMN "shown_name" text;--> statement-breakpoint
ALTER TABLE "memberships" ADD COLUMN "shown_email" text;--> statement-breakpoint
CREATE INDEX "memberships_company_shown_name_idx" ON "memberships" USING btree ("company_id","shown_name","shown_email","customer_id");--> statement-breakpoint
CREATE INDEX "memberships_company_shown_email_idx" ON "memberships" USING btree ("company_id","shown_email","customer_id");--> statement-breakpoint
CREATE INDEX "memberships_company_role_idx" ON "memberships" USING btree ("company_id",array_position(array['superadmin', 'admin', 'member'], "role"),"shown_email","customer_id");--> statement-breakpoint
CREATE INDEX "memberships_company_status_idx" ON "memberships" USING btree ("company_id",array_position(array['requested', 'invited', 'enabled', 'disabled'], "status"),"shown_email","customer_id");--> statement-breakpoint
-- The employees list sorts by the person as shown: an invitee by the open invitation's typed
-- names and address, everyone else by the customer's. A membership keeps that key itself, so a
-- page of a practice of thousands is read in index order instead of sorting every row.
CREATE FUNCTION "membership_shown_person"() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  first_name text;
  last_name text;
  email text;
BEGIN
  IF NEW."status" = 'invited' THEN
    SELECT i."typed" ->> 'firstName', i."typed" ->> 'lastName', i."email"
      INTO first_name, last_name, email
      FROM "invitations" i
     WHERE i."company_id" = NEW."company_id" AND i."customer_id" = NEW."customer_id"
       AND i."accepted_at" IS NULL AND i."declined_at" IS NULL AND i."revoked_at" IS NULL
     ORDER BY i."created_at" DESC
     LIMIT 1;
  ELSE
    SELECT c."first_name", c."last_name", c."email" INTO first_name, last_name, email
      FROM "customers" c WHERE c."id" = NEW."customer_id";
  END IF;
  NEW."shown_name" := lower(coalesce(last_name, '') || ' ' || coalesce(first_name, ''));
  NEW."shown_email" := email;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "memberships_shown_person" BEFORE INSERT OR UPDATE ON "memberships"
  FOR EACH ROW EXECUTE FUNCTION "membership_shown_person"();
--> statement-breakpoint
-- A changed name or address, or an invitation opened or closed, shows again on the membership.
CREATE FUNCTION "membership_shown_person_refresh"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'customers' THEN
    UPDATE "memberships" SET "shown_name" = NULL WHERE "customer_id" = NEW."id";
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE "memberships" SET "shown_name" = NULL
     WHERE "company_id" = OLD."company_id" AND "customer_id" = OLD."customer_id";
  ELSE
    UPDATE "memberships" SET "shown_name" = NULL
     WHERE "company_id" = NEW."company_id" AND "customer_id" = NEW."customer_id";
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "customers_shown_person" AFTER UPDATE OF "first_name", "last_name", "email" ON "customers"
  FOR EACH ROW WHEN (
    OLD."first_name" IS DISTINCT FROM NEW."first_name"
    OR OLD."last_name" IS DISTINCT FROM NEW."last_name"
    OR OLD."email" IS DISTINCT FROM NEW."email"
  ) EXECUTE FUNCTION "membership_shown_person_refresh"();
--> statement-breakpoint
CREATE TRIGGER "invitations_shown_person" AFTER INSERT OR UPDATE OR DELETE ON "invitations"
  FOR EACH ROW EXECUTE FUNCTION "membership_shown_person_refresh"();
--> statement-breakpoint
UPDATE "memberships" SET "shown_name" = NULL;
