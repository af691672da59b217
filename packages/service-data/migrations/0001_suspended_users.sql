CREATE TABLE "suspended_users" (
	"user_id" text PRIMARY KEY NOT NULL,
	"suspended" boolean NOT NULL,
	"changed_at" timestamp with time zone NOT NULL
);
