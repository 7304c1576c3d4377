CREATE TABLE "idp_ended_sessions" (
	"session_uid" text PRIMARY KEY NOT NULL,
	"ended_at" timestamp with time zone DEFAULT now() NOT NULL
);
