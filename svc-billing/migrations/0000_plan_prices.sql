CREATE TABLE "plan_prices" (
	"plan_id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"tier" text NOT NULL,
	"monthly_price_cents" integer,
	"monthly_price_id" text,
	"annual_price_cents" integer,
	"annual_price_id" text,
	"platform_credits_limit" integer,
	"api_calls_limit" integer,
	"is_active" boolean NOT NULL,
	"deleted" boolean DEFAULT false NOT NULL,
	"last_event_at" timestamp with time zone NOT NULL
);
