CREATE TABLE "newsletter_confirmations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"customer_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"distributors" text[] NOT NULL,
	"interests" text[] NOT NULL,
	"wording_version" text NOT NULL,
	"language" text NOT NULL,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"confirmed_at" timestamp with time zone,
	CONSTRAINT "newsletter_confirmations_token_hash_unique" UNIQUE("token_hash"),
	CONSTRAINT "newsletter_confirmations_language_check" CHECK ("newsletter_confirmations"."language" in ('de', 'en'))
);
--> statement-breakpoint
ALTER TABLE "consent_records" ADD COLUMN "requested_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "consent_records" ADD COLUMN "confirmed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "headers" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "newsletter_confirmations" ADD CONSTRAINT "newsletter_confirmations_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "newsletter_confirmations_customer_idx" ON "newsletter_confirmations" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "newsletter_confirmations_expires_idx" ON "newsletter_confirmations" USING btree ("expires_at");