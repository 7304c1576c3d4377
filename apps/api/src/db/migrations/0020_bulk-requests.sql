CREATE TABLE "bulk_requests" (
	"actor_customer_id" uuid NOT NULL,
	"idempotency_key" uuid NOT NULL,
	"company_id" uuid NOT NULL,
	"call" text NOT NULL,
	"results" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bulk_requests_actor_customer_id_idempotency_key_pk" PRIMARY KEY("actor_customer_id","idempotency_key")
);
--> statement-breakpoint
CREATE INDEX "bulk_requests_created_idx" ON "bulk_requests" USING btree ("created_at");