-- Issue 44, probes H2 and N1: the people the CRM removed, with their address and sign-in
-- identities, refused until the CRM has a person with that address again (docs/product.md §1).
-- And the address of a reported contact, whose first sign-in is refused until the contact is
-- taken. New tables, and a new column nullable and without a default, which the previous version
-- does not read or write by name; the index is on a table of the operator's reports (few rows).
SET LOCAL lock_timeout = '5s';--> statement-breakpoint
SET LOCAL statement_timeout = '60s';--> statement-breakpoint
CREATE TABLE "crm_removed_identities" (
	"issuer" text NOT NULL,
	"subject" text NOT NULL,
	"crm_id" uuid NOT NULL,
	CONSTRAINT "crm_removed_identities_issuer_subject_pk" PRIMARY KEY("issuer","subject")
);
--> statement-breakpoint
CREATE TABLE "crm_removed_people" (
	"crm_id" uuid PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"removed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "crm_reports" ADD COLUMN "email" text;--> statement-breakpoint
ALTER TABLE "crm_removed_identities" ADD CONSTRAINT "crm_removed_identities_crm_id_crm_removed_people_crm_id_fk" FOREIGN KEY ("crm_id") REFERENCES "public"."crm_removed_people"("crm_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "crm_removed_identities_crm_idx" ON "crm_removed_identities" USING btree ("crm_id");--> statement-breakpoint
CREATE INDEX "crm_removed_people_email_idx" ON "crm_removed_people" USING btree ("email");--> statement-breakpoint
CREATE INDEX "crm_reports_email_idx" ON "crm_reports" USING btree ("email") WHERE "crm_reports"."email" is not null;