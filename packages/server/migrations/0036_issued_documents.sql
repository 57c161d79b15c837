CREATE TABLE "issued_documents" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"kind" text NOT NULL,
	"event_id" integer NOT NULL,
	"signed_by" text NOT NULL,
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL,
	"issued_by" text NOT NULL,
	"sha256" text
);
--> statement-breakpoint
ALTER TABLE "issued_documents" ADD CONSTRAINT "issued_documents_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "issued_documents_code_key" ON "issued_documents" USING btree ("code");--> statement-breakpoint
CREATE INDEX "issued_documents_event_idx" ON "issued_documents" USING btree ("event_id");