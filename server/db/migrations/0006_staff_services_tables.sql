CREATE TABLE "image_groups" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"entity" text NOT NULL,
	"entity_id" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "images" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"image_group_id" integer NOT NULL,
	"path" text NOT NULL,
	"url" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"type" text NOT NULL,
	"version" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "labels" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"title" text NOT NULL,
	"icon" text DEFAULT '' NOT NULL,
	"color" text NOT NULL,
	"font_color" text NOT NULL,
	"entity" smallint NOT NULL,
	"deleted" boolean DEFAULT false NOT NULL,
	"not_editable" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rights_changes" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"changed_by" integer NOT NULL,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"changes" jsonb DEFAULT '[]'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "service_composite_links" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"composite_id" integer NOT NULL,
	"service_id" integer NOT NULL,
	"position" integer NOT NULL,
	"duration" integer,
	"price_min" integer,
	"price_max" integer
);
--> statement-breakpoint
CREATE TABLE "service_staff" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"service_id" integer NOT NULL,
	"staff_id" integer NOT NULL,
	"seance_length" integer NOT NULL,
	"technological_card_id" integer,
	CONSTRAINT "service_staff_service_staff_unique" UNIQUE("service_id","staff_id")
);
--> statement-breakpoint
ALTER TABLE "positions" ADD COLUMN "services_binding_type" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "service_categories" ADD COLUMN "api_id" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "service_categories" ADD COLUMN "booking_title" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "service_categories" ADD COLUMN "sex" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "service_categories" ADD COLUMN "is_chain" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "service_categories" ADD COLUMN "translations" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "service_categories" ADD COLUMN "deleted" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "services" ADD COLUMN "weight" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "services" ADD COLUMN "comment" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "services" ADD COLUMN "is_online" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "services" ADD COLUMN "technical_break_duration" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "services" ADD COLUMN "is_composite" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "services" ADD COLUMN "description" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "services" ADD COLUMN "composite_settings" jsonb;--> statement-breakpoint
ALTER TABLE "services" ADD COLUMN "is_chain" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "services" ADD COLUMN "chain_price_min" integer;--> statement-breakpoint
ALTER TABLE "services" ADD COLUMN "chain_price_max" integer;--> statement-breakpoint
ALTER TABLE "services" ADD COLUMN "chain_comment" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "services" ADD COLUMN "is_price_managed_only_in_chain" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "services" ADD COLUMN "is_comment_managed_only_in_chain" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "services" ADD COLUMN "translations" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "services" ADD COLUMN "options" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "services" ADD COLUMN "image_group_id" integer;--> statement-breakpoint
ALTER TABLE "services" ADD COLUMN "deleted" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "staff" ADD COLUMN "information" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "staff" ADD COLUMN "show_rating" smallint DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "staff" ADD COLUMN "rating_x100" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "staff" ADD COLUMN "votes_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "staff" ADD COLUMN "comments_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "staff" ADD COLUMN "deleted" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "staff" ADD COLUMN "date_dismissal" date;--> statement-breakpoint
ALTER TABLE "staff" ADD COLUMN "dismissal_reason" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "staff" ADD COLUMN "schedule_till" date;--> statement-breakpoint
ALTER TABLE "staff" ADD COLUMN "bookable" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "staff" ADD COLUMN "has_access_timetable" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "staff" ADD COLUMN "image_group_id" integer;--> statement-breakpoint
ALTER TABLE "staff" ADD COLUMN "notifications" jsonb;--> statement-breakpoint
ALTER TABLE "image_groups" ADD CONSTRAINT "image_groups_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "images" ADD CONSTRAINT "images_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "images" ADD CONSTRAINT "images_image_group_id_image_groups_id_fk" FOREIGN KEY ("image_group_id") REFERENCES "public"."image_groups"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "labels" ADD CONSTRAINT "labels_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rights_changes" ADD CONSTRAINT "rights_changes_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rights_changes" ADD CONSTRAINT "rights_changes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rights_changes" ADD CONSTRAINT "rights_changes_changed_by_users_id_fk" FOREIGN KEY ("changed_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_composite_links" ADD CONSTRAINT "service_composite_links_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_composite_links" ADD CONSTRAINT "service_composite_links_composite_id_services_id_fk" FOREIGN KEY ("composite_id") REFERENCES "public"."services"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_composite_links" ADD CONSTRAINT "service_composite_links_service_id_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."services"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_staff" ADD CONSTRAINT "service_staff_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_staff" ADD CONSTRAINT "service_staff_service_id_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."services"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_staff" ADD CONSTRAINT "service_staff_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "image_groups_entity_unique" ON "image_groups" USING btree ("company_id","entity","entity_id");--> statement-breakpoint
CREATE INDEX "images_group_idx" ON "images" USING btree ("image_group_id");--> statement-breakpoint
CREATE INDEX "labels_company_entity_idx" ON "labels" USING btree ("company_id","entity");--> statement-breakpoint
CREATE INDEX "rights_changes_company_user_idx" ON "rights_changes" USING btree ("company_id","user_id");--> statement-breakpoint
CREATE INDEX "service_composite_links_composite_idx" ON "service_composite_links" USING btree ("composite_id");--> statement-breakpoint
CREATE INDEX "service_composite_links_service_idx" ON "service_composite_links" USING btree ("service_id");--> statement-breakpoint
CREATE INDEX "service_staff_staff_idx" ON "service_staff" USING btree ("staff_id");--> statement-breakpoint
CREATE INDEX "service_staff_company_idx" ON "service_staff" USING btree ("company_id");--> statement-breakpoint
CREATE UNIQUE INDEX "positions_company_title_unique" ON "positions" USING btree ("company_id",lower("title"));