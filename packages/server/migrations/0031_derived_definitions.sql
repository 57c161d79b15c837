CREATE TABLE "derived_definitions" (
	"name" text PRIMARY KEY NOT NULL,
	"hash" text NOT NULL,
	"sql" text NOT NULL,
	"objects" text[] NOT NULL,
	"applied_at" timestamp with time zone DEFAULT now() NOT NULL
);
