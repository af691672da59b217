ALTER TABLE "chat_stats_daily" ADD COLUMN "shard" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "chat_stats_daily" DROP CONSTRAINT "chat_stats_daily_day_channel_agent_id_pk";--> statement-breakpoint
ALTER TABLE "chat_stats_daily" ADD CONSTRAINT "chat_stats_daily_day_channel_agent_id_shard_pk" PRIMARY KEY("day","channel","agent_id","shard");--> statement-breakpoint
-- Every reply of an agent on a day was counted into one row, whose lock each settlement held
-- until it committed: concurrent replies of one agent waited for each other's commit. Each
-- database connection (one transaction at a time) now counts into its own of 8 shards; the
-- admin figures and `stats:verify` sum them, so the totals stay exact.
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
    IF p_day < (clock_timestamp() AT TIME ZONE 'UTC')::date THEN
      PERFORM chat_stats_add_to_windows(p_day, p_user, p_messages, p_credits);
    END IF;
  END IF;
END $$;
