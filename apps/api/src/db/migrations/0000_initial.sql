CREATE SEQUENCE "public"."company_customer_number_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 100001 CACHE 1;--> statement-breakpoint
CREATE TABLE "audit_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor_customer_id" uuid,
	"action" text NOT NULL,
	"entity" text NOT NULL,
	"entity_id" text,
	"company_id" uuid,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "companies" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"customer_number" text DEFAULT 'P-' || nextval('company_customer_number_seq')::text NOT NULL,
	"name" text NOT NULL,
	"street" text,
	"postal_code" text,
	"city" text,
	"country" text DEFAULT 'DE' NOT NULL,
	"phone" text,
	"email" text,
	"website" text,
	"status" text DEFAULT 'enabled' NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "companies_customer_number_unique" UNIQUE("customer_number"),
	CONSTRAINT "companies_status_check" CHECK ("companies"."status" in ('enabled', 'disabled')),
	CONSTRAINT "companies_name_check" CHECK (length(trim("companies"."name")) > 0),
	CONSTRAINT "companies_country_check" CHECK ("companies"."country" ~ '^[A-Z]{2}$'),
	CONSTRAINT "companies_postal_code_check" CHECK ("companies"."country" <> 'DE' or "companies"."postal_code" is null or "companies"."postal_code" ~ '^[0-9]{5}$')
);
--> statement-breakpoint
CREATE TABLE "consent_records" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"customer_id" uuid NOT NULL,
	"subscribed" boolean NOT NULL,
	"distributors" text[] NOT NULL,
	"interests" text[] NOT NULL,
	"wording_version" text NOT NULL,
	"language" text NOT NULL,
	"recorded_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "consent_records_language_check" CHECK ("consent_records"."language" in ('de', 'en'))
);
--> statement-breakpoint
CREATE TABLE "customers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"salutation" text,
	"title" text,
	"first_name" text,
	"last_name" text,
	"phone" text,
	"position" text,
	"profession" text,
	"other_industry" text,
	"date_of_birth" date,
	"preferred_language" text DEFAULT 'de' NOT NULL,
	"primary_company_id" uuid,
	"invitation_only" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "customers_email_check" CHECK (position('@' in "customers"."email") > 1),
	CONSTRAINT "customers_language_check" CHECK ("customers"."preferred_language" in ('de', 'en'))
);
--> statement-breakpoint
CREATE TABLE "email_changes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"customer_id" uuid NOT NULL,
	"new_email" text NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "email_changes_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "entitlements" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"product_code" text NOT NULL,
	"name" text NOT NULL,
	"valid_from" date NOT NULL,
	"valid_until" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "entitlements_validity_check" CHECK ("entitlements"."valid_until" is null or "entitlements"."valid_until" >= "entitlements"."valid_from")
);
--> statement-breakpoint
CREATE TABLE "identity_links" (
	"issuer" text NOT NULL,
	"subject" text NOT NULL,
	"customer_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "identity_links_issuer_subject_pk" PRIMARY KEY("issuer","subject")
);
--> statement-breakpoint
CREATE TABLE "invitations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"customer_id" uuid NOT NULL,
	"invited_by" uuid,
	"email" text NOT NULL,
	"role" text DEFAULT 'member' NOT NULL,
	"typed" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"accepted_at" timestamp with time zone,
	"declined_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invitations_token_hash_unique" UNIQUE("token_hash"),
	CONSTRAINT "invitations_role_check" CHECK ("invitations"."role" in ('member', 'admin'))
);
--> statement-breakpoint
CREATE TABLE "location_assignments" (
	"location_id" uuid NOT NULL,
	"customer_id" uuid NOT NULL,
	"company_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "location_assignments_location_id_customer_id_pk" PRIMARY KEY("location_id","customer_id")
);
--> statement-breakpoint
CREATE TABLE "locations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"name" text NOT NULL,
	"street" text,
	"postal_code" text,
	"city" text,
	"country" text DEFAULT 'DE' NOT NULL,
	"phone_number" text,
	"invoice_mail" text,
	"status" text DEFAULT 'enabled' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "locations_id_company_key" UNIQUE("id","company_id"),
	CONSTRAINT "locations_status_check" CHECK ("locations"."status" in ('enabled', 'disabled')),
	CONSTRAINT "locations_name_check" CHECK (length(trim("locations"."name")) > 0),
	CONSTRAINT "locations_country_check" CHECK ("locations"."country" ~ '^[A-Z]{2}$'),
	CONSTRAINT "locations_postal_code_check" CHECK ("locations"."country" <> 'DE' or "locations"."postal_code" is null or "locations"."postal_code" ~ '^[0-9]{5}$')
);
--> statement-breakpoint
CREATE TABLE "mail_outbox" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"message_id" text NOT NULL,
	"recipient" text NOT NULL,
	"language" text NOT NULL,
	"template" text NOT NULL,
	"actor_customer_id" uuid,
	"company_id" uuid,
	"subject" text NOT NULL,
	"text_body" text NOT NULL,
	"html_body" text NOT NULL,
	"links" text[] DEFAULT '{}'::text[] NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_until" timestamp with time zone,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	CONSTRAINT "mail_outbox_message_id_unique" UNIQUE("message_id"),
	CONSTRAINT "mail_outbox_status_check" CHECK ("mail_outbox"."status" in ('pending', 'sending', 'sent', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "memberships" (
	"customer_id" uuid NOT NULL,
	"company_id" uuid NOT NULL,
	"role" text DEFAULT 'member' NOT NULL,
	"status" text DEFAULT 'enabled' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "memberships_customer_id_company_id_pk" PRIMARY KEY("customer_id","company_id"),
	CONSTRAINT "memberships_role_check" CHECK ("memberships"."role" in ('member', 'admin', 'superadmin')),
	CONSTRAINT "memberships_status_check" CHECK ("memberships"."status" in ('invited', 'requested', 'enabled', 'disabled')),
	CONSTRAINT "memberships_superadmin_enabled_check" CHECK ("memberships"."role" <> 'superadmin' or "memberships"."status" = 'enabled')
);
--> statement-breakpoint
CREATE TABLE "newsletter_preferences" (
	"customer_id" uuid PRIMARY KEY NOT NULL,
	"subscribed" boolean DEFAULT false NOT NULL,
	"distributors" text[] DEFAULT '{}'::text[] NOT NULL,
	"interests" text[] DEFAULT '{}'::text[] NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "picklist_values" (
	"list" text NOT NULL,
	"code" text NOT NULL,
	"label_de" text NOT NULL,
	"label_en" text NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	CONSTRAINT "picklist_values_list_code_pk" PRIMARY KEY("list","code"),
	CONSTRAINT "picklist_values_list_check" CHECK ("picklist_values"."list" in ('salutation', 'position', 'professions', 'newsletterDistributor', 'newsletterInterests', 'otherIndustries')),
	CONSTRAINT "picklist_values_code_check" CHECK ("picklist_values"."code" ~ '^[A-Z][A-Z0-9_]*$'),
	CONSTRAINT "picklist_values_labels_check" CHECK (length(trim("picklist_values"."label_de")) > 0 and length(trim("picklist_values"."label_en")) > 0)
);
--> statement-breakpoint
CREATE TABLE "prohibited_aliases" (
	"alias" text PRIMARY KEY NOT NULL,
	CONSTRAINT "prohibited_aliases_alias_check" CHECK ("prohibited_aliases"."alias" ~ '^[a-z0-9][a-z0-9._-]*$')
);
--> statement-breakpoint
CREATE TABLE "rate_limits" (
	"key" text PRIMARY KEY NOT NULL,
	"count" integer NOT NULL,
	"reset_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "companies" ADD CONSTRAINT "companies_created_by_customers_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."customers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consent_records" ADD CONSTRAINT "consent_records_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customers" ADD CONSTRAINT "customers_primary_company_id_companies_id_fk" FOREIGN KEY ("primary_company_id") REFERENCES "public"."companies"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_changes" ADD CONSTRAINT "email_changes_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "entitlements" ADD CONSTRAINT "entitlements_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "identity_links" ADD CONSTRAINT "identity_links_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invitations" ADD CONSTRAINT "invitations_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invitations" ADD CONSTRAINT "invitations_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invitations" ADD CONSTRAINT "invitations_invited_by_customers_id_fk" FOREIGN KEY ("invited_by") REFERENCES "public"."customers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "location_assignments" ADD CONSTRAINT "location_assignments_location_fk" FOREIGN KEY ("location_id","company_id") REFERENCES "public"."locations"("id","company_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "location_assignments" ADD CONSTRAINT "location_assignments_membership_fk" FOREIGN KEY ("customer_id","company_id") REFERENCES "public"."memberships"("customer_id","company_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "locations" ADD CONSTRAINT "locations_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "memberships" ADD CONSTRAINT "memberships_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "memberships" ADD CONSTRAINT "memberships_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "newsletter_preferences" ADD CONSTRAINT "newsletter_preferences_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_log_entity_idx" ON "audit_log" USING btree ("entity","entity_id");--> statement-breakpoint
CREATE INDEX "audit_log_company_idx" ON "audit_log" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "audit_log_actor_idx" ON "audit_log" USING btree ("actor_customer_id","at");--> statement-breakpoint
CREATE INDEX "companies_name_postal_idx" ON "companies" USING btree (lower("name"),"postal_code");--> statement-breakpoint
CREATE INDEX "consent_records_customer_idx" ON "consent_records" USING btree ("customer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "customers_email_lower_key" ON "customers" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "email_changes_customer_idx" ON "email_changes" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "entitlements_company_idx" ON "entitlements" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "identity_links_customer_idx" ON "identity_links" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "invitations_company_idx" ON "invitations" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "invitations_customer_idx" ON "invitations" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "invitations_expires_idx" ON "invitations" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "location_assignments_customer_idx" ON "location_assignments" USING btree ("customer_id","company_id");--> statement-breakpoint
CREATE INDEX "location_assignments_company_idx" ON "location_assignments" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "locations_company_idx" ON "locations" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "mail_outbox_due_idx" ON "mail_outbox" USING btree ("status","next_attempt_at");--> statement-breakpoint
CREATE INDEX "mail_outbox_recipient_idx" ON "mail_outbox" USING btree (lower("recipient"),"created_at");--> statement-breakpoint
CREATE INDEX "mail_outbox_actor_idx" ON "mail_outbox" USING btree ("actor_customer_id","created_at");--> statement-breakpoint
CREATE INDEX "mail_outbox_company_idx" ON "mail_outbox" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE INDEX "memberships_company_idx" ON "memberships" USING btree ("company_id");--> statement-breakpoint
CREATE UNIQUE INDEX "memberships_one_superadmin_key" ON "memberships" USING btree ("company_id") WHERE "memberships"."role" = 'superadmin';--> statement-breakpoint
CREATE INDEX "rate_limits_reset_idx" ON "rate_limits" USING btree ("reset_at");