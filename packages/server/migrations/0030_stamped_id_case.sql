ALTER TABLE "equipment" ADD COLUMN "case_duplicate" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- hand-written
-- Items whose stamped ids differ only in case were made before ids were compared without case: each
-- group keeps one item in the unique index (a linked one first, then the oldest) and the others are
-- marked as known case duplicates, listed on the "Case duplicates" screen and in the start-up log,
-- until a person renames one of them. The upgrade never fails on them.
UPDATE "equipment" e SET "case_duplicate" = true
FROM (
  SELECT id, row_number() OVER (PARTITION BY lower(stamped_id) ORDER BY certificate_id IS NULL, id) AS n
  FROM "equipment"
  WHERE lower(stamped_id) IN (SELECT lower(stamped_id) FROM "equipment" GROUP BY 1 HAVING count(*) > 1)
) d
WHERE e.id = d.id AND d.n > 1;--> statement-breakpoint
CREATE UNIQUE INDEX "equipment_stamped_id_lower_key" ON "equipment" USING btree (lower("stamped_id")) WHERE not "equipment"."case_duplicate";--> statement-breakpoint
CREATE INDEX "equipment_stamped_id_lower_idx" ON "equipment" USING btree (lower("stamped_id"));--> statement-breakpoint
CREATE INDEX "equipment_case_duplicate_idx" ON "equipment" USING btree ("id") WHERE "equipment"."case_duplicate";