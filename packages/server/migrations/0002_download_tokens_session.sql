-- Download tokens live two minutes: the ones issued before this change are dropped, not bound to a guessed session.
DELETE FROM "download_tokens";--> statement-breakpoint
ALTER TABLE "download_tokens" ADD COLUMN "session_id" integer NOT NULL;--> statement-breakpoint
ALTER TABLE "download_tokens" ADD CONSTRAINT "download_tokens_session_id_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."sessions"("id") ON DELETE cascade ON UPDATE no action;