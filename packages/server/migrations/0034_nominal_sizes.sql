ALTER TABLE "dimensions" ADD COLUMN "nominal_size" numeric(10, 3);--> statement-breakpoint
ALTER TABLE "dimensions" ADD COLUMN "nominal_unit" text;--> statement-breakpoint
ALTER TABLE "dimensions" ADD CONSTRAINT "dimensions_nominal_check" CHECK (("dimensions"."nominal_size" is null) = ("dimensions"."nominal_unit" is null or "dimensions"."nominal_unit" = 'none') and ("dimensions"."nominal_size" is null or "dimensions"."nominal_size" > 0));--> statement-breakpoint
-- Issue 28 part 2: the nominal size from names of the form '<number> mm', '<number>″' or '<number> in',
-- '<number> t' (a dot or a comma before decimals); other names stay empty, and the server logs them at
-- start until an Admin sets them. The same patterns as the contract's nominalFromName (owners/nominal.ts).
UPDATE "dimensions" AS d SET
  "nominal_size" = replace(x.m[1], ',', '.')::numeric,
  "nominal_unit" = CASE lower(x.m[2]) WHEN 'mm' THEN 'mm' WHEN 't' THEN 't' ELSE 'in' END
FROM (SELECT "id", regexp_match("name", '^\s*(\d+(?:[.,]\d+)?)\s*(mm|in|″|"|t)\s*$', 'i') AS m FROM "dimensions") AS x
WHERE x."id" = d."id" AND x.m IS NOT NULL AND replace(x.m[1], ',', '.')::numeric > 0;
