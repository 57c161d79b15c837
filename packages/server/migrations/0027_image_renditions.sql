CREATE TABLE "image_renditions" (
	"file_id" integer NOT NULL,
	"size" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"data" "bytea" NOT NULL,
	CONSTRAINT "image_renditions_file_id_size_pk" PRIMARY KEY("file_id","size"),
	CONSTRAINT "image_renditions_size" CHECK ("image_renditions"."size" in ('large', 'thumb'))
);
--> statement-breakpoint
ALTER TABLE "files" ADD COLUMN "image_width" integer;--> statement-breakpoint
ALTER TABLE "files" ADD COLUMN "image_height" integer;--> statement-breakpoint
ALTER TABLE "image_renditions" ADD CONSTRAINT "image_renditions_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "files_created_at_idx" ON "files" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "files_image_unread_idx" ON "files" USING btree ("id") WHERE "files"."content_type" like 'image/%' and "files"."image_width" is null;