-- The public /v1 API: a read model of svc-identity's API keys (hash only) with each key's monthly spend, and one metadata row per metered request (no message content). Agents keep catalog's creation time (a model's "created").
CREATE TABLE "chat_api_keys" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"secret_hash" text,
	"name" text DEFAULT '' NOT NULL,
	"last_four" text DEFAULT '' NOT NULL,
	"monthly_credit_cap" bigint,
	"allowed_agents" jsonb,
	"expires_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"month_start" timestamp with time zone,
	"month_credits" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "chat_api_keys_month_credits_check" CHECK ("chat_api_keys"."month_credits" >= 0)
);
--> statement-breakpoint
CREATE TABLE "chat_api_requests" (
	"id" uuid PRIMARY KEY NOT NULL,
	"key_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"agent_id" text NOT NULL,
	"kind" text NOT NULL,
	"prompt_tokens" integer DEFAULT 0 NOT NULL,
	"completion_tokens" integer DEFAULT 0 NOT NULL,
	"credits" bigint DEFAULT 0 NOT NULL,
	"latency_ms" integer DEFAULT 0 NOT NULL,
	"status" integer NOT NULL,
	"request_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "chat_api_requests_kind_check" CHECK ("chat_api_requests"."kind" in ('chat', 'image'))
);
--> statement-breakpoint
ALTER TABLE "chat_agents" ADD COLUMN "created_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "chat_api_keys_secret_hash_idx" ON "chat_api_keys" USING btree ("secret_hash");--> statement-breakpoint
CREATE INDEX "chat_api_keys_user_idx" ON "chat_api_keys" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "chat_api_requests_key_created_idx" ON "chat_api_requests" USING btree ("key_id","created_at");--> statement-breakpoint
CREATE INDEX "chat_api_requests_user_created_idx" ON "chat_api_requests" USING btree ("user_id","created_at");