ALTER TABLE "chat_conversations" ADD COLUMN "leaf_id" uuid;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD COLUMN "parent_id" uuid;--> statement-breakpoint
CREATE INDEX "chat_messages_parent_idx" ON "chat_messages" USING btree ("parent_id");--> statement-breakpoint
-- Each conversation's visible messages become one chain in their order; messages hidden by an edit made before branching keep no parent and stay off every path.
UPDATE "chat_messages" m SET "parent_id" = chain."previous_id"
FROM (
  SELECT "id", lag("id") OVER (PARTITION BY "user_id", "session_id" ORDER BY "message_order", "created_at") AS "previous_id"
  FROM "chat_messages" WHERE "hidden_at" IS NULL AND "session_id" IS NOT NULL
) chain
WHERE m."id" = chain."id" AND chain."previous_id" IS NOT NULL;--> statement-breakpoint
UPDATE "chat_conversations" c SET "leaf_id" = (
  SELECT m."id" FROM "chat_messages" m
  WHERE m."session_id" = c."id"::text AND m."user_id" = c."user_id" AND m."hidden_at" IS NULL
  ORDER BY m."message_order" DESC, m."created_at" DESC LIMIT 1
);
