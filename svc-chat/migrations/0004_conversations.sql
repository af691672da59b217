CREATE TABLE "chat_conversations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"agent_id" text NOT NULL,
	"title" text NOT NULL,
	"next_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "chat_messages" ADD COLUMN "hidden_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "chat_conversations_user_updated_idx" ON "chat_conversations" USING btree ("user_id","updated_at");--> statement-breakpoint
CREATE INDEX "chat_messages_session_order_idx" ON "chat_messages" USING btree ("session_id","message_order");--> statement-breakpoint
-- Each user's one history per agent becomes their first conversation with it (same id as its session), titled from its first message.
INSERT INTO "chat_conversations" ("id", "user_id", "agent_id", "title", "next_order", "created_at", "updated_at")
SELECT s."session_id", s."user_id", s."agent_id",
  coalesce((SELECT left(regexp_replace(m."content", '\s+', ' ', 'g'), 60) FROM "chat_messages" m WHERE m."user_id" = s."user_id" AND m."agent_id" = s."agent_id" AND m."role" = 'user' ORDER BY m."message_order" LIMIT 1), 'New chat'),
  s."next_order",
  coalesce((SELECT min(m."created_at") FROM "chat_messages" m WHERE m."user_id" = s."user_id" AND m."agent_id" = s."agent_id"), now()),
  coalesce((SELECT max(m."created_at") FROM "chat_messages" m WHERE m."user_id" = s."user_id" AND m."agent_id" = s."agent_id"), now())
FROM "chat_sessions" s;--> statement-breakpoint
UPDATE "chat_messages" m SET "session_id" = s."session_id"::text FROM "chat_sessions" s WHERE m."user_id" = s."user_id" AND m."agent_id" = s."agent_id" AND m."session_id" IS NULL;
