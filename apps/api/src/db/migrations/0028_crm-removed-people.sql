-- Issue 44, probes H2 and N1: the people the CRM removed, with their address and sign-in
-- identities, refused until the CRM has a person with that address again (docs/product.md §1).
-- New tables: nothing of the previous version reads them.
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
ALTER TABLE "crm_removed_identities" ADD CONSTRAINT "crm_removed_identities_crm_id_crm_removed_people_crm_id_fk" FOREIGN KEY ("crm_id") REFERENCES "public"."crm_removed_people"("crm_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "crm_removed_identities_crm_idx" ON "crm_removed_identities" USING btree ("crm_id");--> statement-breakpoint
CREATE INDEX "crm_removed_people_email_idx" ON "crm_removed_people" USING btree ("email");