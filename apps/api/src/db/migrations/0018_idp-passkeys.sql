CREATE TABLE "idp_passkey_challenges" (
	"interaction_uid" text NOT NULL,
	"ceremony" text NOT NULL,
	"challenge" text NOT NULL,
	"account_id" uuid,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "idp_passkey_challenges_interaction_uid_ceremony_pk" PRIMARY KEY("interaction_uid","ceremony")
);
--> statement-breakpoint
CREATE TABLE "idp_passkeys" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"credential_id" text NOT NULL,
	"public_key" text NOT NULL,
	"counter" bigint DEFAULT 0 NOT NULL,
	"transports" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"device_type" text NOT NULL,
	"backed_up" boolean DEFAULT false NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "idp_passkey_challenges" ADD CONSTRAINT "idp_passkey_challenges_account_id_idp_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."idp_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "idp_passkeys" ADD CONSTRAINT "idp_passkeys_account_id_idp_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."idp_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "idp_passkeys_credential_id_key" ON "idp_passkeys" USING btree ("credential_id");--> statement-breakpoint
CREATE INDEX "idp_passkeys_account_idx" ON "idp_passkeys" USING btree ("account_id");