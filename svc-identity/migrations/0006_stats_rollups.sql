CREATE TABLE "identity_signups_daily" (
	"day" date PRIMARY KEY NOT NULL,
	"sign_ups" bigint DEFAULT 0 NOT NULL,
	"confirmed" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
-- The admin figures read this rollup, one row per day, instead of every account of the range. A
-- trigger keeps it in the transaction that writes the account, whatever the write path; the view
-- states the same figures from the raw rows, for the backfill below and for `npm run stats:verify`.
CREATE VIEW "identity_signups_daily_recomputed" AS
  SELECT (created_at AT TIME ZONE 'UTC')::date AS day, count(*)::bigint AS sign_ups, count(email_confirmed_at)::bigint AS confirmed
  FROM users GROUP BY 1;
--> statement-breakpoint
CREATE FUNCTION "identity_stats_add"(p_day date, p_sign_ups bigint, p_confirmed bigint) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  IF p_sign_ups = 0 AND p_confirmed = 0 THEN
    RETURN;
  END IF;
  INSERT INTO identity_signups_daily AS t (day, sign_ups, confirmed) VALUES (p_day, p_sign_ups, p_confirmed)
    ON CONFLICT (day) DO UPDATE SET sign_ups = t.sign_ups + excluded.sign_ups, confirmed = t.confirmed + excluded.confirmed;
END $$;
--> statement-breakpoint
-- A changed account takes back what its old version counted and counts its new version.
CREATE FUNCTION "identity_stats_count_user"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND (OLD.created_at AT TIME ZONE 'UTC')::date = (NEW.created_at AT TIME ZONE 'UTC')::date THEN
    PERFORM identity_stats_add((NEW.created_at AT TIME ZONE 'UTC')::date, 0,
      (NEW.email_confirmed_at IS NOT NULL)::int - (OLD.email_confirmed_at IS NOT NULL)::int);
    RETURN NULL;
  END IF;
  IF TG_OP <> 'INSERT' THEN
    PERFORM identity_stats_add((OLD.created_at AT TIME ZONE 'UTC')::date, -1, -((OLD.email_confirmed_at IS NOT NULL)::int));
  END IF;
  IF TG_OP <> 'DELETE' THEN
    PERFORM identity_stats_add((NEW.created_at AT TIME ZONE 'UTC')::date, 1, (NEW.email_confirmed_at IS NOT NULL)::int);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "users_stats" AFTER INSERT OR DELETE OR UPDATE OF created_at, email_confirmed_at
  ON users FOR EACH ROW EXECUTE FUNCTION identity_stats_count_user();
--> statement-breakpoint
INSERT INTO identity_signups_daily (day, sign_ups, confirmed) SELECT day, sign_ups, confirmed FROM identity_signups_daily_recomputed;
