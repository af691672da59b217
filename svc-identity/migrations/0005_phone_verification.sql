-- A phone number signs in only once its owner has proved it with a texted code: the code waits in phone_codes, the number in users.pending_phone.
CREATE TABLE "phone_codes" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"code_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"failed_attempts" integer DEFAULT 0 NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "pending_phone" text;--> statement-breakpoint
ALTER TABLE "phone_codes" ADD CONSTRAINT "phone_codes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Numbers saved before were never proved: they wait for a code like a new one (the owner asks for it on the dashboard) and stop signing in until then.
UPDATE "users" SET "pending_phone" = "phone", "phone" = NULL WHERE "phone" IS NOT NULL;
