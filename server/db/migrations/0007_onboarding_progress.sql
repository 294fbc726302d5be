CREATE TABLE "onboarding_progress" (
	"id" integer PRIMARY KEY NOT NULL,
	"company_id" integer,
	"user_id" integer,
	"contact_key" text NOT NULL,
	"version" smallint NOT NULL,
	"phone" text,
	"phone_country" text,
	"email" text,
	"phone_confirmed_at" timestamp with time zone,
	"email_confirmed_at" timestamp with time zone,
	"confirmation_channel" text,
	"call_count" integer DEFAULT 0 NOT NULL,
	"last_completed_step" smallint,
	"name" text,
	"company_title" text,
	"promo_code" text,
	"position_id" smallint,
	"place_count_id" smallint,
	"staff_count_id" smallint,
	"is_provide_services_by_myself" boolean,
	"referral_source_id" smallint,
	"purposes" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"custom_purpose" text,
	"country_id" integer,
	"city_id" integer,
	"business_type_id" integer,
	"business_group_id" integer,
	"ab_group_percentage" smallint,
	"referer_full" text,
	"entry_page" text,
	"referer_domain" text,
	"form_complete_speed" integer,
	"utm" jsonb,
	"utm_uuid" text,
	"languages" text[] DEFAULT '{}'::text[] NOT NULL,
	"language_id" smallint,
	"completed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "onboarding_tokens" (
	"id" serial PRIMARY KEY NOT NULL,
	"progress_id" integer NOT NULL,
	"token_hash" text NOT NULL,
	"confirmed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "onboarding_tokens_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
ALTER TABLE "onboarding_progress" ADD CONSTRAINT "onboarding_progress_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "onboarding_progress" ADD CONSTRAINT "onboarding_progress_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "onboarding_tokens" ADD CONSTRAINT "onboarding_tokens_progress_id_onboarding_progress_id_fk" FOREIGN KEY ("progress_id") REFERENCES "public"."onboarding_progress"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "onboarding_progress_open_contact_unique" ON "onboarding_progress" USING btree ("contact_key") WHERE "onboarding_progress"."completed_at" is null;--> statement-breakpoint
CREATE INDEX "onboarding_progress_user_idx" ON "onboarding_progress" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "onboarding_tokens_progress_idx" ON "onboarding_tokens" USING btree ("progress_id");