CREATE TABLE "sign_in_failures" (
	"account" text NOT NULL,
	"source" text NOT NULL,
	"failures" integer NOT NULL,
	"first_failure_at" timestamp with time zone NOT NULL,
	"last_failure_at" timestamp with time zone NOT NULL,
	"alerted_at" timestamp with time zone,
	CONSTRAINT "sign_in_failures_account_source_pk" PRIMARY KEY("account","source")
);
--> statement-breakpoint
CREATE INDEX "sign_in_failures_last_idx" ON "sign_in_failures" USING btree ("last_failure_at");