CREATE TABLE "equipment_report_counts" (
	"owner_id" integer NOT NULL,
	"type_id" integer NOT NULL,
	"sub_type_id" integer NOT NULL,
	"dimension_id" integer NOT NULL,
	"hidden" boolean NOT NULL,
	"inspected" boolean NOT NULL,
	"color" text NOT NULL,
	"n" integer NOT NULL,
	CONSTRAINT "equipment_report_counts_owner_id_type_id_sub_type_id_dimension_id_hidden_inspected_color_pk" PRIMARY KEY("owner_id","type_id","sub_type_id","dimension_id","hidden","inspected","color")
);
--> statement-breakpoint
-- hand-written
-- equipment_report_counts (decision 043): linked items per owner/type/sub-type/dimension, hidden,
-- inspected and latest status colour, kept inside the writing transaction. Statement triggers with
-- transition tables for bulk writes (upserts in key order, like migration list_counts); deletes of
-- equipment and certificates subtract in a BEFORE ROW trigger, while the rows they cascade to
-- (equipment_latest_status, equipment.certificate_id set null) still join, and the cascaded
-- statements then find nothing to move.
CREATE FUNCTION equipment_report_counts_add(changes jsonb) RETURNS void LANGUAGE sql AS $$
  INSERT INTO equipment_report_counts AS k (owner_id, type_id, sub_type_id, dimension_id, hidden, inspected, color, n)
  SELECT owner_id, type_id, sub_type_id, dimension_id, hidden, inspected, color, sum(d)
  FROM jsonb_to_recordset(changes) AS x(owner_id int, type_id int, sub_type_id int, dimension_id int, hidden boolean,
    inspected boolean, color text, d int)
  GROUP BY 1, 2, 3, 4, 5, 6, 7 HAVING sum(d) <> 0 ORDER BY 1, 2, 3, 4, 5, 6, 7
  ON CONFLICT (owner_id, type_id, sub_type_id, dimension_id, hidden, inspected, color) DO UPDATE SET n = k.n + excluded.n
$$;
--> statement-breakpoint
CREATE FUNCTION equipment_report_counts_status() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM equipment_report_counts_add(coalesce(jsonb_agg(x), '[]')) FROM (
      SELECT c.owner_id, c.type_id, c.sub_type_id, c.dimension_id, e.hidden, g.inspected, g.color, g.d
      FROM new_rows r JOIN equipment e ON e.id = r.equipment_id JOIN certificates c ON c.id = e.certificate_id,
      LATERAL (VALUES (true, coalesce(r.color, ''), 1), (false, '', -1)) g(inspected, color, d)) x;
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM equipment_report_counts_add(coalesce(jsonb_agg(x), '[]')) FROM (
      SELECT c.owner_id, c.type_id, c.sub_type_id, c.dimension_id, e.hidden, g.inspected, g.color, g.d
      FROM old_rows r JOIN equipment e ON e.id = r.equipment_id JOIN certificates c ON c.id = e.certificate_id,
      LATERAL (VALUES (true, coalesce(r.color, ''), -1), (false, '', 1)) g(inspected, color, d)) x;
  ELSE
    PERFORM equipment_report_counts_add(coalesce(jsonb_agg(x), '[]')) FROM (
      SELECT c.owner_id, c.type_id, c.sub_type_id, c.dimension_id, e.hidden, true AS inspected, coalesce(r.color, '') AS color, r.d
      FROM (SELECT equipment_id, color, 1 AS d FROM new_rows UNION ALL SELECT equipment_id, color, -1 FROM old_rows) r
      JOIN equipment e ON e.id = r.equipment_id JOIN certificates c ON c.id = e.certificate_id) x;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION equipment_report_counts_equipment() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM equipment_report_counts_add(coalesce(jsonb_agg(x), '[]')) FROM (
      SELECT c.owner_id, c.type_id, c.sub_type_id, c.dimension_id, r.hidden, ls.equipment_id IS NOT NULL AS inspected,
        coalesce(ls.color, '') AS color, 1 AS d
      FROM new_rows r JOIN certificates c ON c.id = r.certificate_id
      LEFT JOIN equipment_latest_status ls ON ls.equipment_id = r.id) x;
  ELSE
    PERFORM equipment_report_counts_add(coalesce(jsonb_agg(x), '[]')) FROM (
      SELECT c.owner_id, c.type_id, c.sub_type_id, c.dimension_id, r.hidden, ls.equipment_id IS NOT NULL AS inspected,
        coalesce(ls.color, '') AS color, r.d
      FROM (SELECT id, certificate_id, hidden, 1 AS d FROM new_rows UNION ALL SELECT id, certificate_id, hidden, -1 FROM old_rows) r
      JOIN certificates c ON c.id = r.certificate_id
      LEFT JOIN equipment_latest_status ls ON ls.equipment_id = r.id) x;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION equipment_report_counts_equipment_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM equipment_report_counts_add(coalesce(jsonb_agg(x), '[]')) FROM (
    SELECT c.owner_id, c.type_id, c.sub_type_id, c.dimension_id, OLD.hidden AS hidden, ls.equipment_id IS NOT NULL AS inspected,
      coalesce(ls.color, '') AS color, -1 AS d
    FROM certificates c LEFT JOIN equipment_latest_status ls ON ls.equipment_id = OLD.id
    WHERE c.id = OLD.certificate_id) x;
  RETURN OLD;
