-- Issue 44, probe H2: the sign-in identities of a person the CRM removed, refused until the CRM
-- record is taken again (docs/product.md §1). A new table: nothing of the previous version reads it.
SET LOCAL lock_timeout = '5s';--> statement-breakpoint
SET LOCAL statement_timeout = '60s';--> statement-breakpoint
CREATE TABLE "crm_removed_identities" (
	"issuer" text NOT NULL,
	"subject" text NOT NULL,
	"crm_id" uuid NOT NULL,
	"removed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "crm_removed_identities_issuer_subject_pk" PRIMARY KEY("issuer","subject")
);
--> statement-breakpoint
CREATE INDEX "crm_removed_identities_crm_idx" ON "crm_removed_identities" USING btree ("crm_id");