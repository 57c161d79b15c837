CREATE TABLE "certificate_counts" (
	"owner_id" integer PRIMARY KEY NOT NULL,
	"n" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "event_counts" (
	"type_id" integer NOT NULL,
	"rig_id" integer NOT NULL,
	"created_by" text NOT NULL,
	"n" integer NOT NULL,
	CONSTRAINT "event_counts_type_id_rig_id_created_by_pk" PRIMARY KEY("type_id","rig_id","created_by")
);
--> statement-breakpoint
CREATE TABLE "event_item_counts" (
	"event_id" integer PRIMARY KEY NOT NULL,
	"n" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "certificate_counts" ADD CONSTRAINT "certificate_counts_owner_id_owners_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."owners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_counts" ADD CONSTRAINT "event_counts_type_id_folders_id_fk" FOREIGN KEY ("type_id") REFERENCES "public"."folders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_counts" ADD CONSTRAINT "event_counts_rig_id_folders_id_fk" FOREIGN KEY ("rig_id") REFERENCES "public"."folders"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
-- hand-written
-- The counts follow every insert, delete and update (statement triggers with transition tables: one
-- upsert per owner, or per type/rig/author, for a whole statement, so bulk loads stay set-based).
-- Owners and groups are upserted in key order, so two writers take the count rows' locks in one order.
-- Each branch names only the transition tables its event has (a plpgsql statement is planned when run).
CREATE FUNCTION certificate_counts_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO certificate_counts AS c (owner_id, n)
    SELECT owner_id, count(*) FROM new_rows GROUP BY owner_id ORDER BY owner_id
    ON CONFLICT (owner_id) DO UPDATE SET n = c.n + excluded.n;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO certificate_counts AS c (owner_id, n)
    SELECT owner_id, -count(*) FROM old_rows GROUP BY owner_id ORDER BY owner_id
    ON CONFLICT (owner_id) DO UPDATE SET n = c.n + excluded.n;
  ELSE
    INSERT INTO certificate_counts AS c (owner_id, n)
    SELECT owner_id, sum(d) FROM (SELECT owner_id, 1 AS d FROM new_rows UNION ALL SELECT owner_id, -1 FROM old_rows) changes
    GROUP BY owner_id HAVING sum(d) <> 0 ORDER BY owner_id
    ON CONFLICT (owner_id) DO UPDATE SET n = c.n + excluded.n;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION event_counts_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO event_counts AS c (type_id, rig_id, created_by, n)
    SELECT type_id, rig_id, coalesce(created_by, ''), count(*) FROM new_rows GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
    ON CONFLICT (type_id, rig_id, created_by) DO UPDATE SET n = c.n + excluded.n;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO event_counts AS c (type_id, rig_id, created_by, n)
    SELECT type_id, rig_id, coalesce(created_by, ''), -count(*) FROM old_rows GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
    ON CONFLICT (type_id, rig_id, created_by) DO UPDATE SET n = c.n + excluded.n;
  ELSE
    INSERT INTO event_counts AS c (type_id, rig_id, created_by, n)
    SELECT type_id, rig_id, created_by, sum(d) FROM (
      SELECT type_id, rig_id, coalesce(created_by, '') AS created_by, 1 AS d FROM new_rows
      UNION ALL SELECT type_id, rig_id, coalesce(created_by, ''), -1 FROM old_rows
    ) changes GROUP BY 1, 2, 3 HAVING sum(d) <> 0 ORDER BY 1, 2, 3
    ON CONFLICT (type_id, rig_id, created_by) DO UPDATE SET n = c.n + excluded.n;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER certificate_counts_insert AFTER INSERT ON certificates REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION certificate_counts_apply();
--> statement-breakpoint
CREATE TRIGGER certificate_counts_update AFTER UPDATE ON certificates REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION certificate_counts_apply();
--> statement-breakpoint
CREATE TRIGGER certificate_counts_delete AFTER DELETE ON certificates REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION certificate_counts_apply();
--> statement-breakpoint
CREATE TRIGGER event_counts_insert AFTER INSERT ON events REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION event_counts_apply();
--> statement-breakpoint
CREATE TRIGGER event_counts_update AFTER UPDATE ON events REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION event_counts_apply();
--> statement-breakpoint
CREATE TRIGGER event_counts_delete AFTER DELETE ON events REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION event_counts_apply();
--> statement-breakpoint
CREATE FUNCTION event_item_counts_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO event_item_counts AS c (event_id, n)
    SELECT event_id, count(*) FROM new_rows GROUP BY event_id ORDER BY event_id
    ON CONFLICT (event_id) DO UPDATE SET n = c.n + excluded.n;
  END IF;
  IF TG_OP IN ('DELETE', 'UPDATE') THEN
    -- An update only subtracts from rows that exist (an event deleted in the same statement has none).
    UPDATE event_item_counts c SET n = c.n - d.n
    FROM (SELECT event_id, count(*) AS n FROM old_rows GROUP BY event_id ORDER BY event_id) d
    WHERE c.event_id = d.event_id;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION event_item_counts_forget() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM event_item_counts c USING old_rows o WHERE c.event_id = o.id;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER event_item_counts_insert AFTER INSERT ON event_items REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION event_item_counts_apply();
--> statement-breakpoint
CREATE TRIGGER event_item_counts_update AFTER UPDATE ON event_items REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION event_item_counts_apply();
--> statement-breakpoint
CREATE TRIGGER event_item_counts_delete AFTER DELETE ON event_items REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION event_item_counts_apply();
--> statement-breakpoint
CREATE TRIGGER event_item_counts_event_delete AFTER DELETE ON events REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION event_item_counts_forget();
--> statement-breakpoint
INSERT INTO certificate_counts (owner_id, n) SELECT owner_id, count(*) FROM certificates GROUP BY owner_id;
--> statement-breakpoint
INSERT INTO event_counts (type_id, rig_id, created_by, n)
SELECT type_id, rig_id, coalesce(created_by, ''), count(*) FROM events GROUP BY 1, 2, 3;
--> statement-breakpoint
INSERT INTO event_item_counts (event_id, n) SELECT event_id, count(*) FROM event_items GROUP BY event_id;
