ALTER TABLE "company_users" ADD COLUMN "access_overrides" jsonb;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "page_flags" text[] DEFAULT '{}'::text[] NOT NULL;