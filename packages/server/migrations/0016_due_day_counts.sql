CREATE TABLE "equipment_due_days" (
	"owner_id" integer NOT NULL,
	"due_date" date NOT NULL,
	"n" integer NOT NULL,
	CONSTRAINT "equipment_due_days_owner_id_due_date_pk" PRIMARY KEY("owner_id","due_date")
);
--> statement-breakpoint
-- hand-written
-- equipment_due_days follows equipment_due: each statement on equipment_due adds its new rows and
-- subtracts its old ones per (owner, day), upserting in key order so concurrent writers cannot deadlock.
CREATE FUNCTION equipment_due_days_add(delta jsonb) RETURNS void LANGUAGE sql AS $$
  INSERT INTO equipment_due_days AS k (owner_id, due_date, n)
  SELECT owner_id, due_date, sum(d) FROM jsonb_to_recordset(delta) AS x(owner_id int, due_date date, d int)
  GROUP BY 1, 2 HAVING sum(d) <> 0 ORDER BY 1, 2
  ON CONFLICT (owner_id, due_date) DO UPDATE SET n = k.n + excluded.n
$$;
--> statement-breakpoint
CREATE FUNCTION equipment_due_days_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM equipment_due_days_add(coalesce((SELECT jsonb_agg(jsonb_build_object('owner_id', owner_id, 'due_date', due_date, 'd', 1)) FROM new_rows), '[]'));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM equipment_due_days_add(coalesce((SELECT jsonb_agg(jsonb_build_object('owner_id', owner_id, 'due_date', due_date, 'd', -1)) FROM old_rows), '[]'));
  ELSE
    PERFORM equipment_due_days_add(coalesce((SELECT jsonb_agg(x) FROM (
      SELECT jsonb_build_object('owner_id', owner_id, 'due_date', due_date, 'd', 1) AS x FROM new_rows
      UNION ALL SELECT jsonb_build_object('owner_id', owner_id, 'due_date', due_date, 'd', -1) FROM old_rows) u), '[]'));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
INSERT INTO equipment_due_days (owner_id, due_date, n) SELECT owner_id, due_date, count(*) FROM equipment_due GROUP BY 1, 2;
--> statement-breakpoint
CREATE TRIGGER equipment_due_days_insert AFTER INSERT ON equipment_due REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION equipment_due_days_apply();
--> statement-breakpoint
CREATE TRIGGER equipment_due_days_update AFTER UPDATE ON equipment_due REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION equipment_due_days_apply();
--> statement-breakpoint
CREATE TRIGGER equipment_due_days_delete AFTER DELETE ON equipment_due REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION equipment_due_days_apply();
