-- The upgrade test's first migration (scripts/faults/upgrade-scenario.ts): a column with a
-- constant default. PostgreSQL (11 and newer) stores the default in the catalogue instead of
-- rewriting the table, so the lock it takes lasts a moment; the previous version, which names its
-- columns, neither reads nor writes it, and its inserts get the default.
ALTER TABLE "customers" ADD COLUMN "upgrade_check_note" text DEFAULT 'none' NOT NULL;
