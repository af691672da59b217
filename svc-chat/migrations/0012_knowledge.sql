-- An agent's knowledge: its files, their passages with a full-text vector the database computes (GIN-indexed), a per-agent token budget, and the sources each reply was given.
CREATE TABLE "chat_knowledge_files" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"agent_id" uuid NOT NULL,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"size_bytes" integer NOT NULL,
	"pages" integer NOT NULL,
	"passages" integer NOT NULL,
	"tokens" integer NOT NULL,
	"uploaded_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "chat_knowledge_files_kind_check" CHECK ("chat_knowledge_files"."kind" in ('markdown', 'text', 'pdf', 'html'))
);
--> statement-breakpoint
CREATE TABLE "chat_knowledge_passages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"file_id" uuid NOT NULL,
	"agent_id" uuid NOT NULL,
	"ordinal" integer NOT NULL,
	"page" integer,
	"content" text NOT NULL,
	"tokens" integer NOT NULL,
	"search" "tsvector" GENERATED ALWAYS AS (to_tsvector('english'::regconfig, content)) STORED NOT NULL
);
--> statement-breakpoint
CREATE TABLE "chat_knowledge_settings" (
	"agent_id" uuid PRIMARY KEY NOT NULL,
	"token_budget" integer NOT NULL,
	CONSTRAINT "chat_knowledge_settings_budget_check" CHECK ("chat_knowledge_settings"."token_budget" >= 0)
);
--> statement-breakpoint
ALTER TABLE "chat_messages" ADD COLUMN "sources" jsonb;--> statement-breakpoint
ALTER TABLE "chat_knowledge_passages" ADD CONSTRAINT "chat_knowledge_passages_file_id_chat_knowledge_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."chat_knowledge_files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "chat_knowledge_files_agent_name_idx" ON "chat_knowledge_files" USING btree ("agent_id","name");--> statement-breakpoint
CREATE INDEX "chat_knowledge_passages_search_idx" ON "chat_knowledge_passages" USING gin ("search");--> statement-breakpoint
CREATE INDEX "chat_knowledge_passages_agent_idx" ON "chat_knowledge_passages" USING btree ("agent_id");--> statement-breakpoint
CREATE INDEX "chat_knowledge_passages_file_idx" ON "chat_knowledge_passages" USING btree ("file_id","ordinal");