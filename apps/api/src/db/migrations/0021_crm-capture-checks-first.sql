-- The CRM capture trigger (migration 0014) turned the old and the new row into JSON in its
-- declarations, before it checked whether the change came from the sync or a CRM is connected
-- at all: every write of a portal without a CRM paid for two conversions it then threw away
-- (issue 28, the embedded database's profile saves). The same function, with the checks first.
CREATE OR REPLACE FUNCTION crm_capture() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  entity text := TG_ARGV[0];
  before_row jsonb;
  after_row jsonb;
  some_row jsonb;
  changed jsonb := '{}'::jsonb;
  key text;
  column_name text;
BEGIN
  IF coalesce(current_setting('pp.crm_sync', true), '') = 'on' THEN RETURN NULL; END IF;
  IF NOT EXISTS (SELECT 1 FROM crm_connection) THEN RETURN NULL; END IF;
  before_row := CASE WHEN TG_OP <> 'INSERT' THEN to_jsonb(OLD) END;
  after_row := CASE WHEN TG_OP <> 'DELETE' THEN to_jsonb(NEW) END;
  some_row := coalesce(after_row, before_row);
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