END $$;
--> statement-breakpoint
CREATE FUNCTION equipment_report_counts_certificates() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM equipment_report_counts_add(coalesce(jsonb_agg(x), '[]')) FROM (
    SELECT r.owner_id, r.type_id, r.sub_type_id, r.dimension_id, e.hidden, ls.equipment_id IS NOT NULL AS inspected,
      coalesce(ls.color, '') AS color, r.d
    FROM (SELECT id, owner_id, type_id, sub_type_id, dimension_id, 1 AS d FROM new_rows
      UNION ALL SELECT id, owner_id, type_id, sub_type_id, dimension_id, -1 FROM old_rows) r
    JOIN equipment e ON e.certificate_id = r.id
    LEFT JOIN equipment_latest_status ls ON ls.equipment_id = e.id) x;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION equipment_report_counts_certificate_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM equipment_report_counts_add(coalesce(jsonb_agg(x), '[]')) FROM (
    SELECT OLD.owner_id AS owner_id, OLD.type_id AS type_id, OLD.sub_type_id AS sub_type_id, OLD.dimension_id AS dimension_id,
      e.hidden, ls.equipment_id IS NOT NULL AS inspected, coalesce(ls.color, '') AS color, -1 AS d
    FROM equipment e LEFT JOIN equipment_latest_status ls ON ls.equipment_id = e.id
    WHERE e.certificate_id = OLD.id) x;
  RETURN OLD;
END $$;
--> statement-breakpoint
CREATE TRIGGER equipment_report_counts_insert AFTER INSERT ON equipment_latest_status REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION equipment_report_counts_status();
--> statement-breakpoint
CREATE TRIGGER equipment_report_counts_update AFTER UPDATE ON equipment_latest_status REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION equipment_report_counts_status();
--> statement-breakpoint
CREATE TRIGGER equipment_report_counts_delete AFTER DELETE ON equipment_latest_status REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION equipment_report_counts_status();
--> statement-breakpoint
CREATE TRIGGER equipment_report_counts_insert AFTER INSERT ON equipment REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION equipment_report_counts_equipment();
--> statement-breakpoint
CREATE TRIGGER equipment_report_counts_update AFTER UPDATE ON equipment REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION equipment_report_counts_equipment();
--> statement-breakpoint
CREATE TRIGGER equipment_report_counts_delete BEFORE DELETE ON equipment
  FOR EACH ROW EXECUTE FUNCTION equipment_report_counts_equipment_delete();
--> statement-breakpoint
CREATE TRIGGER equipment_report_counts_update AFTER UPDATE ON certificates REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION equipment_report_counts_certificates();
--> statement-breakpoint
CREATE TRIGGER equipment_report_counts_delete BEFORE DELETE ON certificates
  FOR EACH ROW EXECUTE FUNCTION equipment_report_counts_certificate_delete();
--> statement-breakpoint
INSERT INTO equipment_report_counts (owner_id, type_id, sub_type_id, dimension_id, hidden, inspected, color, n)
SELECT c.owner_id, c.type_id, c.sub_type_id, c.dimension_id, e.hidden, ls.equipment_id IS NOT NULL, coalesce(ls.color, ''), count(*)
FROM equipment e JOIN certificates c ON c.id = e.certificate_id
LEFT JOIN equipment_latest_status ls ON ls.equipment_id = e.id
GROUP BY 1, 2, 3, 4, 5, 6, 7;
