-- A sign-in whose password was right and whose second step is still missing is `incomplete`
-- (issue 41). NOT VALID, then VALIDATE: the new check is added without locking the table for
-- the scan of its rows, which the old check already holds to.
ALTER TABLE "idp_sign_ins" DROP CONSTRAINT "idp_sign_ins_outcome_check";--> statement-breakpoint
ALTER TABLE "idp_sign_ins" ADD CONSTRAINT "idp_sign_ins_outcome_check" CHECK ("idp_sign_ins"."outcome" in ('success', 'failure', 'incomplete')) NOT VALID;--> statement-breakpoint
ALTER TABLE "idp_sign_ins" VALIDATE CONSTRAINT "idp_sign_ins_outcome_check";
