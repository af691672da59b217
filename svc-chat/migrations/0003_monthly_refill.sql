-- Existing wallets: the next refill is the renewal they were waiting for, counted from their period start.
ALTER TABLE "chat_wallets" ADD COLUMN "credits_refill_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "chat_wallets" ADD COLUMN "period_anchor" timestamp with time zone;--> statement-breakpoint
UPDATE "chat_wallets" SET "credits_refill_at" = "renews_at", "period_anchor" = "period_start";--> statement-breakpoint
ALTER TABLE "chat_wallets" ALTER COLUMN "credits_refill_at" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "chat_wallets" ALTER COLUMN "period_anchor" SET NOT NULL;
