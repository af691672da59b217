CREATE TABLE "billing_conversions_daily" (
	"day" date PRIMARY KEY NOT NULL,
	"conversions" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "billing_payments_daily" (
	"day" date NOT NULL,
	"currency" text NOT NULL,
	"refund" boolean NOT NULL,
	"payments" bigint DEFAULT 0 NOT NULL,
	"amount" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "billing_payments_daily_day_currency_refund_pk" PRIMARY KEY("day","currency","refund")
);
--> statement-breakpoint
CREATE TABLE "billing_subscription_groups" (
	"product_kind" text NOT NULL,
	"status" text NOT NULL,
	"interval" text NOT NULL,
	"currency" text NOT NULL,
	"subscriptions" bigint DEFAULT 0 NOT NULL,
	"amount" bigint DEFAULT 0 NOT NULL,
	"tier" text NOT NULL,
	"cancel_at_period_end" boolean NOT NULL,
	CONSTRAINT "billing_subscription_groups_pk" PRIMARY KEY("product_kind","status","tier","interval","currency","cancel_at_period_end")
);
--> statement-breakpoint
CREATE TABLE "billing_subscriptions_observed_daily" (
	"day" date NOT NULL,
	"product_kind" text NOT NULL,
	"status" text NOT NULL,
	"interval" text NOT NULL,
	"currency" text NOT NULL,
	"subscriptions" bigint DEFAULT 0 NOT NULL,
	"amount" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "billing_subscriptions_observed_daily_pk" PRIMARY KEY("day","product_kind","status","interval","currency")
);
--> statement-breakpoint
-- The admin figures read these rollups, at most one row per day and series (and a handful for the
-- subscriptions now), instead of every payment and subscription. Triggers keep them in the
-- transaction that writes the row, whatever the write path; the views state the same figures from
-- the raw rows, for the backfill below and for `npm run stats:verify`.
CREATE VIEW "billing_payments_daily_recomputed" AS
  SELECT (paid_at AT TIME ZONE 'UTC')::date AS day, currency, kind = 'refund' AS refund, count(*)::bigint AS payments, sum(amount)::bigint AS amount FROM payments GROUP BY 1, 2, 3;
--> statement-breakpoint
CREATE VIEW "billing_conversions_daily_recomputed" AS
  SELECT (converted_at AT TIME ZONE 'UTC')::date AS day, count(*)::bigint AS conversions FROM plan_conversions GROUP BY 1;
--> statement-breakpoint
CREATE VIEW "billing_subscription_groups_recomputed" AS
  SELECT product_kind, status, coalesce(tier, '') AS tier, interval, currency, cancel_at_period_end, count(*)::bigint AS subscriptions, sum(unit_amount)::bigint AS amount
  FROM subscriptions GROUP BY 1, 2, 3, 4, 5, 6;
--> statement-breakpoint
CREATE VIEW "billing_subscriptions_observed_daily_recomputed" AS
  SELECT (to_timestamp(observed_at) AT TIME ZONE 'UTC')::date AS day, product_kind, status, interval, currency, count(*)::bigint AS subscriptions, sum(unit_amount)::bigint AS amount
  FROM subscriptions GROUP BY 1, 2, 3, 4, 5;
--> statement-breakpoint
CREATE FUNCTION "billing_stats_count_payment"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    INSERT INTO billing_payments_daily AS t (day, currency, refund, payments, amount) VALUES ((OLD.paid_at AT TIME ZONE 'UTC')::date, OLD.currency, OLD.kind = 'refund', -1, -OLD.amount)
      ON CONFLICT (day, currency, refund) DO UPDATE SET payments = t.payments + excluded.payments, amount = t.amount + excluded.amount;
  END IF;
  IF TG_OP <> 'DELETE' THEN
    INSERT INTO billing_payments_daily AS t (day, currency, refund, payments, amount) VALUES ((NEW.paid_at AT TIME ZONE 'UTC')::date, NEW.currency, NEW.kind = 'refund', 1, NEW.amount)
      ON CONFLICT (day, currency, refund) DO UPDATE SET payments = t.payments + excluded.payments, amount = t.amount + excluded.amount;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "billing_stats_count_conversion"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    INSERT INTO billing_conversions_daily AS t (day, conversions) VALUES ((OLD.converted_at AT TIME ZONE 'UTC')::date, -1)
      ON CONFLICT (day) DO UPDATE SET conversions = t.conversions + excluded.conversions;
  END IF;
  IF TG_OP <> 'DELETE' THEN
    INSERT INTO billing_conversions_daily AS t (day, conversions) VALUES ((NEW.converted_at AT TIME ZONE 'UTC')::date, 1)
      ON CONFLICT (day) DO UPDATE SET conversions = t.conversions + excluded.conversions;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "billing_stats_add_subscription"(s subscriptions, p_sign int) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO billing_subscription_groups AS t (product_kind, status, tier, interval, currency, cancel_at_period_end, subscriptions, amount)
    VALUES (s.product_kind, s.status, coalesce(s.tier, ''), s.interval, s.currency, s.cancel_at_period_end, p_sign, p_sign * s.unit_amount::bigint)
    ON CONFLICT (product_kind, status, tier, interval, currency, cancel_at_period_end)
    DO UPDATE SET subscriptions = t.subscriptions + excluded.subscriptions, amount = t.amount + excluded.amount;
  INSERT INTO billing_subscriptions_observed_daily AS t (day, product_kind, status, interval, currency, subscriptions, amount)
    VALUES ((to_timestamp(s.observed_at) AT TIME ZONE 'UTC')::date, s.product_kind, s.status, s.interval, s.currency, p_sign, p_sign * s.unit_amount::bigint)
    ON CONFLICT (day, product_kind, status, interval, currency)
    DO UPDATE SET subscriptions = t.subscriptions + excluded.subscriptions, amount = t.amount + excluded.amount;
END $$;
--> statement-breakpoint
-- A changed subscription takes back what its old version counted and counts its new version.
CREATE FUNCTION "billing_stats_count_subscription"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    PERFORM billing_stats_add_subscription(OLD, -1);
  END IF;
  IF TG_OP <> 'DELETE' THEN
    PERFORM billing_stats_add_subscription(NEW, 1);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "payments_stats" AFTER INSERT OR DELETE OR UPDATE OF paid_at, currency, kind, amount
  ON payments FOR EACH ROW EXECUTE FUNCTION billing_stats_count_payment();
--> statement-breakpoint
CREATE TRIGGER "plan_conversions_stats" AFTER INSERT OR DELETE OR UPDATE OF converted_at
  ON plan_conversions FOR EACH ROW EXECUTE FUNCTION billing_stats_count_conversion();
--> statement-breakpoint
CREATE TRIGGER "subscriptions_stats" AFTER INSERT OR DELETE OR UPDATE OF product_kind, status, tier, interval, currency, cancel_at_period_end, unit_amount, observed_at
  ON subscriptions FOR EACH ROW EXECUTE FUNCTION billing_stats_count_subscription();
--> statement-breakpoint
INSERT INTO billing_payments_daily (day, currency, refund, payments, amount) SELECT day, currency, refund, payments, amount FROM billing_payments_daily_recomputed;
--> statement-breakpoint
INSERT INTO billing_conversions_daily (day, conversions) SELECT day, conversions FROM billing_conversions_daily_recomputed;
--> statement-breakpoint
INSERT INTO billing_subscription_groups (product_kind, status, tier, interval, currency, cancel_at_period_end, subscriptions, amount)
  SELECT product_kind, status, tier, interval, currency, cancel_at_period_end, subscriptions, amount FROM billing_subscription_groups_recomputed;
--> statement-breakpoint
INSERT INTO billing_subscriptions_observed_daily (day, product_kind, status, interval, currency, subscriptions, amount)
  SELECT day, product_kind, status, interval, currency, subscriptions, amount FROM billing_subscriptions_observed_daily_recomputed;
