CREATE TABLE "equipment_due_months" (
	"owner_id" integer NOT NULL,
	"month" date NOT NULL,
	"n" integer NOT NULL,
	CONSTRAINT "equipment_due_months_owner_id_month_pk" PRIMARY KEY("owner_id","month")
);
--> statement-breakpoint
CREATE INDEX "equipment_due_days_date_idx" ON "equipment_due_days" USING btree ("due_date","owner_id","n");--> statement-breakpoint
-- hand-written
-- equipment_due_months follows equipment_due like equipment_due_days (decision 058): the same delta, per
-- owner and month, upserted in key order after the days (one order for every writer: no deadlock).
CREATE OR REPLACE FUNCTION equipment_due_days_add(delta jsonb) RETURNS void LANGUAGE sql AS $$
  INSERT INTO equipment_due_days AS k (owner_id, due_date, n)
  SELECT owner_id, due_date, sum(d) FROM jsonb_to_recordset(delta) AS x(owner_id int, due_date date, d int)
  GROUP BY 1, 2 HAVING sum(d) <> 0 ORDER BY 1, 2
  ON CONFLICT (owner_id, due_date) DO UPDATE SET n = k.n + excluded.n;
  INSERT INTO equipment_due_months AS k (owner_id, month, n)
  SELECT owner_id, date_trunc('month', due_date)::date, sum(d) FROM jsonb_to_recordset(delta) AS x(owner_id int, due_date date, d int)
  GROUP BY 1, 2 HAVING sum(d) <> 0 ORDER BY 1, 2
  ON CONFLICT (owner_id, month) DO UPDATE SET n = k.n + excluded.n
$$;
--> statement-breakpoint
INSERT INTO equipment_due_months (owner_id, month, n)
SELECT owner_id, date_trunc('month', due_date)::date, sum(n) FROM equipment_due_days GROUP BY 1, 2;
