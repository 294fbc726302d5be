CREATE TABLE "missing_translation_keys" (
	"language" text NOT NULL,
	"key" text NOT NULL,
	"count" integer DEFAULT 1 NOT NULL,
	"first_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_reported_by" integer,
	CONSTRAINT "missing_translation_keys_language_key_pk" PRIMARY KEY("language","key")
);
