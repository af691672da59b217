CREATE TABLE "ended_course_subscriptions" (
	"subscription_id" text PRIMARY KEY NOT NULL,
	"course_id" text NOT NULL,
	"user_id" uuid NOT NULL,
	"ended_at" timestamp with time zone DEFAULT now() NOT NULL
);
