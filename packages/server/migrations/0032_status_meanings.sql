CREATE TABLE "status_meaning_reviews" (
	"status_id" integer PRIMARY KEY NOT NULL,
	"reason" text NOT NULL,
	"confirmed_by" text,
	"confirmed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "folders" ADD COLUMN "meaning" text;--> statement-breakpoint
ALTER TABLE "status_meaning_reviews" ADD CONSTRAINT "status_meaning_reviews_status_id_folders_id_fk" FOREIGN KEY ("status_id") REFERENCES "public"."folders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Status meanings from what the portal knew (issue 23 part 2, docs/due-dates.md "Status meanings"):
-- the report settings' red colours are condemned, yellow monitor (red first, as the reports counted
-- it), success/info/primary fit, default/none not inspected; a red or yellow colour no longer in the
-- settings keeps what it meant by default. Each choice is kept for an Admin to confirm.
WITH settings AS (
	SELECT
		coalesce((SELECT array_agg(c) FROM report_settings, jsonb_array_elements_text(value) c WHERE key = 'redColors'), ARRAY['danger']) AS red,
		coalesce((SELECT array_agg(c) FROM report_settings, jsonb_array_elements_text(value) c WHERE key = 'yellowColors'), ARRAY['warning']) AS yellow
), chosen AS (
	SELECT f.id, f.color, CASE
		WHEN f.color = ANY (s.red) THEN 'condemned'
		WHEN f.color = ANY (s.yellow) THEN 'monitor'
		WHEN f.color IN ('success', 'info', 'primary') THEN 'fit'
		WHEN f.color IN ('default', 'none') THEN 'notInspected'
		WHEN f.color = 'danger' THEN 'condemned'
		ELSE 'monitor'
	END AS meaning, CASE
		WHEN f.color = ANY (s.red) THEN 'a red colour of the reports'
		WHEN f.color = ANY (s.yellow) THEN 'a yellow colour of the reports'
		WHEN f.color IN ('success', 'info', 'primary') THEN 'a colour of a good result'
		WHEN f.color IN ('default', 'none') THEN 'no colour of a result'
		ELSE 'a red or yellow colour by default'
	END AS why
	FROM folders f, settings s
	WHERE f.kind = 'status'
), updated AS (
	UPDATE folders f SET meaning = c.meaning FROM chosen c WHERE f.id = c.id RETURNING f.id
)
INSERT INTO status_meaning_reviews (status_id, reason)
SELECT c.id, 'Colour ' || c.color || ' is ' || c.why FROM chosen c JOIN updated u ON u.id = c.id;--> statement-breakpoint
ALTER TABLE "folders" ADD CONSTRAINT "folders_status_meaning" CHECK (("folders"."kind" = 'status') = ("folders"."meaning" is not null));