-- The upgrade test's second migration (scripts/faults/upgrade-scenario.ts): the first of the two
-- steps that rename `customers.phone` to `telephone` while the previous version still writes
-- `phone` (docs/operations.md, "Upgrades without downtime"). This release adds the new column,
-- fills it, and keeps both equal on every write of either version; the release after it, once no
-- instance of this one runs, drops the trigger and the old column.
ALTER TABLE "customers" ADD COLUMN "telephone" text;
--> statement-breakpoint
CREATE FUNCTION "customers_phone_telephone"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    NEW.telephone := coalesce(NEW.telephone, NEW.phone);
    NEW.phone := coalesce(NEW.phone, NEW.telephone);
  ELSIF NEW.phone IS DISTINCT FROM OLD.phone THEN
    NEW.telephone := NEW.phone;
  ELSIF NEW.telephone IS DISTINCT FROM OLD.telephone THEN
    NEW.phone := NEW.telephone;
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER "customers_phone_telephone" BEFORE INSERT OR UPDATE ON "customers"
  FOR EACH ROW EXECUTE FUNCTION "customers_phone_telephone"();
--> statement-breakpoint
UPDATE "customers" SET "telephone" = "phone" WHERE "telephone" IS DISTINCT FROM "phone";
