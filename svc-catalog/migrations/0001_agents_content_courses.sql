CREATE TABLE "ai_agents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"key" text NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"features" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"use_case" text DEFAULT '' NOT NULL,
	"tier" text DEFAULT 'free' NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"provider_agent_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ai_agents_tier_check" CHECK ("ai_agents"."tier" in ('free', 'starter', 'professional', 'enterprise'))
);
--> statement-breakpoint
CREATE TABLE "applied_seeds" (
	"kind" text NOT NULL,
	"key" text NOT NULL,
	"applied_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "applied_seeds_kind_key_pk" PRIMARY KEY("kind","key")
);
--> statement-breakpoint
CREATE TABLE "content_sections" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"title" text NOT NULL,
	"section_type" text DEFAULT 'hero' NOT NULL,
	"slot" text,
	"format" text DEFAULT 'markdown' NOT NULL,
	"content" text NOT NULL,
	"html" text NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "content_sections_type_check" CHECK ("content_sections"."section_type" in ('hero', 'features', 'pricing', 'about')),
	CONSTRAINT "content_sections_format_check" CHECK ("content_sections"."format" in ('html', 'markdown'))
);
--> statement-breakpoint
CREATE TABLE "course_comments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"course_id" text NOT NULL,
	"author_id" uuid NOT NULL,
	"author_name" text NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "course_enrolments" (
	"course_id" text NOT NULL,
	"user_id" uuid NOT NULL,
	"source" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "course_enrolments_course_id_user_id_pk" PRIMARY KEY("course_id","user_id"),
	CONSTRAINT "course_enrolments_source_check" CHECK ("course_enrolments"."source" in ('admin', 'subscription'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "ai_agents_key_unique" ON "ai_agents" USING btree ("key");--> statement-breakpoint
CREATE UNIQUE INDEX "content_sections_slot_unique" ON "content_sections" USING btree ("slot");--> statement-breakpoint
CREATE INDEX "course_comments_course_idx" ON "course_comments" USING btree ("course_id","created_at");--> statement-breakpoint
CREATE INDEX "course_comments_author_idx" ON "course_comments" USING btree ("author_id","created_at");