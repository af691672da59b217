ALTER TABLE "billing_subscription_groups" ADD COLUMN "team" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "billing_subscription_groups" ADD COLUMN "seats" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "billing_subscription_groups" DROP CONSTRAINT "billing_subscription_groups_pk";
--> statement-breakpoint
ALTER TABLE "billing_subscription_groups" ADD CONSTRAINT "billing_subscription_groups_pk" PRIMARY KEY("product_kind","status","tier","interval","currency","cancel_at_period_end","team");--> statement-breakpoint
-- A team's subscription pays its price once per seat: MRR counts unit price × seats, less the
-- recurring discount of the whole subscription (taken off all seats together from now on); a
-- person's subscription has one seat. Team subscriptions are grouped apart, with their seats.
CREATE OR REPLACE VIEW "billing_subscription_groups_recomputed" AS
  SELECT product_kind, status, coalesce(tier, '') AS tier, interval, currency, cancel_at_period_end, count(*)::bigint AS subscriptions,
    sum(unit_amount::bigint * seats - discount_amount)::bigint AS amount, organisation_id IS NOT NULL AS team,
    coalesce(sum(seats) FILTER (WHERE organisation_id IS NOT NULL), 0)::bigint AS seats
  FROM subscriptions GROUP BY 1, 2, 3, 4, 5, 6, 9;
--> statement-breakpoint
CREATE OR REPLACE VIEW "billing_subscriptions_observed_daily_recomputed" AS
  SELECT (to_timestamp(observed_at) AT TIME ZONE 'UTC')::date AS day, product_kind, status, interval, currency, count(*)::bigint AS subscriptions,
    sum(unit_amount::bigint * seats - discount_amount)::bigint AS amount
  FROM subscriptions GROUP BY 1, 2, 3, 4, 5;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "billing_stats_add_subscription"(s subscriptions, p_sign int) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO billing_subscription_groups AS t (product_kind, status, tier, interval, currency, cancel_at_period_end, team, subscriptions, amount, seats)
    VALUES (s.product_kind, s.status, coalesce(s.tier, ''), s.interval, s.currency, s.cancel_at_period_end, s.organisation_id IS NOT NULL, p_sign,
      p_sign * (s.unit_amount::bigint * s.seats - s.discount_amount), p_sign * (CASE WHEN s.organisation_id IS NOT NULL THEN s.seats ELSE 0 END))
    ON CONFLICT (product_kind, status, tier, interval, currency, cancel_at_period_end, team)
    DO UPDATE SET subscriptions = t.subscriptions + excluded.subscriptions, amount = t.amount + excluded.amount, seats = t.seats + excluded.seats;
  INSERT INTO billing_subscriptions_observed_daily AS t (day, product_kind, status, interval, currency, subscriptions, amount)
    VALUES ((to_timestamp(s.observed_at) AT TIME ZONE 'UTC')::date, s.product_kind, s.status, s.interval, s.currency, p_sign,
      p_sign * (s.unit_amount::bigint * s.seats - s.discount_amount))
    ON CONFLICT (day, product_kind, status, interval, currency)
    DO UPDATE SET subscriptions = t.subscriptions + excluded.subscriptions, amount = t.amount + excluded.amount;
END $$;
--> statement-breakpoint
DROP TRIGGER "subscriptions_stats" ON subscriptions;
--> statement-breakpoint
CREATE TRIGGER "subscriptions_stats" AFTER INSERT OR DELETE OR UPDATE OF product_kind, status, tier, interval, currency, cancel_at_period_end, unit_amount, discount_amount, observed_at, seats, organisation_id
  ON subscriptions FOR EACH ROW EXECUTE FUNCTION billing_stats_count_subscription();
--> statement-breakpoint
-- Counted again from the subscriptions: team rows so far counted one seat's price.
DELETE FROM billing_subscription_groups;
--> statement-breakpoint
INSERT INTO billing_subscription_groups (product_kind, status, tier, interval, currency, cancel_at_period_end, team, subscriptions, amount, seats)
  SELECT product_kind, status, tier, interval, currency, cancel_at_period_end, team, subscriptions, amount, seats FROM billing_subscription_groups_recomputed;
--> statement-breakpoint
DELETE FROM billing_subscriptions_observed_daily;
--> statement-breakpoint
INSERT INTO billing_subscriptions_observed_daily (day, product_kind, status, interval, currency, subscriptions, amount)
  SELECT day, product_kind, status, interval, currency, subscriptions, amount FROM billing_subscriptions_observed_daily_recomputed;
