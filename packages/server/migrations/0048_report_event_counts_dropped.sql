-- Decision 088: report_event_counts (decision 079) has had no reader since decision 085 (the survey
-- pack's rigs read report_rig_counts), while its upkeep ran on every write of report_items. Its
-- triggers and function (db/derived/report_event_counts.sql, removed) go with it: on an upgrade the
-- runner has dropped them already, as the objects of a removed file, and forgets the file afterwards.
DROP TRIGGER IF EXISTS "report_event_counts_insert" ON "report_items";--> statement-breakpoint
DROP TRIGGER IF EXISTS "report_event_counts_update" ON "report_items";--> statement-breakpoint
DROP TRIGGER IF EXISTS "report_event_counts_delete" ON "report_items";--> statement-breakpoint
DROP FUNCTION IF EXISTS "report_event_counts_apply"();--> statement-breakpoint
DROP TABLE "report_event_counts";
