CREATE TABLE "organisation_customers" (
	"organisation_id" text PRIMARY KEY NOT NULL,
	"customer_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "organisation_customers_customer_id_unique" UNIQUE("customer_id")
);
--> statement-breakpoint
CREATE TABLE "organisation_roles" (
	"organisation_id" text NOT NULL,
	"user_id" text NOT NULL,
	"role" text,
	"last_event_at" timestamp with time zone NOT NULL,
	CONSTRAINT "organisation_roles_organisation_id_user_id_pk" PRIMARY KEY("organisation_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "organisation_id" text;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "seats" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
CREATE INDEX "subscriptions_organisation_idx" ON "subscriptions" USING btree ("organisation_id");