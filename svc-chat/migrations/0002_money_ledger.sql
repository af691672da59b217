ALTER TABLE "chat_wallet_ledger" DROP CONSTRAINT "chat_wallet_ledger_kind_check";--> statement-breakpoint
ALTER TABLE "chat_messages" ALTER COLUMN "platform_credits_used" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "chat_plan_allowances" ALTER COLUMN "platform_credits" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "chat_wallet_ledger" ALTER COLUMN "plan_delta" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "chat_wallet_ledger" ALTER COLUMN "purchased_delta" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "chat_wallets" ALTER COLUMN "credits_remaining" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "chat_wallets" ALTER COLUMN "credits_limit" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "chat_wallets" ALTER COLUMN "purchased_credits" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD COLUMN "stop_reason" text;--> statement-breakpoint
ALTER TABLE "chat_wallet_ledger" ADD CONSTRAINT "chat_wallet_ledger_kind_check" CHECK ("chat_wallet_ledger"."kind" in ('grant', 'expiry', 'reservation', 'settlement', 'release', 'refund', 'top-up', 'admin-adjustment'));