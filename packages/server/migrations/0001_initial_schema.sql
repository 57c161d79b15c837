CREATE TABLE "backups" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"status" text NOT NULL,
	"file_id" integer,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "certificate_sub_types" (
	"id" serial PRIMARY KEY NOT NULL,
	"certificate_type_id" integer NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" text
);
--> statement-breakpoint
CREATE TABLE "certificate_types" (
	"id" serial PRIMARY KEY NOT NULL,
	"owner_id" integer NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" text
);
--> statement-breakpoint
CREATE TABLE "certificates" (
	"id" serial PRIMARY KEY NOT NULL,
	"owner_id" integer NOT NULL,
	"type_id" integer NOT NULL,
	"sub_type_id" integer NOT NULL,
	"dimension_id" integer NOT NULL,
	"certificate_number" text NOT NULL,
	"manufacturer" text,
	"quality" text,
	"certified_to_code" text,
	"date_signed" date,
	"certificate_issued_by" text,
	"other_information" text,
	"color" text DEFAULT 'none' NOT NULL,
	"file_id" integer,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" text
);
--> statement-breakpoint
CREATE TABLE "chips" (
	"chip_id" text PRIMARY KEY NOT NULL,
	"equipment_id" integer,
	"user_id" integer,
	"date_registered" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text,
	CONSTRAINT "chips_one_holder" CHECK (("chips"."equipment_id" is null) <> ("chips"."user_id" is null))
);
--> statement-breakpoint
CREATE TABLE "dimensions" (
	"id" serial PRIMARY KEY NOT NULL,
	"sub_type_id" integer NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" text
);
--> statement-breakpoint
CREATE TABLE "download_tokens" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "equipment" (
	"id" serial PRIMARY KEY NOT NULL,
	"stamped_id" text NOT NULL,
	"certificate_id" integer,
	"parent_id" integer,
	"description" text,
	"length" numeric(12, 2),
	"comment" text,
	"hidden" boolean DEFAULT false NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" text
);
--> statement-breakpoint
CREATE TABLE "equipment_history" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"equipment_id" integer NOT NULL,
	"stamped_id" text NOT NULL,
	"certificate_id" integer,
	"length" numeric(12, 2),
	"hidden" boolean NOT NULL,
	"comment" text,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"changed_by" text
);
--> statement-breakpoint
CREATE TABLE "equipment_latest_status" (
	"equipment_id" integer PRIMARY KEY NOT NULL,
	"event_item_id" bigint NOT NULL,
	"event_id" integer NOT NULL,
	"event_date" date NOT NULL,
	"status_id" integer,
	"color" text
);
--> statement-breakpoint
CREATE TABLE "equipment_tags" (
	"id" serial PRIMARY KEY NOT NULL,
	"stamped_id" text NOT NULL,
	"tag" text NOT NULL,
	"color" text DEFAULT 'default' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" text
);
--> statement-breakpoint
CREATE TABLE "event_item_images" (
	"id" serial PRIMARY KEY NOT NULL,
	"event_item_id" bigint NOT NULL,
	"file_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" text
);
--> statement-breakpoint
CREATE TABLE "event_items" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"event_id" integer NOT NULL,
	"equipment_id" integer NOT NULL,
	"sequence" integer NOT NULL,
	"status_id" integer,
	"comment" text,
	"notification" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" text
);
--> statement-breakpoint
CREATE TABLE "events" (
	"id" serial PRIMARY KEY NOT NULL,
	"type_id" integer NOT NULL,
	"rig_id" integer NOT NULL,
	"project_id" integer NOT NULL,
	"event_location" text,
	"event_date" date NOT NULL,
	"ahv" text,
	"comment" text,
	"document_no" text,
	"responsible" text,
	"company" text,
	"is_renewal" boolean DEFAULT false NOT NULL,
	"category" text,
	"reset_age" boolean DEFAULT false NOT NULL,
	"age_at_reset" numeric(6, 2),
	"file_id" integer,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" text,
	CONSTRAINT "events_age_at_reset" CHECK (not "events"."reset_age" or "events"."is_renewal" or "events"."age_at_reset" is not null)
);
--> statement-breakpoint
CREATE TABLE "files" (
	"id" serial PRIMARY KEY NOT NULL,
	"file_name" text NOT NULL,
	"content_type" text NOT NULL,
	"size" integer NOT NULL,
	"sha256" text NOT NULL,
	"data" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" text
);
--> statement-breakpoint
CREATE TABLE "folders" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"parent_id" integer,
	"name" text NOT NULL,
	"color" text DEFAULT 'default' NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" text,
	CONSTRAINT "folders_parent_kind" CHECK (("folders"."kind" in ('eventType', 'rig')) = ("folders"."parent_id" is null))
);
--> statement-breakpoint
CREATE TABLE "help_files" (
	"id" serial PRIMARY KEY NOT NULL,
	"file_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" text
);
--> statement-breakpoint
CREATE TABLE "outbox_mails" (
	"id" serial PRIMARY KEY NOT NULL,
	"to" text NOT NULL,
	"subject" text NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	"error" text
);
--> statement-breakpoint
CREATE TABLE "owners" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"short_code" text DEFAULT '' NOT NULL,
	"label" text DEFAULT 'default' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" text
);
--> statement-breakpoint
CREATE TABLE "password_reset_codes" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"code_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"ip" text
);
--> statement-breakpoint
CREATE TABLE "user_owners" (
	"user_id" integer NOT NULL,
	"owner_id" integer NOT NULL,
	CONSTRAINT "user_owners_user_id_owner_id_pk" PRIMARY KEY("user_id","owner_id")
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" serial PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"alias" text,
	"password_hash" text,
	"user_type" smallint DEFAULT 0 NOT NULL,
	"user_level" smallint DEFAULT 0 NOT NULL,
	"all_owners" boolean DEFAULT false NOT NULL,
	"current_owner_id" integer,
	"failed_logins" integer DEFAULT 0 NOT NULL,
	"locked_until" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" text,
	CONSTRAINT "users_level_range" CHECK ("users"."user_level" between 0 and 5),
	CONSTRAINT "users_type_range" CHECK ("users"."user_type" in (0, 1))
);
--> statement-breakpoint
ALTER TABLE "backups" ADD CONSTRAINT "backups_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "certificate_sub_types" ADD CONSTRAINT "certificate_sub_types_certificate_type_id_certificate_types_id_fk" FOREIGN KEY ("certificate_type_id") REFERENCES "public"."certificate_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "certificate_types" ADD CONSTRAINT "certificate_types_owner_id_owners_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."owners"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "certificates" ADD CONSTRAINT "certificates_owner_id_owners_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."owners"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "certificates" ADD CONSTRAINT "certificates_type_id_certificate_types_id_fk" FOREIGN KEY ("type_id") REFERENCES "public"."certificate_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "certificates" ADD CONSTRAINT "certificates_sub_type_id_certificate_sub_types_id_fk" FOREIGN KEY ("sub_type_id") REFERENCES "public"."certificate_sub_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "certificates" ADD CONSTRAINT "certificates_dimension_id_dimensions_id_fk" FOREIGN KEY ("dimension_id") REFERENCES "public"."dimensions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "certificates" ADD CONSTRAINT "certificates_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chips" ADD CONSTRAINT "chips_equipment_id_equipment_id_fk" FOREIGN KEY ("equipment_id") REFERENCES "public"."equipment"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chips" ADD CONSTRAINT "chips_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dimensions" ADD CONSTRAINT "dimensions_sub_type_id_certificate_sub_types_id_fk" FOREIGN KEY ("sub_type_id") REFERENCES "public"."certificate_sub_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "download_tokens" ADD CONSTRAINT "download_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "equipment" ADD CONSTRAINT "equipment_certificate_id_certificates_id_fk" FOREIGN KEY ("certificate_id") REFERENCES "public"."certificates"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "equipment" ADD CONSTRAINT "equipment_parent_id_equipment_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."equipment"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "equipment_history" ADD CONSTRAINT "equipment_history_equipment_id_equipment_id_fk" FOREIGN KEY ("equipment_id") REFERENCES "public"."equipment"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "equipment_latest_status" ADD CONSTRAINT "equipment_latest_status_equipment_id_equipment_id_fk" FOREIGN KEY ("equipment_id") REFERENCES "public"."equipment"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "equipment_latest_status" ADD CONSTRAINT "equipment_latest_status_event_item_id_event_items_id_fk" FOREIGN KEY ("event_item_id") REFERENCES "public"."event_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_item_images" ADD CONSTRAINT "event_item_images_event_item_id_event_items_id_fk" FOREIGN KEY ("event_item_id") REFERENCES "public"."event_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_item_images" ADD CONSTRAINT "event_item_images_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_items" ADD CONSTRAINT "event_items_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_items" ADD CONSTRAINT "event_items_equipment_id_equipment_id_fk" FOREIGN KEY ("equipment_id") REFERENCES "public"."equipment"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_items" ADD CONSTRAINT "event_items_status_id_folders_id_fk" FOREIGN KEY ("status_id") REFERENCES "public"."folders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_type_id_folders_id_fk" FOREIGN KEY ("type_id") REFERENCES "public"."folders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_rig_id_folders_id_fk" FOREIGN KEY ("rig_id") REFERENCES "public"."folders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_project_id_folders_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."folders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "folders" ADD CONSTRAINT "folders_parent_id_folders_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."folders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "help_files" ADD CONSTRAINT "help_files_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "password_reset_codes" ADD CONSTRAINT "password_reset_codes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_owners" ADD CONSTRAINT "user_owners_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_owners" ADD CONSTRAINT "user_owners_owner_id_owners_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."owners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "certificate_sub_types_type_name_key" ON "certificate_sub_types" USING btree ("certificate_type_id",lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "certificate_types_owner_name_key" ON "certificate_types" USING btree ("owner_id",lower("name"));--> statement-breakpoint
CREATE INDEX "certificates_owner_idx" ON "certificates" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX "certificates_catalogue_idx" ON "certificates" USING btree ("owner_id","type_id","sub_type_id","dimension_id");--> statement-breakpoint
CREATE INDEX "certificates_number_trgm" ON "certificates" USING gin ("certificate_number" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "chips_equipment_idx" ON "chips" USING btree ("equipment_id");--> statement-breakpoint
CREATE UNIQUE INDEX "chips_user_key" ON "chips" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "dimensions_sub_type_name_key" ON "dimensions" USING btree ("sub_type_id",lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "equipment_stamped_id_key" ON "equipment" USING btree ("stamped_id");--> statement-breakpoint
CREATE INDEX "equipment_certificate_idx" ON "equipment" USING btree ("certificate_id");--> statement-breakpoint
CREATE INDEX "equipment_parent_idx" ON "equipment" USING btree ("parent_id");--> statement-breakpoint
CREATE INDEX "equipment_unlinked_idx" ON "equipment" USING btree ("id") WHERE "equipment"."certificate_id" is null;--> statement-breakpoint
CREATE INDEX "equipment_stamped_id_trgm" ON "equipment" USING gin ("stamped_id" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "equipment_history_equipment_idx" ON "equipment_history" USING btree ("equipment_id","changed_at");--> statement-breakpoint
CREATE INDEX "equipment_latest_status_color_idx" ON "equipment_latest_status" USING btree ("color");--> statement-breakpoint
CREATE UNIQUE INDEX "equipment_tags_stamped_tag_key" ON "equipment_tags" USING btree ("stamped_id","tag");--> statement-breakpoint
CREATE INDEX "event_item_images_item_idx" ON "event_item_images" USING btree ("event_item_id");--> statement-breakpoint
CREATE UNIQUE INDEX "event_items_event_equipment_key" ON "event_items" USING btree ("event_id","equipment_id");--> statement-breakpoint
CREATE INDEX "event_items_event_sequence_idx" ON "event_items" USING btree ("event_id","sequence");--> statement-breakpoint
CREATE INDEX "event_items_equipment_idx" ON "event_items" USING btree ("equipment_id","event_id");--> statement-breakpoint
CREATE INDEX "event_items_status_idx" ON "event_items" USING btree ("status_id");--> statement-breakpoint
CREATE INDEX "event_items_notification_idx" ON "event_items" USING btree ("equipment_id") WHERE "event_items"."notification";--> statement-breakpoint
CREATE INDEX "events_date_idx" ON "events" USING btree ("event_date" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "events_type_idx" ON "events" USING btree ("type_id","event_date" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "events_rig_idx" ON "events" USING btree ("rig_id","event_date" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "events_project_idx" ON "events" USING btree ("project_id");--> statement-breakpoint
CREATE INDEX "events_created_by_idx" ON "events" USING btree ("created_by","event_date" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "folders_parent_name_key" ON "folders" USING btree ("kind",coalesce("parent_id", 0),lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "folders_one_default_key" ON "folders" USING btree ("kind",coalesce("parent_id", 0)) WHERE "folders"."is_default";--> statement-breakpoint
CREATE INDEX "folders_parent_idx" ON "folders" USING btree ("parent_id");--> statement-breakpoint
CREATE UNIQUE INDEX "help_files_file_key" ON "help_files" USING btree ("file_id");--> statement-breakpoint
CREATE UNIQUE INDEX "owners_name_key" ON "owners" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "password_reset_codes_user_idx" ON "password_reset_codes" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sessions_token_hash_key" ON "sessions" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "sessions_user_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "user_owners_owner_idx" ON "user_owners" USING btree ("owner_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_key" ON "users" USING btree (lower("email"));--> statement-breakpoint
CREATE UNIQUE INDEX "users_alias_key" ON "users" USING btree (lower("alias"));