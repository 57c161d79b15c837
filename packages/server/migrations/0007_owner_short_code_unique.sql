-- hand-written (before the index): owners that already share a short code keep it on the oldest one;
-- each later one gets its id appended ('NSD' -> 'NSD-7'), so the unique index below can be built.
UPDATE "owners" o SET "short_code" = o."short_code" || '-' || o."id"
WHERE o."short_code" <> '' AND EXISTS (
  SELECT 1 FROM "owners" p WHERE lower(p."short_code") = lower(o."short_code") AND p."id" < o."id"
);--> statement-breakpoint
CREATE UNIQUE INDEX "owners_short_code_key" ON "owners" USING btree (lower("short_code")) WHERE "owners"."short_code" <> '';
