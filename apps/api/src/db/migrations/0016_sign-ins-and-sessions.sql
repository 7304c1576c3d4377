CREATE TABLE "idp_session_activity" (
	"session_uid" text PRIMARY KEY NOT NULL,
	"account_id" uuid NOT NULL,
	"user_agent" text DEFAULT '' NOT NULL,
	"first_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "idp_sign_ins" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"outcome" text NOT NULL,
	"method" text NOT NULL,
	"second_factor" boolean DEFAULT false NOT NULL,
	"user_agent" text DEFAULT '' NOT NULL,
	"device" text,
	"new_browser" boolean DEFAULT false NOT NULL,
	CONSTRAINT "idp_sign_ins_outcome_check" CHECK ("idp_sign_ins"."outcome" in ('success', 'failure'))
);
--> statement-breakpoint
ALTER TABLE "idp_session_activity" ADD CONSTRAINT "idp_session_activity_account_id_idp_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."idp_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "idp_sign_ins" ADD CONSTRAINT "idp_sign_ins_account_id_idp_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."idp_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "idp_session_activity_account_idx" ON "idp_session_activity" USING btree ("account_id");--> statement-breakpoint
CREATE INDEX "idp_sign_ins_account_idx" ON "idp_sign_ins" USING btree ("account_id","at");