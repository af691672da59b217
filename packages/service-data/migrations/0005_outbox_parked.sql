DROP INDEX "outbox_unpublished_idx";--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "parked_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "outbox_unpublished_idx" ON "outbox" USING btree ("sequence") WHERE "outbox"."published_at" is null and "outbox"."parked_at" is null;