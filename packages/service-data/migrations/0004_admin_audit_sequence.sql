DROP INDEX "admin_audit_created_idx";--> statement-breakpoint
DROP INDEX "admin_audit_actor_idx";--> statement-breakpoint
DROP INDEX "admin_audit_subject_idx";--> statement-breakpoint
ALTER TABLE "admin_audit" ADD COLUMN "sequence" bigserial NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "admin_audit_sequence_idx" ON "admin_audit" USING btree ("sequence");--> statement-breakpoint
CREATE INDEX "admin_audit_actor_idx" ON "admin_audit" USING btree ("actor_id","sequence");--> statement-breakpoint
CREATE INDEX "admin_audit_subject_idx" ON "admin_audit" USING btree ("subject_user_id","sequence");