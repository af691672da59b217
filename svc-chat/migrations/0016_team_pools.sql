CREATE TABLE "chat_pool_members" (
	"organisation_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"role" text,
	"monthly_cap" bigint,
	"spent" bigint DEFAULT 0 NOT NULL,
	"spent_period" timestamp with time zone,
	"last_event_at" timestamp with time zone NOT NULL,
	CONSTRAINT "chat_pool_members_organisation_id_user_id_pk" PRIMARY KEY("organisation_id","user_id"),
	CONSTRAINT "chat_pool_members_spent_check" CHECK ("chat_pool_members"."spent" >= 0),
	CONSTRAINT "chat_pool_members_cap_check" CHECK ("chat_pool_members"."monthly_cap" is null or "chat_pool_members"."monthly_cap" >= 0)
);
--> statement-breakpoint
ALTER TABLE "chat_wallet_ledger" ADD COLUMN "member_id" uuid;--> statement-breakpoint
ALTER TABLE "chat_wallets" ADD COLUMN "owner_kind" text DEFAULT 'user' NOT NULL;--> statement-breakpoint
ALTER TABLE "chat_wallets" ADD COLUMN "seats" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "chat_wallets" ADD CONSTRAINT "chat_wallets_owner_kind_check" CHECK ("chat_wallets"."owner_kind" in ('user', 'organisation'));--> statement-breakpoint
ALTER TABLE "chat_wallets" ADD CONSTRAINT "chat_wallets_seats_check" CHECK ("chat_wallets"."seats" >= 0);