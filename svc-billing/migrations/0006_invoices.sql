CREATE TABLE "invoices" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"kind" text NOT NULL,
	"description" text NOT NULL,
	"billing_reason" text,
	"number" text,
	"status" text NOT NULL,
	"status_rank" integer NOT NULL,
	"total" integer NOT NULL,
	"tax" integer NOT NULL,
	"amount_paid" integer NOT NULL,
	"amount_due" integer NOT NULL,
	"currency" text NOT NULL,
	"subscription_id" text,
	"hosted_invoice_url" text,
	"invoice_pdf_url" text,
	"issued_at" timestamp with time zone NOT NULL,
	"last_event_at" bigint NOT NULL
);
--> statement-breakpoint
CREATE INDEX "invoices_user_idx" ON "invoices" USING btree ("user_id","issued_at");