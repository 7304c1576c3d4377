-- E-mail addresses in the contract's normal form (decision 0019): ASCII ones are lower-cased here;
-- the uniqueness becomes exact. Rows from before that are not in the normal form stay as they are
-- (NOT VALID): every new or changed address is checked.
UPDATE "customers" SET "email" = lower("email") WHERE "email" ~ '^[!-~]+$' AND "email" <> lower("email");--> statement-breakpoint
DROP INDEX "customers_email_lower_key";--> statement-breakpoint
CREATE UNIQUE INDEX "customers_email_key" ON "customers" USING btree ("email");--> statement-breakpoint
ALTER TABLE "customers" ADD CONSTRAINT "customers_email_normal_check" CHECK ("customers"."email" ~ '^[!-@[-~]+$') NOT VALID;