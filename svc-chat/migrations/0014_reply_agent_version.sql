ALTER TABLE "chat_api_requests" ADD COLUMN "agent_version" integer;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD COLUMN "agent_version" integer;