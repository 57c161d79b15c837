ALTER TABLE "backups" DROP CONSTRAINT "backups_file_id_files_id_fk";
--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "max_level" smallint;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "reset_failures" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "reset_failures_since" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "backups" DROP COLUMN "file_id";