CREATE TABLE "chat_model_connections" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"base_url" text NOT NULL,
	"api_key_sealed" text,
	"key_last_four" text,
	"default_model" text,
	"is_default" boolean DEFAULT false NOT NULL,
	"source" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "chat_agents" ADD COLUMN "published_version" integer;--> statement-breakpoint
ALTER TABLE "chat_agents" ADD COLUMN "behaviour" jsonb;--> statement-breakpoint
CREATE UNIQUE INDEX "chat_model_connections_one_default" ON "chat_model_connections" USING btree ("is_default") WHERE "chat_model_connections"."is_default";