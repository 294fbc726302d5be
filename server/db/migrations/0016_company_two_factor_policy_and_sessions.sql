ALTER TABLE "auth_sessions" ADD COLUMN "last_active_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "auth_sessions" ADD COLUMN "switched_from_session_id" uuid;--> statement-breakpoint
ALTER TABLE "company_security" ADD COLUMN "two_factor_required_for" text DEFAULT 'nobody' NOT NULL;--> statement-breakpoint
ALTER TABLE "switch_user_tokens" ADD COLUMN "issued_by_session_id" uuid;--> statement-breakpoint
-- A company that required a second factor before required it of everyone.
UPDATE "company_security" SET "two_factor_required_for" = 'everyone' WHERE "two_factor_required";--> statement-breakpoint
ALTER TABLE "company_security" DROP COLUMN "two_factor_required";