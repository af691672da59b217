CREATE TABLE "cancellation_requests" (
	"id" text PRIMARY KEY NOT NULL,
	"subscription_id" text NOT NULL,
	"user_id" text NOT NULL,
	"product_kind" text NOT NULL,
	"reason" text,
	"comment" text,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "cancellation_requests_requested_at_idx" ON "cancellation_requests" USING btree ("requested_at");