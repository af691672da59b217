CREATE TABLE "credit_purchases" (
	"session_id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"recorded_at" timestamp with time zone DEFAULT now() NOT NULL
);
