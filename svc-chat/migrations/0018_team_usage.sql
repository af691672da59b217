CREATE TABLE "chat_pool_member_daily" (
	"organisation_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"day" date NOT NULL,
	"messages" bigint DEFAULT 0 NOT NULL,
	"credits" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "chat_pool_member_daily_organisation_id_day_user_id_pk" PRIMARY KEY("organisation_id","day","user_id")
);
--> statement-breakpoint
ALTER TABLE "chat_pool_members" ADD COLUMN "last_active_at" timestamp with time zone;--> statement-breakpoint
-- A pool's ledger rows name the member they are for: the reservation takes (negative deltas), the
-- settlement gives back what the reply did not cost and the release all of it (positive). Their sum
-- per member and day is what the member spent; the settlements count the replies charged.
CREATE VIEW "chat_pool_member_daily_recomputed" AS
  SELECT user_id AS organisation_id, member_id AS user_id, (created_at AT TIME ZONE 'UTC')::date AS day,
    count(*) FILTER (WHERE kind = 'settlement')::bigint AS messages, (-sum(plan_delta + purchased_delta))::bigint AS credits
  FROM chat_wallet_ledger WHERE member_id IS NOT NULL GROUP BY 1, 2, 3;
--> statement-breakpoint
CREATE FUNCTION "chat_pool_count_member_spending"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO chat_pool_member_daily AS t (organisation_id, user_id, day, messages, credits)
    VALUES (NEW.user_id, NEW.member_id, (NEW.created_at AT TIME ZONE 'UTC')::date,
      CASE WHEN NEW.kind = 'settlement' THEN 1 ELSE 0 END, -(NEW.plan_delta + NEW.purchased_delta))
    ON CONFLICT (organisation_id, day, user_id)
    DO UPDATE SET messages = t.messages + excluded.messages, credits = t.credits + excluded.credits;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Ledger rows are written once and never changed, so counting inserts keeps the rollup exact.
CREATE TRIGGER "chat_wallet_ledger_pool_usage" AFTER INSERT ON chat_wallet_ledger
  FOR EACH ROW WHEN (NEW.member_id IS NOT NULL) EXECUTE FUNCTION chat_pool_count_member_spending();
--> statement-breakpoint
-- Settlements and releases of a pool's replies were written without the member until now: they
-- take it from their reservation (same reply, same pool) so the rollup below counts what came back.
UPDATE chat_wallet_ledger s SET member_id = r.member_id
  FROM chat_wallet_ledger r
  WHERE s.member_id IS NULL AND s.kind IN ('settlement', 'release') AND r.kind = 'reservation'
    AND r.member_id IS NOT NULL AND r.message_id = s.message_id AND r.user_id = s.user_id;
--> statement-breakpoint
INSERT INTO chat_pool_member_daily (organisation_id, user_id, day, messages, credits)
  SELECT organisation_id, user_id, day, messages, credits FROM chat_pool_member_daily_recomputed;
--> statement-breakpoint
UPDATE chat_pool_members m SET last_active_at = l.at
  FROM (SELECT user_id, member_id, max(created_at) AS at FROM chat_wallet_ledger WHERE member_id IS NOT NULL AND kind = 'reservation' GROUP BY 1, 2) l
  WHERE m.organisation_id = l.user_id AND m.user_id = l.member_id;
