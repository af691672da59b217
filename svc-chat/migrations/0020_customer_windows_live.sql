-- The preset ranges' customer windows now hold every day from their first on, today's replies
-- included, kept by the reply trigger as replies are written: the top customers and the count of
-- active ones no longer merge today's customers one by one at each read (a cost that grew with the
-- day's traffic). Every reply adds to the windows, so none may wait on another's commit there:
-- the count is spread over shards, and a window being moved is guarded by an advisory lock the
-- trigger takes shared (the move exclusive), not by a lock on the window's row.
DROP VIEW "chat_customer_windows_recomputed";--> statement-breakpoint
DROP VIEW "chat_customer_window_totals_recomputed";--> statement-breakpoint
CREATE TABLE "chat_customer_window_counts" (
	"days" integer NOT NULL,
	"shard" integer NOT NULL,
	"customers" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "chat_customer_window_counts_days_shard_pk" PRIMARY KEY("days","shard")
);
--> statement-breakpoint
ALTER TABLE "chat_customer_windows" DROP COLUMN "through_day";--> statement-breakpoint
ALTER TABLE "chat_customer_windows" DROP COLUMN "customers";--> statement-breakpoint
-- The windows are built again, with today in them, by the next stats read.
DELETE FROM "chat_customer_window_totals";--> statement-breakpoint
DELETE FROM "chat_customer_windows";--> statement-breakpoint
CREATE VIEW "chat_customer_window_totals_recomputed" AS
  SELECT w.days, d.user_id, sum(d.messages)::bigint AS messages, sum(d.credits)::bigint AS credits
  FROM chat_customer_windows w JOIN chat_customer_daily d ON d.day >= w.from_day
  GROUP BY w.days, d.user_id HAVING sum(d.messages) <> 0;
--> statement-breakpoint
CREATE VIEW "chat_customer_window_counts_recomputed" AS
  SELECT days, count(*)::bigint AS customers FROM chat_customer_window_totals_recomputed GROUP BY days;
--> statement-breakpoint
-- Every change of a customer's day from a window's first day on goes into its totals: a reply as
-- it is written, a refund, an import. The shared advisory lock (released at commit) lets replies
-- add side by side and makes a window's move (which takes it exclusive) wait for them, or them
-- for the move, so a change is either taken off with its day by the move or not added at all.
CREATE OR REPLACE FUNCTION "chat_stats_add_to_windows"(p_day date, p_user uuid, p_messages bigint, p_credits bigint) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  w record;
  total bigint;
  change bigint;
BEGIN
  PERFORM pg_advisory_xact_lock_shared(hashtext('chat_customer_windows'));
  FOR w IN SELECT days, from_day FROM chat_customer_windows ORDER BY days LOOP
    CONTINUE WHEN p_day < w.from_day;
    INSERT INTO chat_customer_window_totals AS t (days, user_id, messages, credits) VALUES (w.days, p_user, p_messages, p_credits)
      ON CONFLICT (days, user_id) DO UPDATE SET messages = t.messages + excluded.messages, credits = t.credits + excluded.credits
      RETURNING messages INTO total;
    change := 0;
    IF total = 0 THEN
      DELETE FROM chat_customer_window_totals WHERE days = w.days AND user_id = p_user;
      change := -1;
    ELSIF total = p_messages THEN
      change := 1;
    END IF;
    IF change <> 0 THEN
      INSERT INTO chat_customer_window_counts AS c (days, shard, customers) VALUES (w.days, pg_backend_pid() % 8, change)
        ON CONFLICT (days, shard) DO UPDATE SET customers = c.customers + excluded.customers;
    END IF;
  END LOOP;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "chat_stats_add"(p_day date, p_channel text, p_agent text, p_user uuid, p_messages bigint, p_credits bigint) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  IF p_messages = 0 AND p_credits = 0 THEN
    RETURN;
  END IF;
  INSERT INTO chat_stats_daily AS t (day, channel, agent_id, shard, messages, credits) VALUES (p_day, p_channel, p_agent, pg_backend_pid() % 8, p_messages, p_credits)
    ON CONFLICT (day, channel, agent_id, shard) DO UPDATE SET messages = t.messages + excluded.messages, credits = t.credits + excluded.credits;
  -- The customer figures are the web chat's only.
  IF p_channel = 'web' THEN
    INSERT INTO chat_customer_daily AS t (day, user_id, messages, credits) VALUES (p_day, p_user, p_messages, p_credits)
      ON CONFLICT (day, user_id) DO UPDATE SET messages = t.messages + excluded.messages, credits = t.credits + excluded.credits;
    PERFORM chat_stats_add_to_windows(p_day, p_user, p_messages, p_credits);
  END IF;
END $$;
