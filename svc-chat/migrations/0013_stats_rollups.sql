CREATE TABLE "chat_customer_daily" (
	"day" date NOT NULL,
	"user_id" uuid NOT NULL,
	"messages" bigint DEFAULT 0 NOT NULL,
	"credits" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "chat_customer_daily_day_user_id_pk" PRIMARY KEY("day","user_id")
);
--> statement-breakpoint
CREATE TABLE "chat_customer_window_totals" (
	"days" integer NOT NULL,
	"user_id" uuid NOT NULL,
	"messages" bigint DEFAULT 0 NOT NULL,
	"credits" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "chat_customer_window_totals_days_user_id_pk" PRIMARY KEY("days","user_id")
);
--> statement-breakpoint
CREATE TABLE "chat_customer_windows" (
	"days" integer PRIMARY KEY NOT NULL,
	"from_day" date NOT NULL,
	"through_day" date NOT NULL,
	"customers" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "chat_stats_daily" (
	"day" date NOT NULL,
	"channel" text NOT NULL,
	"agent_id" text NOT NULL,
	"messages" bigint DEFAULT 0 NOT NULL,
	"credits" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "chat_stats_daily_day_channel_agent_id_pk" PRIMARY KEY("day","channel","agent_id"),
	CONSTRAINT "chat_stats_daily_channel_check" CHECK ("chat_stats_daily"."channel" in ('web', 'api'))
);
--> statement-breakpoint
CREATE INDEX "chat_customer_window_totals_rank_idx" ON "chat_customer_window_totals" USING btree ("days","credits" DESC NULLS LAST,"messages" DESC NULLS LAST,"user_id");--> statement-breakpoint
CREATE INDEX "chat_wallets_credits_used_idx" ON "chat_wallets" USING btree (greatest("credits_limit" - "credits_remaining", 0) desc,"user_id");--> statement-breakpoint
-- The admin figures read these rollups, at most one row per day and series, instead of every raw
-- row of the range. Triggers keep them in the transaction that writes the counted row, whatever
-- the write path (sending, the public API, a refund, a test fixture); the views state the same
-- figures from the raw rows, for the backfill below and for `npm run stats:verify`.
CREATE VIEW "chat_stats_daily_recomputed" AS
  SELECT (created_at AT TIME ZONE 'UTC')::date AS day, 'web'::text AS channel, agent_id,
    count(*)::bigint AS messages, coalesce(sum(platform_credits_used) FILTER (WHERE refunded_at IS NULL), 0)::bigint AS credits
  FROM chat_messages WHERE role = 'assistant' GROUP BY 1, 3
  UNION ALL
  SELECT (created_at AT TIME ZONE 'UTC')::date, 'api', agent_id, count(*)::bigint, coalesce(sum(credits), 0)::bigint
  FROM chat_api_requests WHERE status IN (200, 499) GROUP BY 1, 3;
--> statement-breakpoint
CREATE VIEW "chat_customer_daily_recomputed" AS
  SELECT (created_at AT TIME ZONE 'UTC')::date AS day, user_id,
    count(*)::bigint AS messages, coalesce(sum(platform_credits_used) FILTER (WHERE refunded_at IS NULL), 0)::bigint AS credits
  FROM chat_messages WHERE role = 'assistant' GROUP BY 1, 2;
--> statement-breakpoint
CREATE VIEW "chat_customer_window_totals_recomputed" AS
  SELECT w.days, d.user_id, sum(d.messages)::bigint AS messages, sum(d.credits)::bigint AS credits
  FROM chat_customer_windows w JOIN chat_customer_daily d ON d.day BETWEEN w.from_day AND w.through_day
  GROUP BY w.days, d.user_id HAVING sum(d.messages) <> 0;
--> statement-breakpoint
CREATE VIEW "chat_customer_windows_recomputed" AS
  SELECT days, count(*)::bigint AS customers FROM chat_customer_window_totals_recomputed GROUP BY days;
--> statement-breakpoint
-- A change on a window's settled days (a refund of an old reply, an import) goes into its totals.
-- Every window row is locked first (in order; one such change at a time), so a window being moved forward (which holds its row)
-- either sees this change committed or is seen moved; today's replies, on no settled day, skip it.
CREATE FUNCTION "chat_stats_add_to_windows"(p_day date, p_user uuid, p_messages bigint, p_credits bigint) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  w record;
  total bigint;
BEGIN
  FOR w IN SELECT days, from_day, through_day FROM chat_customer_windows ORDER BY days FOR NO KEY UPDATE LOOP
    CONTINUE WHEN p_day < w.from_day OR p_day > w.through_day;
    INSERT INTO chat_customer_window_totals AS t (days, user_id, messages, credits) VALUES (w.days, p_user, p_messages, p_credits)
      ON CONFLICT (days, user_id) DO UPDATE SET messages = t.messages + excluded.messages, credits = t.credits + excluded.credits
      RETURNING messages INTO total;
    IF total = 0 THEN
      DELETE FROM chat_customer_window_totals WHERE days = w.days AND user_id = p_user;
      UPDATE chat_customer_windows SET customers = customers - 1 WHERE days = w.days;
    ELSIF total = p_messages THEN
      UPDATE chat_customer_windows SET customers = customers + 1 WHERE days = w.days;
    END IF;
  END LOOP;
END $$;
--> statement-breakpoint
CREATE FUNCTION "chat_stats_add"(p_day date, p_channel text, p_agent text, p_user uuid, p_messages bigint, p_credits bigint) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  IF p_messages = 0 AND p_credits = 0 THEN
    RETURN;
  END IF;
  INSERT INTO chat_stats_daily AS t (day, channel, agent_id, messages, credits) VALUES (p_day, p_channel, p_agent, p_messages, p_credits)
    ON CONFLICT (day, channel, agent_id) DO UPDATE SET messages = t.messages + excluded.messages, credits = t.credits + excluded.credits;
  -- The customer figures are the web chat's only.
  IF p_channel = 'web' THEN
    INSERT INTO chat_customer_daily AS t (day, user_id, messages, credits) VALUES (p_day, p_user, p_messages, p_credits)
      ON CONFLICT (day, user_id) DO UPDATE SET messages = t.messages + excluded.messages, credits = t.credits + excluded.credits;
    IF p_day < (clock_timestamp() AT TIME ZONE 'UTC')::date THEN
      PERFORM chat_stats_add_to_windows(p_day, p_user, p_messages, p_credits);
    END IF;
  END IF;
END $$;
--> statement-breakpoint
-- A changed row takes back what its old version counted and counts its new version.
CREATE FUNCTION "chat_stats_count_reply"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' AND OLD.role = 'assistant' THEN
    PERFORM chat_stats_add((OLD.created_at AT TIME ZONE 'UTC')::date, 'web', OLD.agent_id, OLD.user_id, -1,
      -(CASE WHEN OLD.refunded_at IS NULL THEN OLD.platform_credits_used ELSE 0 END));
  END IF;
  IF TG_OP <> 'DELETE' AND NEW.role = 'assistant' THEN
    PERFORM chat_stats_add((NEW.created_at AT TIME ZONE 'UTC')::date, 'web', NEW.agent_id, NEW.user_id, 1,
      CASE WHEN NEW.refunded_at IS NULL THEN NEW.platform_credits_used ELSE 0 END);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "chat_stats_count_api_request"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' AND OLD.status IN (200, 499) THEN
    PERFORM chat_stats_add((OLD.created_at AT TIME ZONE 'UTC')::date, 'api', OLD.agent_id, OLD.user_id, -1, -OLD.credits);
  END IF;
  IF TG_OP <> 'DELETE' AND NEW.status IN (200, 499) THEN
    PERFORM chat_stats_add((NEW.created_at AT TIME ZONE 'UTC')::date, 'api', NEW.agent_id, NEW.user_id, 1, NEW.credits);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "chat_messages_stats" AFTER INSERT OR DELETE OR UPDATE OF role, agent_id, user_id, platform_credits_used, refunded_at, created_at
  ON chat_messages FOR EACH ROW EXECUTE FUNCTION chat_stats_count_reply();
--> statement-breakpoint
CREATE TRIGGER "chat_api_requests_stats" AFTER INSERT OR DELETE OR UPDATE OF agent_id, user_id, status, credits, created_at
  ON chat_api_requests FOR EACH ROW EXECUTE FUNCTION chat_stats_count_api_request();
--> statement-breakpoint
INSERT INTO chat_stats_daily (day, channel, agent_id, messages, credits) SELECT day, channel, agent_id, messages, credits FROM chat_stats_daily_recomputed;
--> statement-breakpoint
INSERT INTO chat_customer_daily (day, user_id, messages, credits) SELECT day, user_id, messages, credits FROM chat_customer_daily_recomputed;
