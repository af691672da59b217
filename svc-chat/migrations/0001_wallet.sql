CREATE TABLE "chat_agents" (
	"id" uuid PRIMARY KEY NOT NULL,
	"key" text NOT NULL,
	"name" text NOT NULL,
	"description" text NOT NULL,
	"use_case" text DEFAULT '' NOT NULL,
	"tier" text NOT NULL,
	"is_active" boolean NOT NULL,
	"provider_agent_id" text
);
--> statement-breakpoint
CREATE TABLE "chat_plan_allowances" (
	"plan_id" text PRIMARY KEY NOT NULL,
	"tier" text NOT NULL,
	"platform_credits" integer,
	"api_calls" integer,
	"is_active" boolean NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "chat_sessions" (
	"user_id" uuid NOT NULL,
	"agent_id" text NOT NULL,
	"session_id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"next_order" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "chat_sessions_user_id_agent_id_pk" PRIMARY KEY("user_id","agent_id")
);
--> statement-breakpoint
CREATE TABLE "chat_wallet_ledger" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"plan_delta" integer DEFAULT 0 NOT NULL,
	"purchased_delta" integer DEFAULT 0 NOT NULL,
	"message_id" uuid,
	"reference" text,
	"reason" text,
	"actor_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "chat_wallet_ledger_kind_check" CHECK ("chat_wallet_ledger"."kind" in ('grant', 'reservation', 'settlement', 'refund', 'top-up', 'admin-adjustment'))
);
--> statement-breakpoint
CREATE TABLE "chat_wallets" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"tier" text NOT NULL,
	"credits_remaining" integer NOT NULL,
	"credits_limit" integer NOT NULL,
	"purchased_credits" integer DEFAULT 0 NOT NULL,
	"api_calls_used" integer DEFAULT 0 NOT NULL,
	"api_calls_limit" integer NOT NULL,
	"period_start" timestamp with time zone NOT NULL,
	"renews_at" timestamp with time zone NOT NULL,
	"self_renewing" boolean DEFAULT true NOT NULL,
	"low_balance_notified_for" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "chat_wallets_credits_check" CHECK ("chat_wallets"."credits_remaining" >= 0 and "chat_wallets"."purchased_credits" >= 0),
	CONSTRAINT "chat_wallets_calls_check" CHECK ("chat_wallets"."api_calls_used" >= 0)
);
--> statement-breakpoint
ALTER TABLE "chat_messages" ADD COLUMN "refunded_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "chat_plan_allowances_tier_idx" ON "chat_plan_allowances" USING btree ("tier");--> statement-breakpoint
CREATE INDEX "chat_wallet_ledger_user_idx" ON "chat_wallet_ledger" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "chat_wallet_ledger_reference_idx" ON "chat_wallet_ledger" USING btree ("kind","reference");--> statement-breakpoint
CREATE INDEX "chat_messages_user_created_idx" ON "chat_messages" USING btree ("user_id","created_at");