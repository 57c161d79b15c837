CREATE TABLE "signing_certificates" (
	"id" smallint PRIMARY KEY NOT NULL,
	"p12" "bytea" NOT NULL,
	"passphrase" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
-- One certificate for the whole database (decision 078).
ALTER TABLE "signing_certificates" ADD CONSTRAINT "signing_certificates_one" CHECK ("id" = 1);
