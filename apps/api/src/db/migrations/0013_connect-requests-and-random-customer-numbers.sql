CREATE TABLE "connect_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"customer_id" uuid NOT NULL,
	"customer_number" text NOT NULL,
	"postal_code" text NOT NULL,
	"company_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "companies" ALTER COLUMN "customer_number" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "connect_requests" ADD CONSTRAINT "connect_requests_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "connect_requests" ADD CONSTRAINT "connect_requests_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "connect_requests_typed_key" ON "connect_requests" USING btree ("customer_id","customer_number","postal_code");--> statement-breakpoint
CREATE INDEX "connect_requests_company_idx" ON "connect_requests" USING btree ("company_id","customer_id");--> statement-breakpoint
CREATE INDEX "connect_requests_expires_idx" ON "connect_requests" USING btree ("expires_at");--> statement-breakpoint
DROP SEQUENCE "public"."company_customer_number_seq";--> statement-breakpoint
-- Requests made before this migration show from now on as their requester's "request sent", with
-- the practice's number and postal code (what they typed), and lapse like new ones (decision 0052).
INSERT INTO "connect_requests" ("customer_id", "customer_number", "postal_code", "company_id", "created_at", "expires_at")
SELECT m."customer_id", c."customer_number", coalesce(c."postal_code", ''), c."id", m."created_at", now() + interval '30 days'
FROM "memberships" m JOIN "companies" c ON c."id" = m."company_id"
WHERE m."status" = 'requested';
