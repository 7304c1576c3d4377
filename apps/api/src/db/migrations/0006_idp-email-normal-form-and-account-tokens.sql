-- The provider's accounts in the contract's e-mail normal form (decision 0019), as the customers'
-- in 0005: ASCII addresses are lower-cased here and the uniqueness becomes exact; rows from before
-- that are not in the normal form stay as they are (NOT VALID), every new or changed address is
-- checked. Single-use links for registration and password reset (decision 0020), and the account
-- of each stored session, grant, code and token, so that a new password can end them.
UPDATE "idp_accounts" SET "email" = lower("email") WHERE "email" ~ '^[!-~]+$' AND "email" <> lower("email");--> statement-breakpoint
CREATE TABLE "idp_account_tokens" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"account_id" uuid NOT NULL,
	"purpose" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "idp_account_tokens_purpose_check" CHECK ("idp_account_tokens"."purpose" in ('verify-email', 'reset-password'))
);
--> statement-breakpoint
DROP INDEX "idp_accounts_email_lower_key";--> statement-breakpoint
ALTER TABLE "idp_payloads" ADD COLUMN "account_id" text;--> statement-breakpoint
UPDATE "idp_payloads" SET "account_id" = coalesce("payload"->>'accountId', "payload"->'session'->>'accountId', "payload"->'result'->'login'->>'accountId');--> statement-breakpoint
ALTER TABLE "idp_account_tokens" ADD CONSTRAINT "idp_account_tokens_account_id_idp_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."idp_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "idp_account_tokens_account_idx" ON "idp_account_tokens" USING btree ("account_id");--> statement-breakpoint
CREATE UNIQUE INDEX "idp_accounts_email_key" ON "idp_accounts" USING btree ("email");--> statement-breakpoint
CREATE INDEX "idp_payloads_account_idx" ON "idp_payloads" USING btree ("account_id");--> statement-breakpoint
ALTER TABLE "idp_accounts" ADD CONSTRAINT "idp_accounts_email_normal_check" CHECK ("idp_accounts"."email" ~ '^[!-@[-~]+$') NOT VALID;