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
CREATE INDEX "equipment_due_owner_date_idx" ON "equipment_due" USING btree ("owner_id","due_date","equipment_id");
-- The upkeep of these tables (trigger functions, triggers, first fill) is in src/db/derived/
-- (equipment_due.sql; decision 067), applied after the migrations on new and upgraded databases alike.
