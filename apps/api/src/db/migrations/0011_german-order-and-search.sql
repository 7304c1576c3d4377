-- Names sort and are found the way a German reader expects (decision 0056), the same on PGlite
-- and on a server whatever their locale: no ICU collation, no extension, only built-in
-- immutable functions, and every comparison byte by byte (`collate "C"`).
--
-- The sort key of DIN 5007 variant 1: case folded, umlauts and other letters with diacritics
-- as their base letter (Ä as A, é as e, ı as i), ß as ss, æ/œ/þ/ĳ spelled out. `lower` folds
-- ASCII only under "C", so the same on every database; the letters beyond ASCII are all listed.
CREATE FUNCTION "name_sort_key"("name" text) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT regexp_replace(
    translate(
      replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(
        lower(normalize("name", NFC) COLLATE "C"),
        'ß', 'ss'), 'ẞ', 'ss'), 'Æ', 'ae'), 'æ', 'ae'), 'Œ', 'oe'), 'œ', 'oe'),
        'Þ', 'th'), 'þ', 'th'), 'Ĳ', 'ij'), 'ĳ', 'ij'), 'ŉ', 'n'),
      'ÀÁÂÃÄÅàáâãäåĀāĂăĄąǍǎÇçĆćĈĉĊċČčÐðĎďĐđÈÉÊËèéêëĒēĔĕĖėĘęĚěĜĝĞğĠġĢģĤĥĦħÌÍÎÏìíîïĨĩĪīĬĭĮįİıǏǐĴĵĶķĸĹĺĻļĽľĿŀŁłÑñŃńŅņŇňŊŋÒÓÔÕÖØòóôõöøŌōŎŏŐőǑǒŔŕŖŗŘřŚśŜŝŞşŠšſȘșŢţŤťŦŧȚțÙÚÛÜùúûüŨũŪūŬŭŮůŰűŲųǓǔŴŵÝýÿŶŷŸŹźŻżŽž',
      'aaaaaaaaaaaaaaaaaaaaccccccccccddddddeeeeeeeeeeeeeeeeeegggggggghhhhiiiiiiiiiiiiiiiiiiiijjkkkllllllllllnnnnnnnnnnoooooooooooooooooooorrrrrrsssssssssssttttttttuuuuuuuuuuuuuuuuuuuuuuwwyyyyyyzzzzzz'),
    -- Marks NFC could not compose onto their letter (e.g. a combining dot below) are dropped.
    U&'[\0300-\036F]', '', 'g');
$$;
--> statement-breakpoint
-- The form a search compares: as the sort key, but with the transliterations ä→ae, ö→oe, ü→ue,
-- so "muessig" finds Müßig, and "müller" finds Mueller.
CREATE FUNCTION "name_search_key"("name" text) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT name_sort_key(
    replace(replace(replace(replace(replace(replace(
      normalize("name", NFC), 'Ä', 'ae'), 'ä', 'ae'), 'Ö', 'oe'), 'ö', 'oe'), 'Ü', 'ue'), 'ü', 'ue'));
$$;
--> statement-breakpoint
DROP INDEX "memberships_company_shown_name_idx";--> statement-breakpoint
DROP INDEX "locations_company_name_idx";--> statement-breakpoint
ALTER TABLE "memberships" ADD COLUMN "shown_search" text;--> statement-breakpoint
CREATE INDEX "memberships_company_shown_name_idx" ON "memberships" USING btree ("company_id","shown_name" collate "C","shown_email","customer_id");--> statement-breakpoint
CREATE INDEX "locations_company_name_idx" ON "locations" USING btree ("company_id",name_sort_key("name") collate "C","name" collate "C","id");
--> statement-breakpoint
-- The membership keeps the shown person's sort key and search text (beside the address, 0009):
-- `shown_name` is the name's sort key, then after a byte below every letter the name itself, so
-- names equal by DIN 5007 (Muller, Müller) still come in one fixed order; `shown_search` holds
-- the first name, last name and first name again (so "anna berg" and "berg anna" are both in
-- it) once transliterated and once as sort key, and the address. A person who accepted an
-- invitation before giving a name of their own is shown by the names typed by the inviter
-- (issue 22), as the list's answers show them (apps/api/src/lib/employees/view.ts).
CREATE OR REPLACE FUNCTION "membership_shown_person"() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  first_name text;
  last_name text;
  email text;
  full_name text;
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
    IF coalesce(first_name, '') = '' AND coalesce(last_name, '') = '' THEN
      SELECT i."typed" ->> 'firstName', i."typed" ->> 'lastName' INTO first_name, last_name
        FROM "invitations" i
       WHERE i."company_id" = NEW."company_id" AND i."customer_id" = NEW."customer_id"
         AND i."accepted_at" IS NOT NULL
       ORDER BY i."accepted_at" DESC, i."created_at" DESC
       LIMIT 1;
    END IF;
  END IF;
  first_name := coalesce(first_name, '');
  last_name := coalesce(last_name, '');
  full_name := first_name || ' ' || last_name || ' ' || first_name;
  NEW."shown_name" := name_sort_key(last_name) || ' ' || name_sort_key(first_name)
    || chr(1) || last_name || ' ' || first_name;
  NEW."shown_search" := name_search_key(full_name) || chr(10) || name_sort_key(full_name)
    || chr(10) || coalesce(email, '');
  NEW."shown_email" := email;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
UPDATE "memberships" SET "shown_name" = NULL;
