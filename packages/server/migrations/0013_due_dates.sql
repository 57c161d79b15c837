CREATE TABLE "due_regimes" (
	"id" serial PRIMARY KEY NOT NULL,
	"certificate_type_id" integer NOT NULL,
	"sub_type_id" integer,
	"inspection_months" integer,
	"renewal_months" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" text,
	CONSTRAINT "due_regimes_months" CHECK (("due_regimes"."inspection_months" is null or "due_regimes"."inspection_months" between 1 and 240) and ("due_regimes"."renewal_months" is null or "due_regimes"."renewal_months" between 1 and 240))
);
--> statement-breakpoint
CREATE TABLE "due_reminder_runs" (
	"id" serial PRIMARY KEY NOT NULL,
	"run_date" date NOT NULL,
	"items" integer NOT NULL,
	"mails" integer NOT NULL,
	"ran_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "due_reminders_sent" (
	"equipment_id" integer NOT NULL,
	"due_date" date NOT NULL,
	"light" text NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "due_reminders_sent_equipment_id_due_date_light_pk" PRIMARY KEY("equipment_id","due_date","light")
);
--> statement-breakpoint
CREATE TABLE "due_subscriptions" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "equipment_due" (
	"equipment_id" integer PRIMARY KEY NOT NULL,
	"owner_id" integer NOT NULL,
	"certificate_type_id" integer NOT NULL,
	"rig_id" integer,
	"due_date" date NOT NULL,
	"due_kind" text NOT NULL,
	"basis_date" date NOT NULL
);
--> statement-breakpoint
CREATE TABLE "event_type_due_kinds" (
	"event_type_id" integer PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" text,
	CONSTRAINT "event_type_due_kinds_kind" CHECK ("event_type_due_kinds"."kind" in ('inspection', 'renewal'))
);
--> statement-breakpoint
ALTER TABLE "due_regimes" ADD CONSTRAINT "due_regimes_certificate_type_id_certificate_types_id_fk" FOREIGN KEY ("certificate_type_id") REFERENCES "public"."certificate_types"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "due_regimes" ADD CONSTRAINT "due_regimes_sub_type_id_certificate_sub_types_id_fk" FOREIGN KEY ("sub_type_id") REFERENCES "public"."certificate_sub_types"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "due_reminders_sent" ADD CONSTRAINT "due_reminders_sent_equipment_id_equipment_id_fk" FOREIGN KEY ("equipment_id") REFERENCES "public"."equipment"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "due_subscriptions" ADD CONSTRAINT "due_subscriptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "equipment_due" ADD CONSTRAINT "equipment_due_equipment_id_equipment_id_fk" FOREIGN KEY ("equipment_id") REFERENCES "public"."equipment"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "equipment_due" ADD CONSTRAINT "equipment_due_owner_id_owners_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."owners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_type_due_kinds" ADD CONSTRAINT "event_type_due_kinds_event_type_id_folders_id_fk" FOREIGN KEY ("event_type_id") REFERENCES "public"."folders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "due_regimes_type_sub_type_key" ON "due_regimes" USING btree ("certificate_type_id",coalesce("sub_type_id", 0));--> statement-breakpoint
CREATE INDEX "equipment_due_date_idx" ON "equipment_due" USING btree ("due_date","equipment_id");--> statement-breakpoint
CREATE INDEX "equipment_due_owner_date_idx" ON "equipment_due" USING btree ("owner_id","due_date","equipment_id");--> statement-breakpoint
-- hand-written
-- The due date of a set of items (docs/due-dates.md), recomputed from their certificate, its regime
-- and their events, in the writing transaction. Items without a due date (inactive, unlinked, no
-- regime, no date to count from) lose their row. Without any regime there is nothing to compute.
CREATE FUNCTION equipment_due_refresh(ids int[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF ids IS NULL OR cardinality(ids) = 0 THEN RETURN; END IF;
  IF NOT EXISTS (SELECT 1 FROM due_regimes) THEN
    DELETE FROM equipment_due d USING unnest(ids) u(id) WHERE d.equipment_id = u.id;
    RETURN;
  END IF;
  WITH wanted AS (SELECT DISTINCT id FROM unnest(ids) u(id) WHERE id IS NOT NULL),
  items AS (
    SELECT e.id, c.owner_id, c.type_id, c.date_signed,
      coalesce(rs.inspection_months, rt.inspection_months) AS inspection_months,
      coalesce(rs.renewal_months, rt.renewal_months) AS renewal_months
    FROM wanted w
    JOIN equipment e ON e.id = w.id AND NOT e.hidden
    JOIN certificates c ON c.id = e.certificate_id
    LEFT JOIN due_regimes rt ON rt.certificate_type_id = c.type_id AND rt.sub_type_id IS NULL
    LEFT JOIN due_regimes rs ON rs.certificate_type_id = c.type_id AND rs.sub_type_id = c.sub_type_id
  ),
  history AS (
    SELECT i.id,
      max(ev.event_date) FILTER (WHERE k.kind IS NOT NULL OR ev.is_renewal) AS last_counting,
      max(ev.event_date) FILTER (WHERE k.kind = 'renewal' OR ev.is_renewal) AS last_renewal,
      (array_agg(ev.rig_id ORDER BY ev.event_date DESC, ev.id DESC))[1] AS rig_id
    FROM items i
    JOIN event_items ei ON ei.equipment_id = i.id
    JOIN events ev ON ev.id = ei.event_id
    LEFT JOIN event_type_due_kinds k ON k.event_type_id = ev.type_id
    GROUP BY i.id
  ),
  clocks AS (
    SELECT i.id, i.owner_id, i.type_id, h.rig_id,
      greatest(i.date_signed, h.last_counting) AS inspection_basis,
      greatest(i.date_signed, h.last_renewal) AS renewal_basis,
      (greatest(i.date_signed, h.last_counting) + make_interval(months => i.inspection_months))::date AS inspection_due,
      (greatest(i.date_signed, h.last_renewal) + make_interval(months => i.renewal_months))::date AS renewal_due
    FROM items i LEFT JOIN history h ON h.id = i.id
  ),
  due AS (
    SELECT id, owner_id, type_id, rig_id,
      least(inspection_due, renewal_due) AS due_date,
      CASE WHEN inspection_due IS NULL OR renewal_due < inspection_due THEN 'renewal' ELSE 'inspection' END AS due_kind,
      CASE WHEN inspection_due IS NULL OR renewal_due < inspection_due THEN renewal_basis ELSE inspection_basis END AS basis_date
    FROM clocks
    WHERE least(inspection_due, renewal_due) IS NOT NULL
  ),
  gone AS (
    DELETE FROM equipment_due d USING wanted w
    WHERE d.equipment_id = w.id AND NOT EXISTS (SELECT 1 FROM due WHERE due.id = w.id)
  )
  INSERT INTO equipment_due AS d (equipment_id, owner_id, certificate_type_id, rig_id, due_date, due_kind, basis_date)
  SELECT id, owner_id, type_id, rig_id, due_date, due_kind, basis_date FROM due ORDER BY id
  ON CONFLICT (equipment_id) DO UPDATE SET
    owner_id = excluded.owner_id, certificate_type_id = excluded.certificate_type_id, rig_id = excluded.rig_id,
    due_date = excluded.due_date, due_kind = excluded.due_kind, basis_date = excluded.basis_date
  WHERE (d.owner_id, d.certificate_type_id, d.rig_id, d.due_date, d.due_kind, d.basis_date)
    IS DISTINCT FROM (excluded.owner_id, excluded.certificate_type_id, excluded.rig_id, excluded.due_date, excluded.due_kind, excluded.basis_date);
END $$;
--> statement-breakpoint
-- Statement triggers (transition tables, one refresh per statement) on every write the due date reads.
CREATE FUNCTION equipment_due_event_items() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM equipment_due_refresh(array(SELECT DISTINCT equipment_id FROM new_rows));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM equipment_due_refresh(array(SELECT DISTINCT equipment_id FROM old_rows));
  ELSE
    PERFORM equipment_due_refresh(array(
      SELECT n.equipment_id FROM new_rows n JOIN old_rows o ON o.id = n.id WHERE n.equipment_id <> o.equipment_id OR n.event_id <> o.event_id
      UNION SELECT o.equipment_id FROM new_rows n JOIN old_rows o ON o.id = n.id WHERE n.equipment_id <> o.equipment_id OR n.event_id <> o.event_id));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION equipment_due_events() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM equipment_due_refresh(array(
    SELECT DISTINCT ei.equipment_id FROM new_rows n JOIN old_rows o ON o.id = n.id JOIN event_items ei ON ei.event_id = n.id
    WHERE (n.event_date, n.type_id, n.rig_id, n.is_renewal) IS DISTINCT FROM (o.event_date, o.type_id, o.rig_id, o.is_renewal)));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION equipment_due_equipment() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM equipment_due_refresh(array(SELECT id FROM new_rows WHERE certificate_id IS NOT NULL AND NOT hidden));
  ELSE
    PERFORM equipment_due_refresh(array(
      SELECT n.id FROM new_rows n JOIN old_rows o ON o.id = n.id
      WHERE (n.certificate_id, n.hidden) IS DISTINCT FROM (o.certificate_id, o.hidden)));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION equipment_due_certificates() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM equipment_due_refresh(array(
    SELECT e.id FROM new_rows n JOIN old_rows o ON o.id = n.id JOIN equipment e ON e.certificate_id = n.id
    WHERE (n.owner_id, n.type_id, n.sub_type_id, n.date_signed) IS DISTINCT FROM (o.owner_id, o.type_id, o.sub_type_id, o.date_signed)));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION equipment_due_regimes() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM equipment_due_refresh(array(
      SELECT e.id FROM certificates c JOIN equipment e ON e.certificate_id = c.id
      WHERE c.type_id IN (SELECT certificate_type_id FROM old_rows)));
  ELSE
    PERFORM equipment_due_refresh(array(
      SELECT e.id FROM certificates c JOIN equipment e ON e.certificate_id = c.id
      WHERE c.type_id IN (SELECT certificate_type_id FROM new_rows)));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION equipment_due_kinds() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM equipment_due_refresh(array(
      SELECT DISTINCT ei.equipment_id FROM events ev JOIN event_items ei ON ei.event_id = ev.id
      WHERE ev.type_id IN (SELECT event_type_id FROM old_rows)));
  ELSE
    PERFORM equipment_due_refresh(array(
      SELECT DISTINCT ei.equipment_id FROM events ev JOIN event_items ei ON ei.event_id = ev.id
      WHERE ev.type_id IN (SELECT event_type_id FROM new_rows)));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER equipment_due_event_items_insert AFTER INSERT ON event_items REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION equipment_due_event_items();
--> statement-breakpoint
CREATE TRIGGER equipment_due_event_items_update AFTER UPDATE ON event_items REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION equipment_due_event_items();
--> statement-breakpoint
CREATE TRIGGER equipment_due_event_items_delete AFTER DELETE ON event_items REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION equipment_due_event_items();
--> statement-breakpoint
CREATE TRIGGER equipment_due_events_update AFTER UPDATE ON events REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION equipment_due_events();
--> statement-breakpoint
CREATE TRIGGER equipment_due_equipment_insert AFTER INSERT ON equipment REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION equipment_due_equipment();
--> statement-breakpoint
CREATE TRIGGER equipment_due_equipment_update AFTER UPDATE ON equipment REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION equipment_due_equipment();
--> statement-breakpoint
CREATE TRIGGER equipment_due_certificates_update AFTER UPDATE ON certificates REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION equipment_due_certificates();
--> statement-breakpoint
CREATE TRIGGER equipment_due_regimes_insert AFTER INSERT ON due_regimes REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION equipment_due_regimes();
--> statement-breakpoint
CREATE TRIGGER equipment_due_regimes_update AFTER UPDATE ON due_regimes REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION equipment_due_regimes();
--> statement-breakpoint
CREATE TRIGGER equipment_due_regimes_delete AFTER DELETE ON due_regimes REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION equipment_due_regimes();
--> statement-breakpoint
CREATE TRIGGER equipment_due_kinds_insert AFTER INSERT ON event_type_due_kinds REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION equipment_due_kinds();
--> statement-breakpoint
CREATE TRIGGER equipment_due_kinds_update AFTER UPDATE ON event_type_due_kinds REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION equipment_due_kinds();
--> statement-breakpoint
CREATE TRIGGER equipment_due_kinds_delete AFTER DELETE ON event_type_due_kinds REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION equipment_due_kinds();
