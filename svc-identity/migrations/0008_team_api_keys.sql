ALTER TABLE "api_keys" ADD COLUMN "organisation_id" uuid;--> statement-breakpoint
CREATE INDEX "api_keys_organisation_idx" ON "api_keys" USING btree ("organisation_id","user_id");