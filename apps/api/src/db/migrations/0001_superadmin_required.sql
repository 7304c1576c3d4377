-- A practice always has exactly one superadmin (PRODUCT §3). The unique index
-- "memberships_one_superadmin_key" allows at most one; this deferred check, run at commit,
-- requires at least one, so a practice and its superadmin membership are created, and a
-- superadmin is handed over, within one transaction.
CREATE FUNCTION "practice_superadmin_check"() RETURNS trigger
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
    IF superadmins <> 1 THEN
      RAISE EXCEPTION 'practice % must have exactly one superadmin, has %', practice, superadmins
        USING ERRCODE = 'check_violation', CONSTRAINT = 'practice_superadmin_required';
    END IF;
  END LOOP;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "practice_superadmin_required"
  AFTER INSERT ON "companies"
  DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW EXECUTE FUNCTION "practice_superadmin_check"();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "practice_superadmin_required"
  AFTER INSERT OR UPDATE OF "role", "company_id" OR DELETE ON "memberships"
  DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW EXECUTE FUNCTION "practice_superadmin_check"();
