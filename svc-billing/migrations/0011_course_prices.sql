CREATE TABLE "course_prices" (
	"course_id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"amount" integer NOT NULL,
	"currency" text NOT NULL,
	"billing" text NOT NULL,
	"archived" boolean DEFAULT false NOT NULL,
	"last_event_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "course_purchases" (
	"session_id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"course_id" text NOT NULL,
	"recorded_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "course_purchases_user_idx" ON "course_purchases" USING btree ("user_id","course_id");--> statement-breakpoint
-- The courses sold before the catalog published course events, at the prices they were sold for, so checkout works before the first event; any event replaces a row.
INSERT INTO "course_prices" ("course_id", "name", "amount", "currency", "billing", "archived", "last_event_at") VALUES
	('ai-fundamentals', 'AI Fundamentals', 2500, 'usd', 'monthly', false, '1970-01-01T00:00:00Z'),
	('build-ai-agents', 'Build AI Agents', 15000, 'usd', 'monthly', false, '1970-01-01T00:00:00Z'),
	('advanced-implementation', 'Advanced Implementation', 7000, 'usd', 'monthly', false, '1970-01-01T00:00:00Z'),
	('customer-service', 'AI for Customer Service', 10000, 'usd', 'monthly', false, '1970-01-01T00:00:00Z'),
	('community', 'Community', 5000, 'usd', 'monthly', false, '1970-01-01T00:00:00Z')
ON CONFLICT DO NOTHING;
