CREATE TABLE "chat_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"agent_id" text NOT NULL,
	"role" text NOT NULL,
	"content" text NOT NULL,
	"real_tokens_used" integer DEFAULT 0 NOT NULL,
	"platform_credits_used" integer DEFAULT 0 NOT NULL,
	"session_id" text,
	"message_order" integer DEFAULT 0 NOT NULL,
	"image_url" text,
	"is_image_generation" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "chat_messages_role_check" CHECK ("chat_messages"."role" in ('user', 'assistant'))
);
--> statement-breakpoint
CREATE INDEX "chat_messages_user_agent_created_idx" ON "chat_messages" USING btree ("user_id","agent_id","created_at");