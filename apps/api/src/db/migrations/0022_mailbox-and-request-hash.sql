ALTER TABLE "bulk_requests" ADD COLUMN "request_hash" text;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "recipient_mailbox" text;--> statement-breakpoint
CREATE INDEX "mail_outbox_mailbox_idx" ON "mail_outbox" USING btree ("recipient_mailbox","created_at");