CREATE TABLE "payments" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"kind" text NOT NULL,
	"subscription_id" text,
	"amount" integer NOT NULL,
	"currency" text NOT NULL,
	"paid_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "plan_conversions" (
	"user_id" text PRIMARY KEY NOT NULL,
	"converted_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "product_kind" text DEFAULT 'plan' NOT NULL;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "tier" text;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "cancel_at_period_end" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "payments_paid_at_idx" ON "payments" USING btree ("paid_at");--> statement-breakpoint
CREATE INDEX "payments_user_idx" ON "payments" USING btree ("user_id","paid_at");--> statement-breakpoint
CREATE INDEX "plan_conversions_converted_at_idx" ON "plan_conversions" USING btree ("converted_at");--> statement-breakpoint
UPDATE "subscriptions" SET "product_kind" = "state"->'product'->>'kind', "tier" = "state"->'product'->>'tier', "cancel_at_period_end" = coalesce(("state"->>'cancelAtPeriodEnd')::boolean, false);
