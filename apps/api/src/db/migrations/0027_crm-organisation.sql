-- Issue 44: the CRM organisation the mirror belongs to (Dataverse: WhoAmI's OrganizationId). A full
-- read removes what the CRM no longer holds, so the sync and the outbox stop when another
-- organisation answers (other_organisation_id set) until the operator accepts it
-- (docs/operations.md, "The CRM").
SET LOCAL lock_timeout = '5s';--> statement-breakpoint
SET LOCAL statement_timeout = '60s';--> statement-breakpoint
ALTER TABLE "crm_connection" ADD COLUMN "organisation_id" uuid;--> statement-breakpoint
ALTER TABLE "crm_connection" ADD COLUMN "other_organisation_id" uuid;