ALTER TABLE "issued_documents" ALTER COLUMN "event_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "issued_documents" ADD COLUMN "equipment_id" integer;--> statement-breakpoint
ALTER TABLE "issued_documents" ADD COLUMN "event_ids" integer[];--> statement-breakpoint
ALTER TABLE "issued_documents" ADD COLUMN "owner_id" integer;--> statement-breakpoint
ALTER TABLE "issued_documents" ADD COLUMN "rig_id" integer;--> statement-breakpoint
ALTER TABLE "issued_documents" ADD CONSTRAINT "issued_documents_record" CHECK (("issued_documents"."kind" = 'eventReport' and "issued_documents"."event_id" is not null)
        or ("issued_documents"."kind" = 'itemEvidence' and "issued_documents"."equipment_id" is not null and "issued_documents"."event_ids" is not null)
        or ("issued_documents"."kind" = 'surveyPack' and "issued_documents"."owner_id" is not null and "issued_documents"."rig_id" is not null and "issued_documents"."event_ids" is not null));