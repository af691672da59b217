CREATE TABLE "billing_settings" (
	"id" text PRIMARY KEY NOT NULL,
	"tax_enabled" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "plan_trials" (
	"plan_id" text NOT NULL,
	"billing_period" text NOT NULL,
	"days" integer NOT NULL,
	"card_required" boolean NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "plan_trials_plan_id_billing_period_pk" PRIMARY KEY("plan_id","billing_period")
);
--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "discount_amount" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "trial_end" bigint;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "discount" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "payments_subscription_idx" ON "payments" USING btree ("subscription_id");--> statement-breakpoint
CREATE INDEX "subscriptions_trial_end_idx" ON "subscriptions" USING btree ("trial_end");--> statement-breakpoint
-- MRR is after discounts: the subscription rollups (migration 0008) count each subscription at its
-- price less its recurring discount from now on; existing rows have none, so the rollups stay exact.
CREATE OR REPLACE VIEW "billing_subscription_groups_recomputed" AS
  SELECT product_kind, status, coalesce(tier, '') AS tier, interval, currency, cancel_at_period_end, count(*)::bigint AS subscriptions, sum(unit_amount - discount_amount)::bigint AS amount
  FROM subscriptions GROUP BY 1, 2, 3, 4, 5, 6;
--> statement-breakpoint
CREATE OR REPLACE VIEW "billing_subscriptions_observed_daily_recomputed" AS
  SELECT (to_timestamp(observed_at) AT TIME ZONE 'UTC')::date AS day, product_kind, status, interval, currency, count(*)::bigint AS subscriptions, sum(unit_amount - discount_amount)::bigint AS amount
  FROM subscriptions GROUP BY 1, 2, 3, 4, 5;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "billing_stats_add_subscription"(s subscriptions, p_sign int) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO billing_subscription_groups AS t (product_kind, status, tier, interval, currency, cancel_at_period_end, subscriptions, amount)
    VALUES (s.product_kind, s.status, coalesce(s.tier, ''), s.interval, s.currency, s.cancel_at_period_end, p_sign, p_sign * (s.unit_amount - s.discount_amount)::bigint)
    ON CONFLICT (product_kind, status, tier, interval, currency, cancel_at_period_end)
    DO UPDATE SET subscriptions = t.subscriptions + excluded.subscriptions, amount = t.amount + excluded.amount;
  INSERT INTO billing_subscriptions_observed_daily AS t (day, product_kind, status, interval, currency, subscriptions, amount)
    VALUES ((to_timestamp(s.observed_at) AT TIME ZONE 'UTC')::date, s.product_kind, s.status, s.interval, s.currency, p_sign, p_sign * (s.unit_amount - s.discount_amount)::bigint)
    ON CONFLICT (day, product_kind, status, interval, currency)
    DO UPDATE SET subscriptions = t.subscriptions + excluded.subscriptions, amount = t.amount + excluded.amount;
END $$;
--> statement-breakpoint
DROP TRIGGER "subscriptions_stats" ON subscriptions;
--> statement-breakpoint
CREATE TRIGGER "subscriptions_stats" AFTER INSERT OR DELETE OR UPDATE OF product_kind, status, tier, interval, currency, cancel_at_period_end, unit_amount, discount_amount, observed_at
  ON subscriptions FOR EACH ROW EXECUTE FUNCTION billing_stats_count_subscription();
