-- Nothing keeps answers in memory any more (decision 0044 supersedes 0042): the change notices
-- of migration 0008 have no listener, so every write stops paying for them.
DROP TRIGGER "customers_pp_change" ON "customers";
--> statement-breakpoint
DROP TRIGGER "identity_links_pp_change" ON "identity_links";
--> statement-breakpoint
DROP TRIGGER "companies_pp_change" ON "companies";
--> statement-breakpoint
DROP TRIGGER "memberships_pp_change" ON "memberships";
--> statement-breakpoint
DROP TRIGGER "invitations_pp_change" ON "invitations";
--> statement-breakpoint
DROP TRIGGER "locations_pp_change" ON "locations";
--> statement-breakpoint
DROP TRIGGER "location_assignments_pp_change" ON "location_assignments";
--> statement-breakpoint
DROP FUNCTION "pp_notify_change"();
